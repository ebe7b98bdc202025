import type { PaymentStatus } from '@careslot/contracts';
import type { Connection } from '../../platform/db';

export interface OrgConfigRow {
  organization_id: string;
  enable_online_payment: boolean;
  gateway_name: string | null;
  account_number: string | null;
  /** The cancellation policy (decision 0042): refunded when cancelled this many hours ahead; null: never. */
  cancel_refund_hours?: number | null;
}
export interface LocationConfigRow {
  location_id: string;
  organization_id: string;
  gateway_name: string | null;
  account_number: string | null;
}
export interface EntityConfigRow {
  organization_id: string;
  entity_type: string;
  entity_id: string;
  visit_fee_enabled: boolean;
  insured_amount: string | number;
  uninsured_amount: string | number;
}

export async function orgConfig(db: Connection, organizationId: string): Promise<OrgConfigRow | null> {
  const rows = await db.query<OrgConfigRow>('select * from payment_org_configs where organization_id = $1', [organizationId]);
  return rows[0] ?? null;
}

export async function locationConfig(db: Connection, organizationId: string, locationId: string): Promise<LocationConfigRow | null> {
  const rows = await db.query<LocationConfigRow>('select * from payment_location_configs where location_id = $1 and organization_id = $2', [locationId, organizationId]);
  return rows[0] ?? null;
}

export async function entityConfig(db: Connection, organizationId: string, entityType: string, entityId: string): Promise<EntityConfigRow | null> {
  const rows = await db.query<EntityConfigRow>(
    'select * from payment_entity_configs where organization_id = $1 and entity_type = $2 and entity_id = $3',
    [organizationId, entityType.toLowerCase(), entityId],
  );
  return rows[0] ?? null;
}

export async function upsertOrgConfig(db: Connection, row: OrgConfigRow): Promise<void> {
  await db.query(
    `insert into payment_org_configs (organization_id, enable_online_payment, gateway_name, account_number) values ($1, $2, $3, $4)
     on conflict (organization_id) do update set enable_online_payment = excluded.enable_online_payment,
       gateway_name = excluded.gateway_name, account_number = excluded.account_number`,
    [row.organization_id, row.enable_online_payment, row.gateway_name, row.account_number],
  );
}

export async function upsertEntityConfig(db: Connection, row: EntityConfigRow): Promise<void> {
  await db.query(
    `insert into payment_entity_configs (organization_id, entity_type, entity_id, visit_fee_enabled, insured_amount, uninsured_amount)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (organization_id, entity_type, entity_id) do update set visit_fee_enabled = excluded.visit_fee_enabled,
       insured_amount = excluded.insured_amount, uninsured_amount = excluded.uninsured_amount`,
    [row.organization_id, row.entity_type.toLowerCase(), row.entity_id, row.visit_fee_enabled, row.insured_amount, row.uninsured_amount],
  );
}

export async function customerOf(db: Connection, patientId: string, gateway: string): Promise<string | null> {
  const rows = await db.query<{ customer_reference: string }>('select customer_reference from payment_customers where patient_id = $1 and gateway = $2', [patientId, gateway]);
  return rows[0]?.customer_reference ?? null;
}

/** Keeps the first customer when two requests create one at once; returns the one kept. */
export async function saveCustomer(db: Connection, patientId: string, gateway: string, reference: string): Promise<string> {
  await db.query('insert into payment_customers (patient_id, gateway, customer_reference) values ($1, $2, $3) on conflict do nothing', [patientId, gateway, reference]);
  return (await customerOf(db, patientId, gateway))!;
}

export interface TransactionRow {
  id: string;
  patient_id: string;
  organization_id: string;
  appointment_id: string | null;
  gateway: string;
  gateway_reference: string | null;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  payment_method_id: string | null;
  card_details: string | null;
  failure: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  captured_at: Date | string | null;
  claim_id: string | null;
  claim_schedule_id: string | null;
  claim_start_at: Date | string | null;
  claim_session_id: string | null;
  capture_reference: string | null;
}

export async function insertTransaction(
  db: Connection,
  row: { id: string; patientId: string; organizationId: string; gateway: string; amountCents: number; currency: string; paymentMethodId: string | null; cardDetails: string | null; createdBy: string; now: Date },
): Promise<void> {
  await db.query(
    `insert into payment_transactions (id, patient_id, organization_id, gateway, amount_cents, currency, status, payment_method_id, card_details, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'Pending', $7, $8, $9, $10, $10)`,
    [row.id, row.patientId, row.organizationId, row.gateway, row.amountCents, row.currency, row.paymentMethodId, row.cardDetails, row.createdBy, row.now.toISOString()],
  );
}

/** A wallet transaction's order at the wallet (kept where a card transaction keeps its card). */
export async function setWalletOrder(db: Connection, id: string, orderId: string): Promise<void> {
  await db.query('update payment_transactions set payment_method_id = $2 where id = $1', [id, orderId]);
}

