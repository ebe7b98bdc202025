import type { InvoiceCategory, InvoiceEntryKind } from '@careslot/contracts';
import type { Connection } from '../../platform/db';

/** SQL of invoices, their ledger entries, practice refunds and copay requests (decision 0098). */

export interface InvoiceRow {
  id: string;
  organization_id: string;
  patient_id: string;
  appointment_id: string | null;
  location_id: string | null;
  status: 'Open' | 'Void';
  created_at: Date | string;
}

export interface EntryRow {
  id: string;
  invoice_id: string;
  kind: InvoiceEntryKind;
  category: InvoiceCategory;
  amount_cents: string | number;
  description: string | null;
  transaction_id: string | null;
  refund_id: string | null;
  created_at: Date | string;
}

export interface RefundRow {
  id: string;
  transaction_id: string;
  invoice_id: string | null;
  organization_id: string;
  patient_id: string;
  amount_cents: string | number;
  reason: string;
  status: 'Pending' | 'Succeeded' | 'Failed';
  idempotency_key: string;
  created_by: string;
  created_at: Date | string;
}

export interface CopayRow {
  id: string;
  invoice_id: string;
  organization_id: string;
  patient_id: string;
  appointment_id: string | null;
  amount_cents: string | number;
  channel: 'email' | 'sms';
  status: 'Sent' | 'Paid' | 'Canceled';
  transaction_id: string | null;
  created_at: Date | string;
}

/** Appends of one invoice (or of one appointment's invoice-to-be) take turns until the transaction ends. */
export async function lockInvoiceOf(tx: Connection, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`invoice:${key}`]);
}

export async function insertInvoice(
  tx: Connection,
  row: {
    id: string;
    organizationId: string;
    patientId: string;
    appointmentId: string | null;
    locationId: string | null;
    sourceEventId: string | null;
    now: Date;
  },
): Promise<InvoiceRow | null> {
  const rows = await tx.query<InvoiceRow>(
    `insert into invoices (id, organization_id, patient_id, appointment_id, location_id, source_event_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7) on conflict do nothing returning *`,
    [
      row.id,
      row.organizationId,
      row.patientId,
      row.appointmentId,
      row.locationId,
      row.sourceEventId,
      row.now.toISOString(),
    ],
  );
  return rows[0] ?? null;
}

export async function invoice(db: Connection, id: string): Promise<InvoiceRow | null> {
  return (await db.query<InvoiceRow>('select * from invoices where id = $1', [id]))[0] ?? null;
}

export async function invoiceOfAppointment(
  db: Connection,
  appointmentId: string,
): Promise<InvoiceRow | null> {
  return (
    (await db.query<InvoiceRow>('select * from invoices where appointment_id = $1', [appointmentId]))[0] ??
    null
  );
}

export async function setInvoiceStatus(db: Connection, id: string, status: 'Open' | 'Void', now: Date) {
  await db.query('update invoices set status = $2, updated_at = $3 where id = $1', [
    id,
    status,
    now.toISOString(),
  ]);
}

