import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '@careslot/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import type { PaymentGateway } from './gateway';
import { sandboxGateway } from './sandbox-gateway';

describe('the sandbox gateway keeps the states of a real one', () => {
  let t: TestApp;
  let gateway: PaymentGateway;
  let customer: string;
  const card = (number: string) => ({ raw: { number, expMonth: 12, expYear: 2030, cvc: '123' } });
  const authorize = (paymentMethodId: string, key: string, amountCents = 2500) =>
    gateway.authorize({
      amountCents,
      currency: 'usd',
      customerId: customer,
      paymentMethodId,
      idempotencyKey: key,
      description: 'test',
      metadata: {},
    });

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T12:00:00Z' });
    gateway = sandboxGateway(t.database, t.clock);
    customer = await gateway.createCustomer({ patientId: 'p', email: null, name: 'Test' });
  });
  afterAll(() => t.close());

  it('authorizes, captures once, refunds at most the captured amount', async () => {
    const visa = await gateway.addCard(customer, card(SANDBOX_TEST_CARDS.success));
    expect(visa).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    const result = await authorize(visa.id, 'k-1');
    expect(result).toMatchObject({ ok: true, status: 'Uncaptured' });
    if (!result.ok) throw new Error('not authorized');
    expect(await gateway.status(result.reference)).toBe('Uncaptured');
    await gateway.capture(result.reference, 'c-1');
    await gateway.capture(result.reference, 'c-1'); // idempotent
    expect(await gateway.status(result.reference)).toBe('Captured');
    await expect(gateway.cancel(result.reference)).rejects.toThrow(/Cannot cancel a succeeded charge/);
    await expect(gateway.refund(result.reference, 3000)).rejects.toThrow(/exceeds/);
    await gateway.refund(result.reference, 1000);
    expect(await gateway.status(result.reference)).toBe('Refunded');
    await gateway.refund(result.reference);
    await expect(gateway.refund(result.reference, 1)).rejects.toThrow(/exceeds/);
  });

  it('cancels an authorization, which can then never be captured', async () => {
    const visa = await gateway.addCard(customer, card(SANDBOX_TEST_CARDS.success));
    const result = await authorize(visa.id, 'k-2');
    if (!result.ok) throw new Error('not authorized');
    await gateway.cancel(result.reference);
    await gateway.cancel(result.reference);
    expect(await gateway.status(result.reference)).toBe('Canceled');
    await expect(gateway.capture(result.reference, 'c-2')).rejects.toThrow(
      /Cannot capture a canceled charge/,
    );
    await expect(gateway.refund(result.reference)).rejects.toThrow(/Cannot refund a canceled charge/);
  });

  it('answers the same authorization for the same idempotency key', async () => {
    const visa = await gateway.addCard(customer, card(SANDBOX_TEST_CARDS.success));
    const [a, b] = await Promise.all([authorize(visa.id, 'k-3'), authorize(visa.id, 'k-3')]);
    expect(a.ok && b.ok && a.reference === b.reference).toBe(true);
    const rows = await t.database.query('select id from sandbox_charges where idempotency_key = $1', ['k-3']);
    expect(rows).toHaveLength(1);
  });

  it('declines the decline and insufficient-funds test cards, and a card of another customer', async () => {
    const declined = await gateway.addCard(customer, card(SANDBOX_TEST_CARDS.decline));
    expect(await authorize(declined.id, 'k-4')).toEqual({ ok: false, reference: null, reason: 'declined' });
    const poor = await gateway.addCard(customer, card(SANDBOX_TEST_CARDS.insufficientFunds));
    expect(await authorize(poor.id, 'k-5')).toEqual({
      ok: false,
      reference: null,
      reason: 'insufficient_funds',
    });
    const other = await gateway.createCustomer({ patientId: 'q', email: null, name: 'Other' });
    const theirs = await gateway.addCard(other, card(SANDBOX_TEST_CARDS.success));
    expect(await authorize(theirs.id, 'k-6')).toMatchObject({ ok: false, reason: 'invalid_method' });
  });

  it('refuses numbers that are not test cards, and expired cards', async () => {
    await expect(gateway.addCard(customer, card('4111111111111112'))).rejects.toMatchObject({
      issues: [{ field: 'Card.Number' }],
    });
    await expect(
      gateway.addCard(customer, {
        raw: { number: SANDBOX_TEST_CARDS.success, expMonth: 10, expYear: 2026, cvc: '123' },
      }),
    ).rejects.toMatchObject({
      issues: [{ field: 'Card.ExpYear', rule: 'expired' }],
    });
    expect((await gateway.listCards(customer)).every((c) => c.last4.length === 4)).toBe(true);
  });
});
