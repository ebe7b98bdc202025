import type { Connection } from '../../platform/db';

/**
 * The storage of the local payment stand-ins (sandbox-gateway.ts, wallet-sandbox-gateway.ts): their own tables,
 * as a real gateway keeps its own books. SQL only in store files.
 */

// --- Card sandbox ---

export type CardBehavior = 'succeed' | 'decline' | 'insufficient_funds';

export interface ChargeRow {
  id: string;
  amount_cents: number;
  amount_refunded_cents: number;
  status: 'requires_capture' | 'succeeded' | 'canceled';
}

export interface SandboxCardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export async function chargeById(db: Connection, id: string): Promise<ChargeRow | undefined> {
  const [row] = await db.query<ChargeRow>(
    'select id, amount_cents, amount_refunded_cents, status from sandbox_charges where id = $1',
    [id],
  );
  return row;
}

export async function chargeByIdempotencyKey(db: Connection, key: string): Promise<ChargeRow | undefined> {
  const [row] = await db.query<ChargeRow>(
    'select id, amount_cents, amount_refunded_cents, status from sandbox_charges where idempotency_key = $1',
    [key],
  );
  return row;
}

export async function chargeIdOfKey(db: Connection, key: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>('select id from sandbox_charges where idempotency_key = $1', [
    key,
  ]);
  return row?.id;
}

export async function insertCard(
  db: Connection,
  card: {
    id: string;
    customerId: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    behavior: CardBehavior;
  },
): Promise<void> {
  await db.query(
    `insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behavior) values ($1, $2, $3, $4, $5, $6, $7)`,
    [card.id, card.customerId, card.brand, card.last4, card.expMonth, card.expYear, card.behavior],
  );
}

export async function cardsOf(db: Connection, customerId: string): Promise<SandboxCardRow[]> {
  return db.query<SandboxCardRow>(
    'select id, brand, last4, exp_month, exp_year from sandbox_payment_methods where customer_id = $1 order by created_at desc',
    [customerId],
  );
}

export async function cardBehavior(
  db: Connection,
  paymentMethodId: string,
  customerId: string,
): Promise<CardBehavior | undefined> {
  const [method] = await db.query<{ behavior: CardBehavior }>(
    'select behavior from sandbox_payment_methods where id = $1 and customer_id = $2',
    [paymentMethodId, customerId],
  );
  return method?.behavior;
}

/** Records an authorization; false when one with the idempotency key exists already (a simultaneous retry). */
export async function insertCharge(
  db: Connection,
  charge: {
    id: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `insert into sandbox_charges (id, payment_method_id, amount_cents, currency, status, idempotency_key)
     values ($1, $2, $3, $4, 'requires_capture', $5) on conflict (idempotency_key) do nothing returning id`,
    [charge.id, charge.paymentMethodId, charge.amountCents, charge.currency, charge.idempotencyKey],
  );
  return rows.length > 0;
}

/** Moves an authorization still requiring capture to the status; false when it was in another one. */
export async function settleCharge(
  db: Connection,
  id: string,
  status: 'succeeded' | 'canceled',
): Promise<boolean> {
  const rows = await db.query(
    "update sandbox_charges set status = $2 where id = $1 and status = 'requires_capture' returning id",
    [id, status],
  );
  return rows.length === 1;
}

/**
 * A refund asked before under this idempotency key: true when it was made (the refund is not made again).
 * With a key, the refund and its key are written in one statement, so a refund is made once per key.
 */
async function refundedBefore(db: Connection, key: string | undefined): Promise<boolean> {
  if (!key) return false;
  const rows = await db.query('select 1 from sandbox_refunds where idempotency_key = $1', [key]);
  return rows.length === 1;
}

const keyedRefund = (table: string, idColumn: string, statusCheck: string) =>
  `with target as (
     select id, coalesce($2, amount_cents - amount_refunded_cents) as amount from ${table}
      where ${idColumn} = $1 and ${statusCheck}
        and amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents) <= amount_cents
        and amount_refunded_cents < amount_cents
   ), keyed as (
     insert into sandbox_refunds (idempotency_key, charge_id, amount_cents)
     select $3, $1, amount from target on conflict (idempotency_key) do nothing returning amount_cents
   )
   update ${table} t set amount_refunded_cents = t.amount_refunded_cents + keyed.amount_cents
     from keyed where t.${idColumn} = $1 returning t.id`;

/** Refunds the amount (or the rest) of a captured charge; false when it is not captured or the amount exceeds it. */
export async function refundCharge(
  db: Connection,
  id: string,
  amountCents: number | null,
  idempotencyKey?: string,
): Promise<boolean> {
  if (await refundedBefore(db, idempotencyKey)) return true;
  if (idempotencyKey) {
    const keyed = await db.query(keyedRefund('sandbox_charges', 'id', "status = 'succeeded'"), [
      id,
      amountCents,
      idempotencyKey,
    ]);
    return keyed.length === 1 || (await refundedBefore(db, idempotencyKey));
  }
  const rows = await db.query(
    `update sandbox_charges set amount_refunded_cents = amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents)
     where id = $1 and status = 'succeeded' and amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents) <= amount_cents
       and amount_refunded_cents < amount_cents
     returning id`,
    [id, amountCents],
  );
  return rows.length === 1;
}

