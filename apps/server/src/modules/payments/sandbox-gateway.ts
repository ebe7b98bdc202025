import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@careslot/contracts';
import type { Clock } from '../../platform/clock';
import type { Connection } from '../../platform/db';
import { fieldError } from '../../platform/errors';
import { GatewayError, type AuthorizeResult, type CardSummary, type PaymentGateway, type RawCard } from './gateway';

type Behavior = 'succeed' | 'decline' | 'insufficient_funds';

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

interface ChargeRow {
  id: string;
  amount_cents: number;
  amount_refunded_cents: number;
  status: 'requires_capture' | 'succeeded' | 'canceled';
}

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
    const [row] = await db.query<ChargeRow>('select id, amount_cents, amount_refunded_cents, status from sandbox_charges where id = $1', [reference]);
    if (!row) throw new GatewayError('No such charge', 'not_found');
    return row;
  }

  return {
    name: 'sandbox',

    async createCustomer() {
      return newId('cus');
    },

    async addCard(customerId, card) {
      if (!('raw' in card)) throw fieldError('PaymentMethodId', 'sandbox', 'The sandbox gateway takes the card itself; send Card');
      const raw: RawCard = card.raw;
      const known = TEST_CARDS[raw.number];
      if (!known) throw fieldError('Card.Number', 'test_card', 'The sandbox accepts test cards only, such as 4242 4242 4242 4242');
      const now = clock.now();
      const expired = raw.expYear < now.getUTCFullYear() || (raw.expYear === now.getUTCFullYear() && raw.expMonth < now.getUTCMonth() + 1);
      if (expired) throw fieldError('Card.ExpYear', 'expired', 'The card has expired');
      const summary: CardSummary = { id: newId('pm'), brand: known.brand, last4: raw.number.slice(-4), expMonth: raw.expMonth, expYear: raw.expYear };
      await db.query(
        `insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behavior) values ($1, $2, $3, $4, $5, $6, $7)`,
        [summary.id, customerId, summary.brand, summary.last4, summary.expMonth, summary.expYear, known.behavior],
      );
      return summary;
    },

    async listCards(customerId) {
      const rows = await db.query<{ id: string; brand: string; last4: string; exp_month: number; exp_year: number }>(
        'select id, brand, last4, exp_month, exp_year from sandbox_payment_methods where customer_id = $1 order by created_at desc',
        [customerId],
      );
      return rows.map((r) => ({ id: r.id, brand: r.brand, last4: r.last4, expMonth: r.exp_month, expYear: r.exp_year }));
    },

    async authorize(input): Promise<AuthorizeResult> {
      const [existing] = await db.query<ChargeRow>('select id, amount_cents, amount_refunded_cents, status from sandbox_charges where idempotency_key = $1', [input.idempotencyKey]);
      if (existing) return { ok: true, reference: existing.id, status: 'Uncaptured' };
      const [method] = await db.query<{ behavior: Behavior }>('select behavior from sandbox_payment_methods where id = $1 and customer_id = $2', [input.paymentMethodId, input.customerId]);
      if (!method) return { ok: false, reference: null, reason: 'invalid_method' };
      if (method.behavior === 'decline') return { ok: false, reference: null, reason: 'declined' };
      if (method.behavior === 'insufficient_funds') return { ok: false, reference: null, reason: 'insufficient_funds' };
      const id = newId('ch');
      const rows = await db.query<{ id: string }>(
        `insert into sandbox_charges (id, payment_method_id, amount_cents, currency, status, idempotency_key)
         values ($1, $2, $3, $4, 'requires_capture', $5) on conflict (idempotency_key) do nothing returning id`,
        [id, input.paymentMethodId, input.amountCents, input.currency, input.idempotencyKey],
      );
      if (rows[0]) return { ok: true, reference: id, status: 'Uncaptured' };
      // A simultaneous retry with the same key won the insert: answer its authorization.
      const [winner] = await db.query<{ id: string }>('select id from sandbox_charges where idempotency_key = $1', [input.idempotencyKey]);
      return { ok: true, reference: winner!.id, status: 'Uncaptured' };
    },

    async findAuthorization(input) {
      const [row] = await db.query<{ id: string }>('select id from sandbox_charges where idempotency_key = $1', [input.idempotencyKey]);
      return row?.id ?? null;
    },

    async capture(reference) {
      const rows = await db.query("update sandbox_charges set status = 'succeeded' where id = $1 and status = 'requires_capture' returning id", [reference]);
      if (rows.length === 1) return null;
      const row = await charge(reference);
      if (row.status !== 'succeeded') throw new GatewayError(`Cannot capture a ${row.status} charge`, 'invalid_state');
      return null;
    },

    async cancel(reference) {
      const rows = await db.query("update sandbox_charges set status = 'canceled' where id = $1 and status = 'requires_capture' returning id", [reference]);
      if (rows.length === 1) return;
      const row = await charge(reference);
      if (row.status !== 'canceled') throw new GatewayError(`Cannot cancel a ${row.status} charge`, 'invalid_state');
    },

    async refund(reference, amountCents) {
      const rows = await db.query(
        `update sandbox_charges set amount_refunded_cents = amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents)
         where id = $1 and status = 'succeeded' and amount_refunded_cents + coalesce($2, amount_cents - amount_refunded_cents) <= amount_cents
           and amount_refunded_cents < amount_cents
         returning id`,
        [reference, amountCents ?? null],
      );
      if (rows.length === 1) return;
      const row = await charge(reference);
      throw new GatewayError(row.status === 'succeeded' ? 'Refund exceeds the captured amount' : `Cannot refund a ${row.status} charge`, 'invalid_state');
    },

    async status(reference) {
      return statusOf(await charge(reference));
    },
  };
}
