import { randomUUID } from 'node:crypto';
import type {
  Invoice,
  InvoiceAggregate,
  InvoiceCategory,
  InvoiceCreate,
  InvoicePage,
  InvoiceSearch,
  PaymentTransaction,
} from '@careslot/contracts';
import { authorize, authorizePractice, notFoundAudited, recordList } from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { Connection } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { patientCardsByIds } from '../patients';
import * as ledger from './invoice-store';
import { toTransaction } from './service';
import * as store from './store';

/**
 * Invoices and their ledger (decision 0098): one invoice per visit, made by the consumer of the appointment's
 * durable events; other invoices by the practice. Every movement of money is one entry keyed by what it is for
 * (`charge:visit_fee:<transaction>`, `payment:<transaction>`, `refund:<refund>`...), so posting twice posts once,
 * and the balance is the sum of the entries (integer cents).
 */

type Deps = Pick<AppDeps, 'database' | 'clock'>;

export const INVOICE_WORKFLOW = 'Billing_Invoices_Web';

/** The payment statuses in which the visit fee is owed (held, taken, or taken and given back). */
const OWED = new Set(['Uncaptured', 'Captured', 'Refunded']);
const PAID = new Set(['Captured', 'Refunded']);

/**
 * Posts what a visit's payments say into its invoice (inside the invoice's lock): the fee as a charge, and a
 * taken payment as a payment. Run by the consumer and after a capture; both may run, each posts once.
 */
async function postPaymentsOf(tx: Connection, invoice: ledger.InvoiceRow, now: Date): Promise<void> {
  if (!invoice.appointment_id) return;
  for (const row of await store.transactionsOfAppointment(tx, invoice.appointment_id)) {
    if (!OWED.has(row.status)) continue;
    await ledger.appendEntry(tx, {
      id: randomUUID(),
      invoiceId: invoice.id,
      kind: 'charge',
      category: 'visit_fee',
      amountCents: row.amount_cents,
      description: 'Visit fee',
      transactionId: row.id,
      key: `charge:visit_fee:${row.id}`,
      createdBy: null,
      now,
    });
    if (!PAID.has(row.status)) continue;
    await ledger.appendEntry(tx, {
      id: randomUUID(),
      invoiceId: invoice.id,
      kind: 'payment',
      category: 'visit_fee',
      amountCents: -row.amount_cents,
      description: row.card_details ? `Card ${row.card_details.slice(-4)}` : row.gateway,
      transactionId: row.id,
      key: `payment:${row.id}`,
      createdBy: null,
      now,
    });
  }
}

/** The visit's invoice, made when missing (the appointment's event, or a copay asked before it was heard). */
export async function ensureVisitInvoice(
  tx: Connection,
  visit: {
    appointmentId: string;
    organizationId: string;
    patientId: string;
    locationId: string | null;
    eventId: string | null;
  },
  now: Date,
): Promise<ledger.InvoiceRow> {
  await ledger.lockInvoiceOf(tx, visit.appointmentId);
  const existing = await ledger.invoiceOfAppointment(tx, visit.appointmentId);
  const invoice =
    existing ??
    (await ledger.insertInvoice(tx, {
      id: randomUUID(),
      organizationId: visit.organizationId,
      patientId: visit.patientId,
      appointmentId: visit.appointmentId,
      locationId: visit.locationId,
      sourceEventId: visit.eventId,
      now,
    })) ??
    (await ledger.invoiceOfAppointment(tx, visit.appointmentId))!;
  await postPaymentsOf(tx, invoice, now);
  return invoice;
}

/** After a capture (service.captureTransaction): the payment is posted to its visit's invoice, if made yet. */
export async function postCapturedPayment(deps: Deps, row: store.TransactionRow): Promise<void> {
  if (!row.appointment_id) return;
  const appointmentId = row.appointment_id;
  await deps.database.transaction(async (tx) => {
    await ledger.lockInvoiceOf(tx, appointmentId);
    const invoice = await ledger.invoiceOfAppointment(tx, appointmentId);
    if (invoice) await postPaymentsOf(tx, invoice, deps.clock.now());
  });
}

/**
 * A full refund made outside the practice's refund dialog (the legacy refund-amount calls, a cancelled visit's
 * fee): posted as the money given back and the charge taken off, so the visit owes nothing.
 */
