import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@careslot/contracts';
import type { Connection } from '../../platform/db';
import { GatewayError, type AuthorizeResult, type WalletGateway } from './gateway';
import * as store from './sandbox-store';
import type { OrderRow } from './sandbox-store';

/** The name the local wallet's transactions are stored with (so a later PayPal configuration never gets them). */
export const WALLET_SANDBOX_NAME = 'paypal-sandbox';

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
    const row = await store.orderByAuthorization(db, reference);
    if (!row) throw new GatewayError('No such authorization', 'not_found');
    return row;
  }

  return {
    name: WALLET_SANDBOX_NAME,
    local: true,

    async createOrder(input) {
      const id = newId('ORDER');
      const orderId = await store.insertOrder(db, {
        id,
        amountCents: input.amountCents,
        currency: input.currency,
        requestId: input.idempotencyKey,
      });
      return { orderId, approveUrl: null };
    },

    async authorizeOrder(orderId): Promise<AuthorizeResult> {
      const authorizationId = newId('AUTH');
      const authorized = await store.authorizeApprovedOrder(db, orderId, authorizationId);
      if (authorized) return { ok: true, reference: authorized, status: 'Uncaptured' };
      const order = await store.orderById(db, orderId);
      if (!order) throw new GatewayError('No such order', 'not_found');
      // A retry of an authorization that went through answers it again.
      if (order.status === 'COMPLETED' && order.authorization_id)
        return { ok: true, reference: order.authorization_id, status: 'Uncaptured' };
      if (order.status === 'DECLINED') return { ok: false, reference: null, reason: 'declined' };
      return { ok: false, reference: null, reason: 'invalid_method' };
    },

    async capture(reference) {
      const captureId = newId('CAPTURE');
      const captured = await store.captureAuthorization(db, reference, captureId);
      if (captured) return captured;
      const row = await byAuthorization(reference);
      if (row.authorization_status !== 'CAPTURED' || !row.capture_id)
        throw new GatewayError(
          `Cannot capture a ${row.authorization_status ?? row.status} authorization`,
          'invalid_state',
        );
      return row.capture_id;
    },

    async cancel(reference) {
      if (await store.voidAuthorization(db, reference)) return;
      const row = await byAuthorization(reference);
      if (row.authorization_status !== 'VOIDED')
        throw new GatewayError(
          `Cannot void a ${row.authorization_status ?? row.status} authorization`,
          'invalid_state',
        );
    },

    async refund(reference, amountCents, _account, idempotencyKey) {
      if (await store.refundCapture(db, reference, amountCents ?? null, idempotencyKey)) return;
      const row = await byAuthorization(reference);
      throw new GatewayError(
        row.authorization_status === 'CAPTURED'
          ? 'Refund exceeds the captured amount'
          : `Cannot refund a ${row.authorization_status ?? row.status} authorization`,
        'invalid_state',
      );
    },

    async status(reference) {
      return statusOf(await byAuthorization(reference));
    },
  };
}

/** The payer's answer in the local approval step: an order still CREATED becomes APPROVED or DECLINED. */
export async function answerSandboxOrder(
  db: Connection,
  orderId: string,
  approve: boolean,
): Promise<boolean> {
  return store.answerOrder(db, orderId, approve);
}