// --- Wallet sandbox ---

export type OrderStatus = 'CREATED' | 'APPROVED' | 'DECLINED' | 'COMPLETED';
export type AuthorizationStatus = 'CREATED' | 'CAPTURED' | 'VOIDED';

export interface OrderRow {
  id: string;
  amount_cents: number;
  status: OrderStatus;
  authorization_id: string | null;
  authorization_status: AuthorizationStatus | null;
  capture_id: string | null;
  amount_refunded_cents: number;
}

export async function orderByAuthorization(db: Connection, reference: string): Promise<OrderRow | undefined> {
  const [row] = await db.query<OrderRow>(
    'select * from sandbox_wallet_orders where authorization_id = $1 or capture_id = $1',
    [reference],
  );
  return row;
}

export async function orderById(db: Connection, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.query<OrderRow>('select * from sandbox_wallet_orders where id = $1', [id]);
  return order;
}

/** Creates the order of the request, unless it has one; returns the request's order id. */
export async function insertOrder(
  db: Connection,
  order: { id: string; amountCents: number; currency: string; requestId: string },
): Promise<string> {
  await db.query(
    `insert into sandbox_wallet_orders (id, amount_cents, currency, status, request_id) values ($1, $2, $3, 'CREATED', $4)
     on conflict (request_id) do nothing`,
    [order.id, order.amountCents, order.currency, order.requestId],
  );
  const [row] = await db.query<{ id: string }>('select id from sandbox_wallet_orders where request_id = $1', [
    order.requestId,
  ]);
  return row!.id;
}

/** Authorizes an APPROVED order; returns the authorization id, or null when the order is not APPROVED. */
export async function authorizeApprovedOrder(
  db: Connection,
  orderId: string,
  authorizationId: string,
): Promise<string | null> {
  const rows = await db.query<{ authorization_id: string }>(
    `update sandbox_wallet_orders set status = 'COMPLETED', authorization_id = $2, authorization_status = 'CREATED'
     where id = $1 and status = 'APPROVED' returning authorization_id`,
    [orderId, authorizationId],
  );
  return rows[0]?.authorization_id ?? null;
}

/** Captures a CREATED authorization; returns the capture id, or null when it is not CREATED. */
export async function captureAuthorization(
  db: Connection,
  reference: string,
  captureId: string,
): Promise<string | null> {
  const rows = await db.query<{ capture_id: string }>(
    `update sandbox_wallet_orders set authorization_status = 'CAPTURED', capture_id = $2
     where authorization_id = $1 and authorization_status = 'CREATED' returning capture_id`,
    [reference, captureId],
  );
  return rows[0]?.capture_id ?? null;
}

/** Voids a CREATED authorization; false when it is not CREATED. */
export async function voidAuthorization(db: Connection, reference: string): Promise<boolean> {
  const rows = await db.query(
    "update sandbox_wallet_orders set authorization_status = 'VOIDED' where authorization_id = $1 and authorization_status = 'CREATED' returning id",
    [reference],
  );
  return rows.length === 1;
}

/** Refunds the amount (or the rest) of a capture; false when it is not captured or the amount exceeds it. */
export async function refundCapture(
  db: Connection,
  captureId: string,
  amountCents: number | null,
  idempotencyKey?: string,
): Promise<boolean> {
  if (await refundedBefore(db, idempotencyKey)) return true;
  if (idempotencyKey) {
    const keyed = await db.query(
      keyedRefund('sandbox_wallet_orders', 'capture_id', "authorization_status = 'CAPTURED'"),
      [captureId, amountCents, idempotencyKey],
    );
    return keyed.length === 1 || (await refundedBefore(db, idempotencyKey));
  }
  const rows = await db.query(
    `update sandbox_wallet_orders set amount_refunded_cents = amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents)
     where capture_id = $1 and authorization_status = 'CAPTURED'
       and amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents) <= amount_cents
       and amount_refunded_cents < amount_cents
     returning id`,
    [captureId, amountCents],
  );
  return rows.length === 1;
}

/** An order still CREATED becomes APPROVED or DECLINED; false when it was answered already (or is unknown). */
export async function answerOrder(db: Connection, orderId: string, approve: boolean): Promise<boolean> {
  const rows = await db.query(
    'update sandbox_wallet_orders set status = $2 where id = $1 and status = $3 returning id',
    [orderId, approve ? 'APPROVED' : 'DECLINED', 'CREATED'],
  );
  return rows.length === 1;
}
