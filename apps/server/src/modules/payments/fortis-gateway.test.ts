import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORTIS_CREDENTIALS,
  FORTIS_MERCHANT,
  FORTIS_TOKENS,
  fortisStandIn,
} from '../../testing/fake-gateways';
import { fortisGateway } from './fortis-gateway';
import type { AuthorizeInput, PaymentGateway } from './gateway';

describe('the Fortis adapter (API v1) against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof fortisStandIn>>;
  let gateway: PaymentGateway;
  beforeAll(async () => {
    standIn = await fortisStandIn();
    gateway = fortisGateway({ ...FORTIS_CREDENTIALS, apiUrl: standIn.url });
  });
  afterAll(() => standIn.close());

  const account = {
    accountNumber: FORTIS_MERCHANT.locationId,
    productId: FORTIS_MERCHANT.productId,
    credential: null,
  };
  const authorize = (token: string, key: string, extra: Partial<AuthorizeInput> = {}) =>
    gateway.authorize({
      amountCents: 7500,
      currency: 'usd',
      customerId: 'p1',
      paymentMethodId: token,
      idempotencyKey: key,
      description: 'CareSlot visit fee',
      metadata: { transaction_id: key.slice(10) },
      account,
      ...extra,
    });

  it("holds the fee on the hosted field's token (auth-only, cents, the platform's headers, the practice's location and product)", async () => {
    const result = await authorize(FORTIS_TOKENS.visa, 'authorize:9b7f1c1e-0000-4000-8000-000000000001');
    expect(result).toMatchObject({ ok: true, status: 'Uncaptured', last4: '1111' });
    const call = standIn.calls.find((c) => c.path === '/v1/transactions/cc/auth-only/token')!;
    expect(call.method).toBe('POST');
    expect(call.headers).toMatchObject({
      'user-id': FORTIS_CREDENTIALS.userId,
      'user-api-key': FORTIS_CREDENTIALS.userApiKey,
      'developer-id': FORTIS_CREDENTIALS.developerId,
      'content-type': 'application/json',
    });
    expect(call.body).toEqual({
      location_id: FORTIS_MERCHANT.locationId,
      product_transaction_id: FORTIS_MERCHANT.productId,
      token_id: FORTIS_TOKENS.visa,
      transaction_amount: 7500,
      transaction_api_id: 'authorize-9b7f1c1e-0000-4000-8000-000000000001',
      order_number: '9b7f1c1e-0000-4000-8000-000000000001',
      description: 'CareSlot visit fee',
    });
  });

  it('answers the first transaction for a retried key, and finds it after a crash', async () => {
    const first = await authorize(FORTIS_TOKENS.visa, 'authorize:retry-1');
    const again = await authorize(FORTIS_TOKENS.visa, 'authorize:retry-1');
    if (!first.ok || !again.ok) throw new Error('not authorized');
    expect(again.reference).toBe(first.reference);
    expect(
      [...standIn.transactions.values()].filter((t) => t.transaction_api_id === 'authorize-retry-1'),
    ).toHaveLength(1);
    expect(
      await gateway.findAuthorization({
        idempotencyKey: 'authorize:retry-1',
        transactionId: 'retry-1',
        account,
      }),
    ).toBe(first.reference);
    expect(
      await gateway.findAuthorization({ idempotencyKey: 'authorize:never', transactionId: 'never', account }),
    ).toBeNull();
  });

  it('completes after the booking, refunds part then refuses more than was paid, and reads the status', async () => {
    const result = await authorize(FORTIS_TOKENS.visa, 'authorize:capture-1');
    if (!result.ok) throw new Error('not authorized');
    await gateway.capture(result.reference, 'capture:capture-1');
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/v1/transactions/${result.reference}/auth-complete`,
    });
    await gateway.capture(result.reference, 'capture:capture-1'); // completed already: fine
    expect(await gateway.status(result.reference)).toBe('Captured');
    await gateway.refund(result.reference, 2500);
    const refund = standIn.calls.find((c) => c.path === '/v1/transactions/cc/refund/prev-trxn')!;
    expect(refund.body).toEqual({
      previous_transaction_id: result.reference,
      transaction_amount: 2500,
      transaction_api_id: `refund-${result.reference}-2500`,
    });
    await gateway.refund(result.reference, 2500); // the same refund again (a lost answer): not a second refund
    expect(
      [...standIn.transactions.values()].filter((t) => t.previous_transaction_id === result.reference),
    ).toHaveLength(1);
    await expect(gateway.refund(result.reference, 9000)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('voids an authorization twice without error, and then refuses to complete it', async () => {
    const result = await authorize(FORTIS_TOKENS.visa, 'authorize:void-1');
    if (!result.ok) throw new Error('not authorized');
    await gateway.cancel(result.reference);
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/v1/transactions/${result.reference}/void`,
    });
    await gateway.cancel(result.reference);
    expect(await gateway.status(result.reference)).toBe('Canceled');
    await expect(gateway.capture(result.reference, 'capture:void-1')).rejects.toMatchObject({
      code: 'invalid_state',
    });
  });

  it('maps a decline, insufficient funds, an unknown token, a server error and missing settings', async () => {
    expect(await authorize(FORTIS_TOKENS.decline, 'authorize:decline-1')).toMatchObject({
      ok: false,
      reason: 'declined',
    });
    expect(await authorize(FORTIS_TOKENS.insufficientFunds, 'authorize:nsf-1')).toMatchObject({
      ok: false,
      reason: 'insufficient_funds',
    });
    expect(await authorize('tok-not-from-fortis', 'authorize:unknown-1')).toEqual({
      ok: false,
      reference: null,
      reason: 'invalid_method',
    });
    await expect(authorize(FORTIS_TOKENS.serverError, 'authorize:error-1')).rejects.toMatchObject({
      code: 'unavailable',
    });
    await expect(
      authorize(FORTIS_TOKENS.visa, 'authorize:nosettings', {
        account: { accountNumber: null, productId: null, credential: null },
      }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    const wrongKey = fortisGateway({ ...FORTIS_CREDENTIALS, userApiKey: 'not-the-key', apiUrl: standIn.url });
    await expect(wrongKey.status('0123456789abcdef01234567')).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('keeps no saved cards: the card is the token sent with the payment', async () => {
    expect(gateway.savedCards).toBe(false);
    expect(await gateway.listCards('p1')).toEqual([]);
    await expect(
      gateway.addCard('p1', { raw: { number: '4111111111111111', expMonth: 1, expYear: 2031, cvc: '123' } }),
    ).rejects.toMatchObject({ issues: [{ field: 'PaymentMethodId', rule: 'hosted_field' }] });
  });
});
