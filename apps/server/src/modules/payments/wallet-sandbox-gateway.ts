import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@careslot/contracts';
import type { Connection } from '../../platform/db';
import { GatewayError, type AuthorizeResult, type WalletGateway } from './gateway';

/** The name the local wallet's transactions are stored with (so a later PayPal configuration never gets them). */
export const WALLET_SANDBOX_NAME = 'paypal-sandbox';

type OrderStatus = 'CREATED' | 'APPROVED' | 'DECLINED' | 'COMPLETED';
type AuthorizationStatus = 'CREATED' | 'CAPTURED' | 'VOIDED';

interface OrderRow {
  id: string;
  amount_cents: number;
  status: OrderStatus;
  authorization_id: string | null;
  authorization_status: AuthorizationStatus | null;
  capture_id: string | null;
  amount_refunded_cents: number;
}

// PayPal's ids are 17 upper-case letters and digits; the local ones say where they come from.
const newId = (prefix: string) => `${prefix}-SBX-${randomBytes(8).toString('hex').toUpperCase()}`;

function statusOf(row: OrderRow): PaymentStatus {
  switch (row.authorization_status) {
    case 'CREATED':
      return 'Uncaptured';
    case 'CAPTURED':
      return row.amount_refunded_cents > 0 ? 'Refunded' : 'Captured';
    case 'VOIDED':
      return 'Canceled';
    case null:
      return row.status === 'DECLINED' ? 'Rejected' : 'Pending';
  }
}

/**
 * The built-in wallet that works offline (decision 0024), with PayPal's states: an order is CREATED, the payer
 * approves or declines it in CareSlot's own approval step, an approved order is authorized once, and its
 * authorization is captured or voided once; a capture is refunded at most its amount. Kept in the database,
 * like the card sandbox, so it survives restarts and is shared by every instance.
 */
export function walletSandboxGateway(db: Connection): WalletGateway {
  async function byAuthorization(reference: string): Promise<OrderRow> {
    const [row] = await db.query<OrderRow>('select * from sandbox_wallet_orders where authorization_id = $1 or capture_id = $1', [reference]);
    if (!row) throw new GatewayError('No such authorization', 'not_found');
    return row;
  }

  return {
    name: WALLET_SANDBOX_NAME,
    local: true,

    async createOrder(input) {
      const id = newId('ORDER');
      await db.query(
        `insert into sandbox_wallet_orders (id, amount_cents, currency, status, request_id) values ($1, $2, $3, 'CREATED', $4)
         on conflict (request_id) do nothing`,
        [id, input.amountCents, input.currency, input.idempotencyKey],
      );
      const [row] = await db.query<{ id: string }>('select id from sandbox_wallet_orders where request_id = $1', [input.idempotencyKey]);
      return { orderId: row!.id, approveUrl: null };
    },

    async authorizeOrder(orderId): Promise<AuthorizeResult> {
      const authorizationId = newId('AUTH');
      const rows = await db.query<{ authorization_id: string }>(
        `update sandbox_wallet_orders set status = 'COMPLETED', authorization_id = $2, authorization_status = 'CREATED'
         where id = $1 and status = 'APPROVED' returning authorization_id`,
        [orderId, authorizationId],
      );
      if (rows[0]) return { ok: true, reference: rows[0].authorization_id, status: 'Uncaptured' };
      const [order] = await db.query<OrderRow>('select * from sandbox_wallet_orders where id = $1', [orderId]);
      if (!order) throw new GatewayError('No such order', 'not_found');
      // A retry of an authorization that went through answers it again.
      if (order.status === 'COMPLETED' && order.authorization_id) return { ok: true, reference: order.authorization_id, status: 'Uncaptured' };
      if (order.status === 'DECLINED') return { ok: false, reference: null, reason: 'declined' };
      return { ok: false, reference: null, reason: 'invalid_method' };
    },

    async capture(reference) {
      const captureId = newId('CAPTURE');
      const rows = await db.query<{ capture_id: string }>(
        `update sandbox_wallet_orders set authorization_status = 'CAPTURED', capture_id = $2
         where authorization_id = $1 and authorization_status = 'CREATED' returning capture_id`,
        [reference, captureId],
      );
      if (rows[0]) return rows[0].capture_id;
      const row = await byAuthorization(reference);
      if (row.authorization_status !== 'CAPTURED' || !row.capture_id) throw new GatewayError(`Cannot capture a ${row.authorization_status ?? row.status} authorization`, 'invalid_state');
      return row.capture_id;
    },

    async cancel(reference) {
      const rows = await db.query("update sandbox_wallet_orders set authorization_status = 'VOIDED' where authorization_id = $1 and authorization_status = 'CREATED' returning id", [reference]);
      if (rows.length === 1) return;
      const row = await byAuthorization(reference);
      if (row.authorization_status !== 'VOIDED') throw new GatewayError(`Cannot void a ${row.authorization_status ?? row.status} authorization`, 'invalid_state');
    },

    async refund(reference, amountCents) {
      const rows = await db.query(
        `update sandbox_wallet_orders set amount_refunded_cents = amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents)
         where capture_id = $1 and authorization_status = 'CAPTURED'
           and amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents) <= amount_cents
           and amount_refunded_cents < amount_cents
         returning id`,
        [reference, amountCents ?? null],
      );
      if (rows.length === 1) return;
      const row = await byAuthorization(reference);
      throw new GatewayError(row.authorization_status === 'CAPTURED' ? 'Refund exceeds the captured amount' : `Cannot refund a ${row.authorization_status ?? row.status} authorization`, 'invalid_state');
    },

    async status(reference) {
      return statusOf(await byAuthorization(reference));
    },
  };
}

/** The payer's answer in the local approval step: an order still CREATED becomes APPROVED or DECLINED. */
export async function answerSandboxOrder(db: Connection, orderId: string, approve: boolean): Promise<boolean> {
  const rows = await db.query('update sandbox_wallet_orders set status = $2 where id = $1 and status = $3 returning id', [orderId, approve ? 'APPROVED' : 'DECLINED', 'CREATED']);
  return rows.length === 1;
}