/** Appends one ledger entry; false when an entry with this key exists (the movement was posted before). */
export async function appendEntry(
  tx: Connection,
  entry: {
    id: string;
    invoiceId: string;
    kind: InvoiceEntryKind;
    category: InvoiceCategory;
    amountCents: number;
    description: string | null;
    transactionId?: string | null;
    refundId?: string | null;
    key: string;
    createdBy: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into invoice_entries (id, invoice_id, kind, category, amount_cents, description, transaction_id, refund_id, entry_key, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict (entry_key) do nothing returning id`,
    [
      entry.id,
      entry.invoiceId,
      entry.kind,
      entry.category,
      entry.amountCents,
      entry.description,
      entry.transactionId ?? null,
      entry.refundId ?? null,
      entry.key,
      entry.createdBy,
      entry.now.toISOString(),
    ],
  );
  if (rows.length === 1)
    await tx.query('update invoices set updated_at = $2 where id = $1', [
      entry.invoiceId,
      entry.now.toISOString(),
    ]);
  return rows.length === 1;
}

export async function entriesOf(db: Connection, invoiceIds: readonly string[]): Promise<EntryRow[]> {
  if (invoiceIds.length === 0) return [];
  return db.query<EntryRow>(
    `select * from invoice_entries where invoice_id = any($1::uuid[])
      order by created_at, case kind when 'charge' then 0 when 'payment' then 1 when 'refund' then 2 else 3 end, id`,
    [invoiceIds],
  );
}

export async function balanceOf(db: Connection, invoiceId: string): Promise<number> {
  const [row] = await db.query<{ balance: string | number }>(
    'select coalesce(sum(amount_cents), 0) as balance from invoice_entries where invoice_id = $1',
    [invoiceId],
  );
  return Number(row?.balance ?? 0);
}

export interface InvoiceFilter {
  organizationId: string | null;
  patientId: string | null;
  status: string | null;
  from: string | null;
  to: string | null;
  offset: number;
  limit: number;
}

/** A page of invoices, newest first, with the total count; the status is the ledger's (Open, Paid, Credit) or Void. */
export async function searchInvoices(
  db: Connection,
  filter: InvoiceFilter,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where = `where ($1::uuid is null or i.organization_id = $1) and ($2::uuid is null or i.patient_id = $2)
      and ($4::date is null or i.created_at >= $4::date) and ($5::date is null or i.created_at < $5::date + 1)
      and ($3::text is null or (case when i.status = 'Void' then 'Void'
             when b.balance > 0 then 'Open' when b.balance < 0 then 'Credit' else 'Paid' end) = $3)`;
  const from = `from invoices i left join lateral (
      select coalesce(sum(amount_cents), 0) as balance from invoice_entries e where e.invoice_id = i.id) b on true`;
  const params = [filter.organizationId, filter.patientId, filter.status, filter.from, filter.to];
  const rows = await db.query<InvoiceRow>(
    `select i.* ${from} ${where} order by i.created_at desc, i.id limit $6 offset $7`,
    [...params, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ total: string | number }>(
    `select count(*) as total ${from} ${where}`,
    params,
  );
  return { rows, total: Number(count?.total ?? 0) };
}

// ---------- refunds ----------

export async function insertRefund(
  tx: Connection,
  row: {
    id: string;
    transactionId: string;
    invoiceId: string | null;
    organizationId: string;
    patientId: string;
    amountCents: number;
    reason: string;
    idempotencyKey: string;
    createdBy: string;
    now: Date;
  },
): Promise<RefundRow | null> {
  const rows = await tx.query<RefundRow>(
    `insert into payment_refunds (id, transaction_id, invoice_id, organization_id, patient_id, amount_cents, reason, idempotency_key, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (organization_id, idempotency_key) do nothing returning *`,
    [
      row.id,
      row.transactionId,
      row.invoiceId,
      row.organizationId,
      row.patientId,
      row.amountCents,
      row.reason,
      row.idempotencyKey,
      row.createdBy,
      row.now.toISOString(),
    ],
  );
  return rows[0] ?? null;
}

export async function refundByKey(
  db: Connection,
  organizationId: string,
  key: string,
): Promise<RefundRow | null> {
  return (
    (
      await db.query<RefundRow>(
        'select * from payment_refunds where organization_id = $1 and idempotency_key = $2',
        [organizationId, key],
      )
    )[0] ?? null
  );
}

/** What was refunded (or is being refunded) of a payment: every refund not Failed. */
export async function refundedOf(db: Connection, transactionId: string): Promise<number> {
  const [row] = await db.query<{ total: string | number }>(
    `select coalesce(sum(amount_cents), 0) as total from payment_refunds where transaction_id = $1 and status <> 'Failed'`,
    [transactionId],
  );
  return Number(row?.total ?? 0);
}

export async function refundsOfInvoices(db: Connection, invoiceIds: readonly string[]): Promise<RefundRow[]> {
  if (invoiceIds.length === 0) return [];
  return db.query<RefundRow>(
    'select * from payment_refunds where invoice_id = any($1::uuid[]) order by created_at, id',
    [invoiceIds],
  );
}

export async function refundsOfTransaction(db: Connection, transactionId: string): Promise<RefundRow[]> {
  return db.query<RefundRow>('select * from payment_refunds where transaction_id = $1 order by created_at', [
    transactionId,
  ]);
}

export async function finishRefund(
  tx: Connection,
  id: string,
  status: 'Succeeded' | 'Failed',
  now: Date,
  failure: string | null = null,
): Promise<boolean> {
  const rows = await tx.query(
    `update payment_refunds set status = $2, completed_at = $3, failure = $4 where id = $1 and status = 'Pending' returning id`,
    [id, status, now.toISOString(), failure],
  );
  return rows.length === 1;
}

export async function pendingRefunds(db: Connection, before: Date): Promise<RefundRow[]> {
  return db.query<RefundRow>(
    `select * from payment_refunds where status = 'Pending' and created_at < $1 order by created_at limit 100`,
    [before.toISOString()],
  );
}

// ---------- copay requests ----------

export async function insertCopay(
  tx: Connection,
  row: {
    id: string;
    invoiceId: string;
    organizationId: string;
    patientId: string;
    appointmentId: string | null;
    amountCents: number;
    channel: 'email' | 'sms';
    tokenHash: string;
    createdBy: string;
    now: Date;
  },
): Promise<CopayRow> {
  const [created] = await tx.query<CopayRow>(
    `insert into copay_requests (id, invoice_id, organization_id, patient_id, appointment_id, amount_cents, channel, token_hash, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
    [
      row.id,
      row.invoiceId,
      row.organizationId,
      row.patientId,
      row.appointmentId,
      row.amountCents,
      row.channel,
      row.tokenHash,
      row.createdBy,
      row.now.toISOString(),
    ],
  );
  return created!;
}

export async function copayByToken(db: Connection, tokenHash: string): Promise<CopayRow | null> {
  return (
    (await db.query<CopayRow>('select * from copay_requests where token_hash = $1', [tokenHash]))[0] ?? null
  );
}

export async function markCopayPaid(
  tx: Connection,
  id: string,
  transactionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `update copay_requests set status = 'Paid', transaction_id = $2, paid_at = $3 where id = $1 and status = 'Sent' returning id`,
    [id, transactionId, now.toISOString()],
  );
  return rows.length === 1;
}
