import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@careslot/contracts';
import type { Clock } from '../../platform/clock';
import type { Connection } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import {
  GatewayError,
  type AuthorizeResult,
  type CardSummary,
  type PaymentGateway,
  type RawCard,
} from './gateway';
import * as store from './sandbox-store';
import type { CardBehavior as Behavior, ChargeRow } from './sandbox-store';

/**
 * The sandbox's test cards: Stripe's test-mode numbers, so a developer's muscle memory carries over.
 * Any other number is refused, so nobody can mistake the sandbox for a real gateway.
 */
const TEST_CARDS: Record<string, { brand: string; behavior: Behavior }> = {
  '4242424242424242': { brand: 'visa', behavior: 'succeed' },
  '5555555555554444': { brand: 'mastercard', behavior: 'succeed' },
  '378282246310005': { brand: 'amex', behavior: 'succeed' },
  '4000000000000002': { brand: 'visa', behavior: 'decline' },
  '4000000000009995': { brand: 'visa', behavior: 'insufficient_funds' },
};

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

function statusOf(charge: ChargeRow): PaymentStatus {
  switch (charge.status) {
    case 'requires_capture':
      return 'Uncaptured';
    case 'canceled':
      return 'Canceled';
    case 'succeeded':
      return charge.amount_refunded_cents > 0 ? 'Refunded' : 'Captured';
  }
}

/**
 * The built-in gateway that works offline: same states and rules as a real one (an authorization is
 * captured or cancelled once, only a captured charge is refunded, at most its amount), kept in the
 * database so it survives restarts and is shared by every app instance.
 */
export function sandboxGateway(db: Connection, clock: Clock): PaymentGateway {
  async function charge(reference: string): Promise<ChargeRow> {
    const row = await store.chargeById(db, reference);
    if (!row) throw new GatewayError('No such charge', 'not_found');
    return row;
  }

  return {
    name: 'sandbox',
    savedCards: true,

    async createCustomer() {
      return newId('cus');
    },

    async addCard(customerId, card) {
      if (!('raw' in card))
        throw fieldError(
          'PaymentMethodId',
          'sandbox',
          'The sandbox gateway takes the card itself; send Card',
        );
      const raw: RawCard = card.raw;
      const known = TEST_CARDS[raw.number];
      if (!known)
        throw fieldError(
          'Card.Number',
          'test_card',
          'The sandbox accepts test cards only, such as 4242 4242 4242 4242',
        );
      const now = clock.now();
      const expired =
        raw.expYear < now.getUTCFullYear() ||
        (raw.expYear === now.getUTCFullYear() && raw.expMonth < now.getUTCMonth() + 1);
      if (expired) throw fieldError('Card.ExpYear', 'expired', 'The card has expired');
      const summary: CardSummary = {
        id: newId('pm'),
        brand: known.brand,
        last4: raw.number.slice(-4),
        expMonth: raw.expMonth,
        expYear: raw.expYear,
      };
      await store.insertCard(db, { ...summary, customerId, behavior: known.behavior });
      return summary;
    },

    async listCards(customerId) {
      const rows = await store.cardsOf(db, customerId);
      return rows.map((r) => ({
        id: r.id,
        brand: r.brand,
        last4: r.last4,
        expMonth: r.exp_month,
        expYear: r.exp_year,
      }));
    },

    async authorize(input): Promise<AuthorizeResult> {
      const existing = await store.chargeByIdempotencyKey(db, input.idempotencyKey);
      if (existing) return { ok: true, reference: existing.id, status: 'Uncaptured' };
      const behavior: Behavior | undefined = await store.cardBehavior(
        db,
        input.paymentMethodId,
        input.customerId,
      );
      if (!behavior) return { ok: false, reference: null, reason: 'invalid_method' };
      if (behavior === 'decline') return { ok: false, reference: null, reason: 'declined' };
      if (behavior === 'insufficient_funds')
        return { ok: false, reference: null, reason: 'insufficient_funds' };
      const id = newId('ch');
      const inserted = await store.insertCharge(db, {
        id,
        paymentMethodId: input.paymentMethodId,
        amountCents: input.amountCents,
        currency: input.currency,
        idempotencyKey: input.idempotencyKey,
      });
      if (inserted) return { ok: true, reference: id, status: 'Uncaptured' };
      // A simultaneous retry with the same key won the insert: answer its authorization.
      const winner = await store.chargeIdOfKey(db, input.idempotencyKey);
      return { ok: true, reference: winner!, status: 'Uncaptured' };
    },

    async findAuthorization(input) {
      return (await store.chargeIdOfKey(db, input.idempotencyKey)) ?? null;
    },

    async capture(reference) {
      if (await store.settleCharge(db, reference, 'succeeded')) return null;
      const row = await charge(reference);
      if (row.status !== 'succeeded')
        throw new GatewayError(`Cannot capture a ${row.status} charge`, 'invalid_state');
      return null;
    },

    async cancel(reference) {
      if (await store.settleCharge(db, reference, 'canceled')) return;
      const row = await charge(reference);
      if (row.status !== 'canceled')
        throw new GatewayError(`Cannot cancel a ${row.status} charge`, 'invalid_state');
    },

    async refund(reference, amountCents, _account, idempotencyKey) {
      if (await store.refundCharge(db, reference, amountCents ?? null, idempotencyKey)) return;
      const row = await charge(reference);
      throw new GatewayError(
        row.status === 'succeeded'
          ? 'Refund exceeds the captured amount'
          : `Cannot refund a ${row.status} charge`,
        'invalid_state',
      );
    },

    async status(reference) {
      return statusOf(await charge(reference));
    },
  };
}