export async function postFullRefund(
  deps: Deps,
  row: store.TransactionRow,
  reason: string,
  amountCents?: number,
): Promise<void> {
  if (!row.appointment_id) return;
  const appointmentId = row.appointment_id;
  await deps.database.transaction(async (tx) => {
    await ledger.lockInvoiceOf(tx, appointmentId);
    const invoice = await ledger.invoiceOfAppointment(tx, appointmentId);
    if (!invoice) return;
    const now = deps.clock.now();
    await postPaymentsOf(tx, invoice, now);
    const refunded = await ledger.refundedOf(tx, row.id);
    const rest = Math.min(amountCents ?? row.amount_cents, row.amount_cents - refunded);
    if (rest <= 0) return;
    await postRefundEntries(tx, invoice.id, {
      key: `transaction:${row.id}`,
      transactionId: row.id,
      refundId: null,
      amountCents: rest,
      reason,
      createdBy: null,
      now,
    });
  });
}

/**
 * A refund on the ledger: the money given back (+), and the charge taken off (-) by as much as the refund is not
 * paid out of a credit (the patient paid more than owed), so a refund never leaves the patient owing it.
 */
export async function postRefundEntries(
  tx: Connection,
  invoiceId: string,
  refund: {
    key: string;
    transactionId: string;
    refundId: string | null;
    amountCents: number;
    reason: string;
    createdBy: string | null;
    now: Date;
  },
): Promise<void> {
  const credit = Math.max(0, -(await ledger.balanceOf(tx, invoiceId)));
  const posted = await ledger.appendEntry(tx, {
    id: randomUUID(),
    invoiceId,
    kind: 'refund',
    category: 'visit_fee',
    amountCents: refund.amountCents,
    description: refund.reason,
    transactionId: refund.transactionId,
    refundId: refund.refundId,
    key: `refund:${refund.key}`,
    createdBy: refund.createdBy,
    now: refund.now,
  });
  const adjustment = refund.amountCents - Math.min(credit, refund.amountCents);
  if (posted && adjustment > 0)
    await ledger.appendEntry(tx, {
      id: randomUUID(),
      invoiceId,
      kind: 'adjustment',
      category: 'visit_fee',
      amountCents: -adjustment,
      description: refund.reason,
      transactionId: refund.transactionId,
      refundId: refund.refundId,
      key: `adjustment:${refund.key}`,
      createdBy: refund.createdBy,
      now: refund.now,
    });
}

/**
 * The appointment's fields the invoicing consumer reads. Payments cannot import the appointments module (which
 * depends on payments), so it names the event type here, as cancellation.ts does.
 */
const APPOINTMENT_CHANGED = 'appointment.changed';
interface VisitFields {
  kind: string;
  appointmentId: string;
  organizationId: string | null;
  patientId: string;
  locationId: string | null;
}

/**
 * The invoicing consumer (decision 0098): a booked or checked-in visit of a practice gets its invoice, with the
 * visit fee its payment holds and the payment once taken. Idempotent by event id (the invoice keeps the event
 * that made it) and by entry key (each movement is posted once).
 */
export function registerInvoicing(deps: Pick<AppDeps, 'database' | 'clock' | 'events'>): void {
  deps.events.subscribe<VisitFields>('payments.invoices', [APPOINTMENT_CHANGED], async (event) => {
    const change = event.payload;
    if (!['booked', 'checked_in', 'status_changed'].includes(change.kind) || !change.organizationId) return;
    const organizationId = change.organizationId;
    await deps.database.transaction((tx) =>
      ensureVisitInvoice(
        tx,
        {
          appointmentId: change.appointmentId,
          organizationId,
          patientId: change.patientId,
          locationId: change.locationId ?? null,
          eventId: event.id,
        },
        deps.clock.now(),
      ),
    );
  });
}

// ---------- reads ----------

