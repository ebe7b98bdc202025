import type { PaymentStatus } from '@careslot/contracts';
import type { Connection } from '../../platform/db';
import type { SecretBox } from '../../platform/secrets';

/** A gateway's account fields as stored (decision 0055); credential is a secret only gateways use. */
export interface GatewayColumns {
  gateway_name: string | null;
  account_number: string | null;
  product_id: string | null;
  credential: string | null;
}

export interface OrgConfigRow extends GatewayColumns {
  organization_id: string;
  enable_online_payment: boolean;
  /** The cancellation policy (decision 0042): refunded when cancelled this many hours ahead; null: never. */
  cancel_refund_hours?: number | null;
}
export interface LocationConfigRow extends GatewayColumns {
  location_id: string;
  organization_id: string;
}
export interface EntityConfigRow {
  organization_id: string;
  entity_type: string;
  entity_id: string;
  visit_fee_enabled: boolean;
  insured_cents: number;
  uninsured_cents: number;
}

export async function orgConfig(db: Connection, organizationId: string): Promise<OrgConfigRow | null> {
  const rows = await db.query<OrgConfigRow>('select * from payment_org_configs where organization_id = $1', [
    organizationId,
  ]);
  return rows[0] ?? null;
}

export async function orgConfigs(db: Connection): Promise<OrgConfigRow[]> {
  return db.query<OrgConfigRow>('select * from payment_org_configs order by organization_id');
}

export async function locationConfig(
  db: Connection,
  organizationId: string,
  locationId: string,
): Promise<LocationConfigRow | null> {
  const rows = await db.query<LocationConfigRow>(
    'select * from payment_location_configs where location_id = $1 and organization_id = $2',
    [locationId, organizationId],
  );
  return rows[0] ?? null;
}

export async function locationConfigsOf(
  db: Connection,
  organizationId: string,
): Promise<LocationConfigRow[]> {
  return db.query<LocationConfigRow>(
    'select * from payment_location_configs where organization_id = $1 order by location_id',
    [organizationId],
  );
}

export async function entityConfig(
  db: Connection,
  organizationId: string,
  entityType: string,
  entityId: string,
): Promise<EntityConfigRow | null> {
  const rows = await db.query<EntityConfigRow>(
    'select * from payment_entity_configs where organization_id = $1 and entity_type = $2 and entity_id = $3',
    [organizationId, entityType.toLowerCase(), entityId],
  );
  return rows[0] ?? null;
}

export async function entityConfigsOf(db: Connection, organizationId: string): Promise<EntityConfigRow[]> {
  return db.query<EntityConfigRow>(
    'select * from payment_entity_configs where organization_id = $1 order by entity_type, entity_id',
    [organizationId],
  );
}

/** How many location overrides and visit fees each practice has (the finance overview). */
export async function configCounts(
  db: Connection,
): Promise<{ organization_id: string; locations: number; fees: number }[]> {
  return db.query(
    `select o.organization_id,
       (select count(*)::int from payment_location_configs l where l.organization_id = o.organization_id and l.gateway_name is not null) as locations,
       (select count(*)::int from payment_entity_configs e where e.organization_id = o.organization_id and e.visit_fee_enabled) as fees
     from payment_org_configs o`,
  );
}

/** A gateway write: undefined keeps the stored account field, null clears it. */
export interface GatewayWrite {
  gatewayName: string | null;
  accountNumber: string | null | undefined;
  productId: string | null | undefined;
  credential: string | null | undefined;
}

const keep = (v: string | null | undefined) => v === undefined;

/**
 * The gateway credential is sealed at rest (decision 0088): written sealed here, opened only where a gateway is
 * called (service.ts accountOf). A read answers only whether one is set.
 */
export const CREDENTIAL_PURPOSE = 'payments.credential';
const sealedCredential = (secrets: SecretBox, credential: string | null | undefined) =>
  credential ? secrets.seal(credential, CREDENTIAL_PURPOSE) : null;

/** Seals the credentials stored in clear (and reseals those of an older key); a row changes only as it was read. */
export async function sealCredentials(db: Connection, secrets: SecretBox): Promise<number> {
  const current = `sealed:v1:${secrets.currentKeyId}:%`;
  let changed = 0;
  const orgs = await db.query<{ organization_id: string; credential: string }>(
    'select organization_id, credential from payment_org_configs where credential is not null and credential not like $1',
    [current],
  );
  for (const row of orgs)
    changed += (
      await db.query(
        'update payment_org_configs set credential = $2 where organization_id = $1 and credential = $3 returning organization_id',
        [row.organization_id, secrets.reseal(row.credential, CREDENTIAL_PURPOSE), row.credential],
      )
    ).length;
  const locations = await db.query<{ location_id: string; credential: string }>(
    'select location_id, credential from payment_location_configs where credential is not null and credential not like $1',
    [current],
  );
  for (const row of locations)
    changed += (
      await db.query(
        'update payment_location_configs set credential = $2 where location_id = $1 and credential = $3 returning location_id',
        [row.location_id, secrets.reseal(row.credential, CREDENTIAL_PURPOSE), row.credential],
      )
    ).length;
  return changed;
}

