import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBALPAY_APP, GLOBALPAY_TOKENS, globalPayStandIn } from '../../testing/fake-gateways';
import type { AuthorizeInput, PaymentGateway } from './gateway';
import { globalPayGateway } from './globalpay-gateway';

describe('the Global Payments adapter (GP-API) against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof globalPayStandIn>>;
  let gateway: PaymentGateway;
  beforeAll(async () => {
    standIn = await globalPayStandIn();
    gateway = globalPayGateway({ apiUrl: `${standIn.url}/ucp` });
  });
  afterAll(() => standIn.close());

  const account = { accountNumber: GLOBALPAY_APP.appId, productId: null, credential: GLOBALPAY_APP.appKey };
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

  it("signs in with the location's app id and a SHA-512 secret (the key never travels), then holds the fee for later capture", async () => {
    const result = await authorize(GLOBALPAY_TOKENS.visa, 'authorize:4c1f0000-0000-4000-8000-000000000001');
    expect(result).toMatchObject({ ok: true, status: 'Uncaptured', last4: '1111' });
    const signIn = standIn.calls.find((c) => c.path === '/ucp/accesstoken')!;
    const body = signIn.body as { app_id: string; nonce: string; secret: string; grant_type: string };
    expect(body.app_id).toBe(GLOBALPAY_APP.appId);
    expect(body.grant_type).toBe('client_credentials');
    expect(body.secret).toBe(
      createHash('sha512')
        .update(body.nonce + GLOBALPAY_APP.appKey)
        .digest('hex'),
    );
    expect(JSON.stringify(standIn.calls)).not.toContain(GLOBALPAY_APP.appKey);
    const sale = standIn.calls.find((c) => c.path === '/ucp/transactions' && c.method === 'POST')!;
    expect(sale.headers).toMatchObject({
      'x-gp-version': '2021-03-22',
      'x-gp-idempotency': 'authorize:4c1f0000-0000-4000-8000-000000000001',
      'content-type': 'application/json',
    });
    expect(sale.headers.authorization).toMatch(/^Bearer gpapi_/);
    expect(sale.body).toEqual({
      account_name: 'transaction_processing',
      type: 'SALE',
      channel: 'CNP',
      capture_mode: 'LATER',
      amount: '7500',
      currency: 'USD',
      reference: '4c1f0000-0000-4000-8000-000000000001',
      description: 'CareSlot visit fee',
      country: 'US',
      payment_method: { entry_mode: 'ECOM', id: GLOBALPAY_TOKENS.visa },
    });
  });

  it('keeps its access token until it nearly expires, answers the same authorization for a retried key, and finds it after a crash', async () => {
    const before = standIn.tokensIssued();
    const first = await authorize(GLOBALPAY_TOKENS.visa, 'authorize:retry-1');
    const again = await authorize(GLOBALPAY_TOKENS.visa, 'authorize:retry-1');
    if (!first.ok || !again.ok) throw new Error('not authorized');
    expect(again.reference).toBe(first.reference);
    expect(standIn.tokensIssued()).toBe(before);
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

  it('captures after the booking (twice is fine), refunds in cents, refuses more than was paid', async () => {
    const result = await authorize(GLOBALPAY_TOKENS.visa, 'authorize:capture-1');
    if (!result.ok) throw new Error('not authorized');
    await gateway.capture(result.reference, 'capture:capture-1', account);
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/ucp/transactions/${result.reference}/capture`,
      headers: { 'x-gp-idempotency': 'capture:capture-1' },
    });
    await gateway.capture(result.reference, 'capture:capture-1', account);
    expect(await gateway.status(result.reference, account)).toBe('Captured');
    await gateway.refund(result.reference, 2500, account);
    expect(standIn.calls.at(-1)).toMatchObject({
      path: `/ucp/transactions/${result.reference}/refund`,
      body: { amount: '2500' },
    });
    await expect(gateway.refund(result.reference, 9000, account)).rejects.toMatchObject({
      code: 'invalid_state',
    });
  });

  it('reverses an authorization (twice is fine), and then refuses to capture it', async () => {
    const result = await authorize(GLOBALPAY_TOKENS.visa, 'authorize:reverse-1');
    if (!result.ok) throw new Error('not authorized');
    await gateway.cancel(result.reference, account);
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/ucp/transactions/${result.reference}/reversal`,
    });
    await gateway.cancel(result.reference, account);
    expect(await gateway.status(result.reference, account)).toBe('Canceled');
    await expect(gateway.capture(result.reference, 'capture:reverse-1', account)).rejects.toMatchObject({
      code: 'invalid_state',
    });
  });

  it('maps a decline, insufficient funds, an unknown token, a server error, wrong credentials and missing settings', async () => {
    expect(await authorize(GLOBALPAY_TOKENS.decline, 'authorize:decline-1')).toMatchObject({
      ok: false,
      reason: 'declined',
    });
    expect(await authorize(GLOBALPAY_TOKENS.insufficientFunds, 'authorize:nsf-1')).toMatchObject({
      ok: false,
      reason: 'insufficient_funds',
    });
    expect(await authorize('PMT_not-issued', 'authorize:unknown-1')).toEqual({
      ok: false,
      reference: null,
      reason: 'invalid_method',
    });
    await expect(authorize(GLOBALPAY_TOKENS.serverError, 'authorize:error-1')).rejects.toMatchObject({
      code: 'unavailable',
    });
    await expect(
      authorize(GLOBALPAY_TOKENS.visa, 'authorize:wrong-key', {
        account: { ...account, credential: 'not-the-app-key' },
      }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      authorize(GLOBALPAY_TOKENS.visa, 'authorize:no-settings', {
        account: { accountNumber: GLOBALPAY_APP.appId, productId: null, credential: null },
      }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