export async function transaction(db: Connection, id: string): Promise<TransactionRow | null> {
  const rows = await db.query<TransactionRow>('select * from payment_transactions where id = $1', [id]);
  return rows[0] ?? null;
}

const STAMP: Partial<Record<PaymentStatus, string>> = { Captured: 'captured_at', Canceled: 'canceled_at', Refunded: 'refunded_at' };

/**
 * Moves a transaction to `to` only from one of the `from` states; null when it was not in one of them
 * (another call moved it first), so every transition happens once.
 */
export async function transition(
  db: Connection,
  id: string,
  from: PaymentStatus[],
  to: PaymentStatus,
  now: Date,
  extra: { gatewayReference?: string | null; failure?: string | null; captureReference?: string | null } = {},
): Promise<TransactionRow | null> {
  const stamp = STAMP[to];
  const rows = await db.query<TransactionRow>(
    `update payment_transactions set status = $3, updated_at = $4,
       gateway_reference = coalesce($5, gateway_reference), failure = coalesce($6, failure),
       capture_reference = coalesce($7, capture_reference)${stamp ? `, ${stamp} = $4` : ''}
     where id = $1 and status = any($2::text[]) returning *`,
    [id, from, to, now.toISOString(), extra.gatewayReference ?? null, extra.failure ?? null, extra.captureReference ?? null],
  );
  return rows[0] ?? null;
}

/** The slot hold a booking books from: what the reconciler gives back when that booking never commits. */
export interface ClaimedHold {
  scheduleId: string;
  start: Date;
  /** The hold session (SessionId cookie, else the signed-in user); null when the booking held nothing. */
  sessionId: string | null;
}

/**
 * A booking claims an open authorization for the appointment it is about to create, noting the hold it books
 * from; false when the authorization is not open or another booking claimed it first (one payment pays for
 * one appointment).
 */
export async function claimForAppointment(db: Connection, id: string, appointmentId: string, now: Date, hold: ClaimedHold | null = null): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update payment_transactions set claim_id = $2, updated_at = $3, claim_schedule_id = $4, claim_start_at = $5, claim_session_id = $6
     where id = $1 and claim_id is null and appointment_id is null and status = 'Uncaptured' returning id`,
    [id, appointmentId, now.toISOString(), hold?.scheduleId ?? null, hold?.start.toISOString() ?? null, hold?.sessionId ?? null],
  );
  return rows.length === 1;
}

/** Inside the booking transaction: the claimed authorization now pays for the appointment. */
export async function attachToAppointment(db: Connection, id: string, appointmentId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    "update payment_transactions set appointment_id = $2 where id = $1 and claim_id = $2 and appointment_id is null and status = 'Uncaptured' returning id",
    [id, appointmentId],
  );
  return rows.length === 1;
}

export async function latestTransactions(db: Connection, patientId: string, organizationId: string | null): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    `select * from payment_transactions where patient_id = $1 and ($2::uuid is null or organization_id = $2)
     and status in ('Captured', 'Uncaptured', 'Refunded') order by created_at desc limit 50`,
    [patientId, organizationId],
  );
}

/**
 * Authorizations still open (Uncaptured), and payments whose authorization never finished (Pending: a crash
 * or a lost answer between our row and the gateway's), not touched since `before`: the reconciler's work list.
 */
export async function openAuthorizations(db: Connection, before: Date): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    "select * from payment_transactions where status in ('Uncaptured', 'Pending') and updated_at < $1 order by created_at limit 100",
    [before.toISOString()],
  );
}

/** Cancels a payment whose authorization never finished (still Pending, paying for nothing); false when it moved on. */
export async function cancelIfPending(db: Connection, id: string, now: Date, gatewayReference: string | null): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update payment_transactions set status = 'Canceled', canceled_at = $2, updated_at = $2, gateway_reference = coalesce($3, gateway_reference),
       failure = coalesce(failure, 'authorization not finished')
     where id = $1 and status = 'Pending' and appointment_id is null returning id`,
    [id, now.toISOString(), gatewayReference],
  );
  return rows.length === 1;
}

/** Cancels an open authorization that pays for no appointment; false when it does or is no longer open. */
export async function cancelIfUnattached(db: Connection, id: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    "update payment_transactions set status = 'Canceled', canceled_at = $2, updated_at = $2 where id = $1 and status = 'Uncaptured' and appointment_id is null returning id",
    [id, now.toISOString()],
  );
  return rows.length === 1;
}

export async function transactionsOfAppointment(db: Connection, appointmentId: string): Promise<TransactionRow[]> {
  return db.query<TransactionRow>('select * from payment_transactions where appointment_id = $1 order by created_at', [appointmentId]);
}