export async function upsertOrgConfig(
  db: Connection,
  secrets: SecretBox,
  organizationId: string,
  enableOnlinePayment: boolean,
  gateway: GatewayWrite,
  now: Date,
): Promise<OrgConfigRow> {
  const rows = await db.query<OrgConfigRow>(
    `insert into payment_org_configs (organization_id, enable_online_payment, gateway_name, account_number, product_id, credential, updated_at)
     values ($1, $2, $3, $4, $6, $8, $10)
     on conflict (organization_id) do update set enable_online_payment = excluded.enable_online_payment, gateway_name = excluded.gateway_name,
       account_number = case when $5 then payment_org_configs.account_number else excluded.account_number end,
       product_id = case when $7 then payment_org_configs.product_id else excluded.product_id end,
       credential = case when $9 then payment_org_configs.credential else excluded.credential end,
       updated_at = excluded.updated_at
     returning *`,
    [
      organizationId,
      enableOnlinePayment,
      gateway.gatewayName,
      gateway.accountNumber ?? null,
      keep(gateway.accountNumber),
      gateway.productId ?? null,
      keep(gateway.productId),
      sealedCredential(secrets, gateway.credential),
      keep(gateway.credential),
      now.toISOString(),
    ],
  );
  return rows[0]!;
}

/** The Stripe account "Connect with Stripe" connected becomes the practice's Stripe account. */
export async function setOrgStripeAccount(
  db: Connection,
  organizationId: string,
  accountId: string,
  now: Date,
): Promise<OrgConfigRow> {
  const rows = await db.query<OrgConfigRow>(
    `insert into payment_org_configs (organization_id, enable_online_payment, gateway_name, account_number, updated_at) values ($1, false, 'stripe', $2, $3)
     on conflict (organization_id) do update set gateway_name = 'stripe', account_number = excluded.account_number,
       product_id = null, credential = null, updated_at = excluded.updated_at
     returning *`,
    [organizationId, accountId, now.toISOString()],
  );
  return rows[0]!;
}

/** DELETE organizations/{id}: online payment off and no gateway; the cancellation policy (decision 0042) stays. */
export async function clearOrgConfig(db: Connection, organizationId: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ organization_id: string }>(
    `update payment_org_configs set enable_online_payment = false, gateway_name = null, account_number = null, product_id = null, credential = null, updated_at = $2
     where organization_id = $1 returning organization_id`,
    [organizationId, now.toISOString()],
  );
  return rows.length === 1;
}

export async function upsertLocationConfig(
  db: Connection,
  secrets: SecretBox,
  organizationId: string,
  locationId: string,
  gateway: GatewayWrite,
  now: Date,
): Promise<LocationConfigRow> {
  const rows = await db.query<LocationConfigRow>(
    `insert into payment_location_configs (location_id, organization_id, gateway_name, account_number, product_id, credential, updated_at)
     values ($1, $2, $3, $4, $6, $8, $10)
     on conflict (location_id) do update set gateway_name = excluded.gateway_name,
       account_number = case when $5 then payment_location_configs.account_number else excluded.account_number end,
       product_id = case when $7 then payment_location_configs.product_id else excluded.product_id end,
       credential = case when $9 then payment_location_configs.credential else excluded.credential end,
       updated_at = excluded.updated_at
     where payment_location_configs.organization_id = excluded.organization_id
     returning *`,
    [
      locationId,
      organizationId,
      gateway.gatewayName,
      gateway.accountNumber ?? null,
      keep(gateway.accountNumber),
      gateway.productId ?? null,
      keep(gateway.productId),
      sealedCredential(secrets, gateway.credential),
      keep(gateway.credential),
      now.toISOString(),
    ],
  );
  return rows[0]!;
}

export async function deleteLocationConfig(
  db: Connection,
  organizationId: string,
  locationId: string,
): Promise<boolean> {
  const rows = await db.query<{ location_id: string }>(
    'delete from payment_location_configs where location_id = $1 and organization_id = $2 returning location_id',
    [locationId, organizationId],
  );
  return rows.length === 1;
}

export async function upsertEntityConfig(
  db: Connection,
  row: EntityConfigRow,
  now: Date,
): Promise<EntityConfigRow> {
  const rows = await db.query<EntityConfigRow>(
    `insert into payment_entity_configs (organization_id, entity_type, entity_id, visit_fee_enabled, insured_cents, uninsured_cents, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (organization_id, entity_type, entity_id) do update set visit_fee_enabled = excluded.visit_fee_enabled,
       insured_cents = excluded.insured_cents, uninsured_cents = excluded.uninsured_cents, updated_at = excluded.updated_at
     returning *`,
    [
      row.organization_id,
      row.entity_type.toLowerCase(),
      row.entity_id,
      row.visit_fee_enabled,
      row.insured_cents,
      row.uninsured_cents,
      now.toISOString(),
    ],
  );
  return rows[0]!;
}