function statusOf(row: ledger.InvoiceRow, balance: number): Invoice['Status'] {
  if (row.status === 'Void') return 'Void';
  return balance > 0 ? 'Open' : balance < 0 ? 'Credit' : 'Paid';
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Invoices as the contract shows them: their entries, refunds and sums (and the patient's name for the practice). */
export async function shapeInvoices(
  deps: Pick<AppDeps, 'database'>,
  rows: ledger.InvoiceRow[],
  withNames: boolean,
): Promise<Invoice[]> {
  const ids = rows.map((r) => r.id);
  const [entries, refunds] = await Promise.all([
    ledger.entriesOf(deps.database, ids),
    ledger.refundsOfInvoices(deps.database, ids),
  ]);
  const transactions = new Map<string, string>();
  for (const refund of refunds) {
    const row = await store.transaction(deps.database, refund.transaction_id);
    if (row) transactions.set(row.id, row.gateway);
  }
  const names = withNames
    ? await patientCardsByIds(deps.database, [...new Set(rows.map((r) => r.patient_id))])
    : new Map<string, { FirstName: string; LastName: string }>();
  return rows.map((row) => {
    const own = entries.filter((e) => e.invoice_id === row.id);
    const sum = (kind: string) =>
      own.filter((e) => e.kind === kind).reduce((total, e) => total + Number(e.amount_cents), 0);
    const balance = own.reduce((total, e) => total + Number(e.amount_cents), 0);
    const card = names.get(row.patient_id);
    return {
      Id: row.id,
      OrganizationId: row.organization_id,
      PatientId: row.patient_id,
      PatientName: card ? `${card.FirstName} ${card.LastName}` : null,
      AppointmentId: row.appointment_id,
      LocationId: row.location_id,
      Status: statusOf(row, balance),
      ChargedCents: sum('charge'),
      PaidCents: -sum('payment'),
      RefundedCents: sum('refund'),
      AdjustedCents: -sum('adjustment'),
      BalanceCents: balance,
      Entries: own.map((e) => ({
        Id: e.id,
        Kind: e.kind,
        Category: e.category,
        AmountCents: Number(e.amount_cents),
        Description: e.description,
        TransactionId: e.transaction_id,
        RefundId: e.refund_id,
        CreatedOn: iso(e.created_at),
      })),
      Refunds: refunds
        .filter((r) => r.invoice_id === row.id)
        .map((r) => ({
          Id: r.id,
          TransactionId: r.transaction_id,
          InvoiceId: r.invoice_id,
          AmountCents: Number(r.amount_cents),
          Reason: r.reason,
          Status: r.status,
          Gateway: transactions.get(r.transaction_id) ?? '',
          CreatedOn: iso(r.created_at),
        })),
      CreatedOn: iso(row.created_at),
    };
  });
}

/** The invoice, for the patient (or their account holder) and the practice that owns it; 404 for anyone else. */
export async function invoiceInScope(
  deps: Pick<AppDeps, 'database'>,
  context: RequestContext,
  id: string,
  action: 'read' | 'update' | 'delete',
): Promise<ledger.InvoiceRow> {
  // Only the practice (or a super user with a purpose) changes an invoice; the patient reads it.
  const permits =
    action === 'read' ? undefined : (relation: string) => relation === 'care' || relation === 'support';
  const row = await ledger.invoice(deps.database, id);
  if (!row) return notFoundAudited(context, action, 'invoice', id);
  await authorize(
    context,
    action,
    {
      kind: 'invoice',
      id,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      workflow: INVOICE_WORKFLOW,
    },
    permits,
  );
  return row;
}

export async function getInvoice(deps: Deps, context: RequestContext, id: string): Promise<Invoice> {
  const row = await invoiceInScope(deps, context, id, 'read');
  return (await shapeInvoices(deps, [row], context.patientId === null))[0]!;
}

/** GET v1/invoices/reference-entity?type=Appointment&id=: the visit's invoice. */
export async function invoiceOfReference(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
): Promise<Invoice> {
  const row = await ledger.invoiceOfAppointment(deps.database, appointmentId);
  if (!row) return notFoundAudited(context, 'read', 'invoice', appointmentId);
  return getInvoice(deps, context, row.id);
}

/** POST v1/invoices/advance-search: a practice's invoices (a super user's, any practice's), paged. */
export async function searchInvoices(
  deps: Deps,
  context: RequestContext,
  query: InvoiceSearch,
): Promise<InvoicePage> {
  const organizationId = await authorizePractice(
    context,
    'search',
    {
      organizationId: query.OrganizationId ?? null,
      inCallersPractice: query.OrganizationId === undefined,
      entityType: 'Invoice',
      id: null,
      workflow: INVOICE_WORKFLOW,
    },
    { audit: 'refusals' },
  );
  const { rows, total } = await ledger.searchInvoices(deps.database, {
    organizationId,
    patientId: query.PatientId ?? null,
    status: query.Status ?? null,
    from: query.FromDate ?? null,
    to: query.ToDate ?? null,
    offset: query.Offset,
    limit: query.Limit,
  });
  await recordList(
    context,
    'search',
    'invoice',
    rows.map((r) => r.patient_id),
    { workflow: INVOICE_WORKFLOW, detail: { organizationId, total } },
  );
  return { Data: await shapeInvoices(deps, rows, true), Total: total };
}

/** GET v1/invoiceaggregator/{patientId}: the patient's invoices and balance (the patient's own, or a practice's). */
export async function invoiceAggregate(
  deps: Deps,
  context: RequestContext,
  patientId: string,
  organizationId: string | null,
): Promise<InvoiceAggregate> {
  // A practice reads only its own invoices of the patient; the patient (or account holder) all of theirs.
  const scope = context.patientId === null ? (context.organizationId ?? organizationId) : organizationId;
  await authorize(context, 'read', {
    kind: 'invoice',
    id: null,
    patientId,
    organizationId: scope,
    entityType: 'PatientBalance',
    workflow: INVOICE_WORKFLOW,
  });
  const { rows } = await ledger.searchInvoices(deps.database, {
    organizationId: scope,
    patientId,
    status: null,
    from: null,
    to: null,
    offset: 0,
    limit: 200,
  });
  const invoices = await shapeInvoices(deps, rows, false);
  const live = invoices.filter((i) => i.Status !== 'Void');
  const total = (pick: (i: Invoice) => number) => live.reduce((sum, i) => sum + pick(i), 0);
  return {
    PatientId: patientId,
    OrganizationId: scope,
    BalanceCents: total((i) => i.BalanceCents),
    PaidCents: total((i) => i.PaidCents),
    RefundedCents: total((i) => i.RefundedCents),
    Invoices: invoices,
  };
}

async function postCharges(
  tx: Connection,
  invoiceId: string,
  lines: { Category: InvoiceCategory; AmountCents: number; Description?: string | undefined }[],
  createdBy: string | null,
  now: Date,
): Promise<void> {
  for (const line of lines) {
    const id = randomUUID();
    await ledger.appendEntry(tx, {
      id,
      invoiceId,
      kind: 'charge',
      category: line.Category,
      amountCents: line.AmountCents,
      description: line.Description ?? null,
      key: `charge:${id}`,
      createdBy,
      now,
    });
  }
}

/** POST v1/invoices: other charges for a patient the practice cares for (or a visit's invoice, with its lines). */
export async function createInvoice(
  deps: Deps,
  context: RequestContext,
  input: InvoiceCreate,
): Promise<Invoice> {
  const id = randomUUID();
  // Charges are the practice's to add: its users (or a super user) only, then the patient's relation with it.
  await authorizePractice(
    context,
    'create',
    { organizationId: input.OrganizationId, entityType: 'Invoice', id, workflow: INVOICE_WORKFLOW },
    { audit: 'refusals' },
  );
  await authorize(context, 'create', {
    kind: 'invoice',
    id,
    patientId: input.PatientId,
    organizationId: input.OrganizationId,
    workflow: INVOICE_WORKFLOW,
  });
  const now = deps.clock.now();
  const invoiceId = await deps.database.transaction(async (tx) => {
    if (input.AppointmentId) {
      const visit = await ledger.invoiceOfAppointment(tx, input.AppointmentId);
      if (visit && visit.organization_id !== input.OrganizationId)
        throw fieldError('AppointmentId', 'practice', 'The appointment is not of this practice');
      if (visit) {
        await postCharges(tx, visit.id, input.Lines, context.subject, now);
        return visit.id;
      }
    }
    const created = await ledger.insertInvoice(tx, {
      id,
      organizationId: input.OrganizationId,
      patientId: input.PatientId,
      appointmentId: input.AppointmentId ?? null,
      locationId: null,
      sourceEventId: null,
      now,
    });
    if (!created) throw fieldError('AppointmentId', 'unique', 'The appointment has an invoice already');
    await postCharges(tx, id, input.Lines, context.subject, now);
    return id;
  });
  return (await shapeInvoices(deps, [(await ledger.invoice(deps.database, invoiceId))!], true))[0]!;
}

/** PUT v1/invoices/{id}: more charges, or void (only an invoice nothing was paid on). */
export async function updateInvoice(
  deps: Deps,
  context: RequestContext,
  id: string,
  input: {
    Lines?: { Category: InvoiceCategory; AmountCents: number; Description?: string }[];
    Void?: boolean;
  },
): Promise<Invoice> {
  const row = await invoiceInScope(deps, context, id, input.Void ? 'delete' : 'update');
  await deps.database.transaction(async (tx) => {
    await ledger.lockInvoiceOf(tx, row.appointment_id ?? row.id);
    const now = deps.clock.now();
    if (input.Lines?.length) await postCharges(tx, id, input.Lines, context.subject, now);
    if (input.Void) {
      const paid = (await ledger.entriesOf(tx, [id])).some((e) => e.kind === 'payment');
      if (paid) throw fieldError('Void', 'paid', 'An invoice with payments cannot be voided; refund instead');
      await ledger.setInvoiceStatus(tx, id, 'Void', now);
    }
  });
  return getInvoice(deps, context, id);
}

/** GET paymenttransactions/invoice?invoiceId=: the payments posted to an invoice. */
export async function transactionsOfInvoice(
  deps: Deps,
  context: RequestContext,
  invoiceId: string,
): Promise<PaymentTransaction[]> {
  await invoiceInScope(deps, context, invoiceId, 'read');
  const ids = [
    ...new Set(
      (await ledger.entriesOf(deps.database, [invoiceId]))
        .map((e) => e.transaction_id)
        .filter((t): t is string => t !== null),
    ),
  ];
  const rows = await Promise.all(ids.map((t) => store.transaction(deps.database, t)));
  return rows.filter((r): r is store.TransactionRow => r !== null).map(toTransaction);
}