export async function customerOf(db: Connection, patientId: string, gateway: string): Promise<string | null> {
  const rows = await db.query<{ customer_reference: string }>(
    'select customer_reference from payment_customers where patient_id = $1 and gateway = $2',
    [patientId, gateway],
  );
  return rows[0]?.customer_reference ?? null;
}

/** Keeps the first customer when two requests create one at once; returns the one kept. */
export async function saveCustomer(
  db: Connection,
  patientId: string,
  gateway: string,
  reference: string,
): Promise<string> {
  await db.query(
    'insert into payment_customers (patient_id, gateway, customer_reference) values ($1, $2, $3) on conflict do nothing',
    [patientId, gateway, reference],
  );
  return (await customerOf(db, patientId, gateway))!;
}

export interface TransactionRow {
  id: string;
  patient_id: string;
  organization_id: string;
  /** The location whose payment settings took it (decision 0071); null for older rows and visits naming none. */
  location_id?: string | null;
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
  row: {
    id: string;
    patientId: string;
    organizationId: string;
    /** The location whose payment settings apply (decision 0071); null when the visit names none. */
    locationId?: string | null;
    gateway: string;
    amountCents: number;
    currency: string;
    paymentMethodId: string | null;
    cardDetails: string | null;
    createdBy: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into payment_transactions (id, patient_id, organization_id, location_id, gateway, amount_cents, currency, status, payment_method_id, card_details, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'Pending', $8, $9, $10, $11, $11)`,
    [
      row.id,
      row.patientId,
      row.organizationId,
      row.locationId ?? null,
      row.gateway,
      row.amountCents,
      row.currency,
      row.paymentMethodId,
      row.cardDetails,
      row.createdBy,
      row.now.toISOString(),
    ],
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

const STAMP: Partial<Record<PaymentStatus, string>> = {
  Captured: 'captured_at',
  Canceled: 'canceled_at',
  Refunded: 'refunded_at',
};

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
  extra: {
    gatewayReference?: string | null;
    failure?: string | null;
    captureReference?: string | null;
    cardDetails?: string | null;
  } = {},
): Promise<TransactionRow | null> {
  const stamp = STAMP[to];
  const rows = await db.query<TransactionRow>(
    `update payment_transactions set status = $3, updated_at = $4,
       gateway_reference = coalesce($5, gateway_reference), failure = coalesce($6, failure),
       capture_reference = coalesce($7, capture_reference), card_details = coalesce($8, card_details)${stamp ? `, ${stamp} = $4` : ''}
     where id = $1 and status = any($2::text[]) returning *`,
    [
      id,
      from,
      to,
      now.toISOString(),
      extra.gatewayReference ?? null,
      extra.failure ?? null,
      extra.captureReference ?? null,
      extra.cardDetails ?? null,
    ],
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
export async function claimForAppointment(
  db: Connection,
  id: string,
  appointmentId: string,
  now: Date,
  hold: ClaimedHold | null = null,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update payment_transactions set claim_id = $2, updated_at = $3, claim_schedule_id = $4, claim_start_at = $5, claim_session_id = $6
     where id = $1 and claim_id is null and appointment_id is null and status = 'Uncaptured' returning id`,
    [
      id,
      appointmentId,
      now.toISOString(),
      hold?.scheduleId ?? null,
      hold?.start.toISOString() ?? null,
      hold?.sessionId ?? null,
    ],
  );
  return rows.length === 1;
}

/** Inside the booking transaction: the claimed authorization now pays for the appointment. */
export async function attachToAppointment(
  db: Connection,
  id: string,
  appointmentId: string,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    "update payment_transactions set appointment_id = $2 where id = $1 and claim_id = $2 and appointment_id is null and status = 'Uncaptured' returning id",
    [id, appointmentId],
  );
  return rows.length === 1;
}

export async function latestTransactions(
  db: Connection,
  patientId: string,
  organizationId: string | null,
): Promise<TransactionRow[]> {
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
export async function cancelIfPending(
  db: Connection,
  id: string,
  now: Date,
  gatewayReference: string | null,
): Promise<boolean> {
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

export async function transactionsOfAppointment(
  db: Connection,
  appointmentId: string,
): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    'select * from payment_transactions where appointment_id = $1 order by created_at',
    [appointmentId],
  );
}

/** The finance view (decision 0056): payments across practices, newest first, one page and the total. */
export async function financeTransactions(
  db: Connection,
  filter: {
    organizationId: string | null;
    from: string | null;
    toExclusive: string | null;
    status: PaymentStatus | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const where = `($1::uuid is null or organization_id = $1) and ($2::timestamptz is null or created_at >= $2)
    and ($3::timestamptz is null or created_at < $3) and ($4::text is null or status = $4)`;
  const params = [filter.organizationId, filter.from, filter.toExclusive, filter.status];
  const rows = await db.query<TransactionRow>(
    `select * from payment_transactions where ${where} order by created_at desc, id limit $5 offset $6`,
    [...params, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from payment_transactions where ${where}`,
    params,
  );
  return { rows, total: count?.total ?? 0 };
}
