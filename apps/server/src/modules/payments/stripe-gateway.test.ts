import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@careslot/contracts';
import { loadConfig } from '../../config';
import { bearer, createTestApp } from '../../testing/app';
import { createTestPatient } from '../../testing/patients';
import type { Database } from '../../platform/db';
import { createGatewayRegistry } from './registry';
import { stripeGateway } from './stripe-gateway';
import type { PaymentGateway } from './gateway';

/** One recorded call to the stand-in: method, path, form body and idempotency key. */
interface Call {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
}

/**
 * A local stand-in for the few Stripe API endpoints the adapter uses, answering like Stripe does (objects,
 * error bodies with type/code/decline_code), so the real SDK is exercised end to end without the network.
 */
function stripeStandIn() {
  const calls: Call[] = [];
  const intents = new Map<
    string,
    { id: string; object: 'payment_intent'; status: string; amount: number; latest_charge: null }
  >();
  let counter = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = new URLSearchParams(await read(req));
      const url = new URL(req.url ?? '/', 'http://localhost');
      const key = req.headers['idempotency-key'];
      calls.push({
        method: req.method ?? '',
        path: url.pathname,
        body,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${(counter += 1)}` });
        res.end(JSON.stringify(payload));
      };
      const p = url.pathname;
      if (req.method === 'POST' && p === '/v1/customers')
        return send(200, { id: 'cus_test_1', object: 'customer' });
      let m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(p);
      if (m) {
        if (m[1] === 'pm_missing')
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such PaymentMethod',
            },
          });
        return send(200, {
          id: m[1],
          object: 'payment_method',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
        });
      }
      if (/^\/v1\/customers\/[^/]+\/payment_methods$/.test(p)) {
        return send(200, {
          object: 'list',
          has_more: false,
          data: [
            {
              id: 'pm_card_visa',
              object: 'payment_method',
              card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
            },
          ],
        });
      }
      if (req.method === 'POST' && p === '/v1/payment_intents') {
        const pm = body.get('payment_method');
        if (pm === 'pm_card_chargeDeclined')
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          });
        if (pm === 'pm_card_visa_chargeDeclinedInsufficientFunds')
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            },
          });
        const intent = {
          id: `pi_test_${(counter += 1)}`,
          object: 'payment_intent' as const,
          status: 'requires_capture',
          amount: Number(body.get('amount')),
          latest_charge: null,
        };
        intents.set(intent.id, intent);
        return send(200, intent);
      }
      m = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(p);
      if (m) {
        const intent = intents.get(m[1]!);
        if (!intent)
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such payment_intent',
            },
          });
        if (m[2] === 'capture') {
          if (intent.status !== 'requires_capture')
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'This PaymentIntent could not be captured',
              },
            });
          intent.status = 'succeeded';
        }
        if (m[2] === 'cancel') {
          if (intent.status !== 'requires_capture')
            return send(400, {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'This PaymentIntent could not be canceled',
              },
            });
          intent.status = 'canceled';
        }
        return send(200, intent);
      }
      if (req.method === 'POST' && p === '/v1/refunds')
        return send(200, { id: 're_test_1', object: 'refund', status: 'succeeded' });
      return send(404, {
        error: { type: 'invalid_request_error', message: `no stand-in for ${req.method} ${p}` },
      });
    })();
  });
  return { server, calls };
}

describe('the Stripe adapter through the official SDK', () => {
  const standIn = stripeStandIn();
  let gateway: PaymentGateway;
  const PORT = 3561; // inside this branch's port range
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(PORT, '127.0.0.1', resolve));
    gateway = stripeGateway({ secretKey: 'sk_test_standin', apiUrl: `http://127.0.0.1:${PORT}` });
  });
  afterAll(() => new Promise<void>((resolve) => standIn.server.close(() => resolve())));

  const authorize = (paymentMethodId: string, key: string) =>
    gateway.authorize({
      amountCents: 7500,
      currency: 'usd',
      customerId: 'cus_test_1',
      paymentMethodId,
      idempotencyKey: key,
      description: 'CareSlot visit fee',
      metadata: { transaction_id: 't1' },
    });

  it('authorizes with manual capture and an idempotency key, then captures and refunds', async () => {
    const result = await authorize('pm_card_visa', 'authorize:t1');
    expect(result).toMatchObject({ ok: true, status: 'Uncaptured' });
    const create = standIn.calls.find((c) => c.path === '/v1/payment_intents')!;
    expect(create.body.get('capture_method')).toBe('manual');
    expect(create.body.get('confirm')).toBe('true');
    expect(create.body.get('amount')).toBe('7500');
    expect(create.body.get('metadata[transaction_id]')).toBe('t1');
    expect(create.idempotencyKey).toBe('authorize:t1');
    if (!result.ok) throw new Error('not authorized');

    await gateway.capture(result.reference, 'capture:t1');
    const capture = standIn.calls.find((c) => c.path.endsWith('/capture'))!;
    expect(capture.idempotencyKey).toBe('capture:t1');
    await gateway.capture(result.reference, 'capture:t1'); // already captured: fine
    expect(await gateway.status(result.reference)).toBe('Captured');
    await gateway.refund(result.reference, 2500);
    expect(standIn.calls.find((c) => c.path === '/v1/refunds')!.body.get('payment_intent')).toBe(
      result.reference,
    );
  });

  it('cancels an authorization, and refuses to capture it afterwards', async () => {
    const result = await authorize('pm_card_visa', 'authorize:t2');
    if (!result.ok) throw new Error('not authorized');
    await gateway.cancel(result.reference);
    await gateway.cancel(result.reference);
    expect(await gateway.status(result.reference)).toBe('Canceled');
    await expect(gateway.capture(result.reference, 'capture:t2')).rejects.toMatchObject({
      code: 'invalid_state',
    });
  });

  it('maps card errors to declines and insufficient funds', async () => {
    expect(await authorize('pm_card_chargeDeclined', 'authorize:t3')).toEqual({
      ok: false,
      reference: null,
      reason: 'declined',
    });
    expect(await authorize('pm_card_visa_chargeDeclinedInsufficientFunds', 'authorize:t4')).toEqual({
      ok: false,
      reference: null,
      reason: 'insufficient_funds',
    });
  });

  it('attaches a tokenised card, lists cards, and refuses raw card numbers', async () => {
    expect(await gateway.createCustomer({ patientId: 'p1', email: 'a@example.com', name: 'A B' })).toBe(
      'cus_test_1',
    );
    expect(await gateway.addCard('cus_test_1', { paymentMethodId: 'pm_card_visa' })).toEqual({
      id: 'pm_card_visa',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
    });
    await expect(gateway.addCard('cus_test_1', { paymentMethodId: 'pm_missing' })).rejects.toMatchObject({
      issues: [{ field: 'PaymentMethodId' }],
    });
    await expect(
      gateway.addCard('cus_test_1', {
        raw: { number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '123' },
      }),
    ).rejects.toMatchObject({ issues: [{ field: 'Card' }] });
    expect((await gateway.listCards('cus_test_1')).map((c) => c.id)).toEqual(['pm_card_visa']);
  });
});

describe('the gateway registry', () => {
  const database = {} as Database; // the registry makes no query of its own
  const clock = { now: () => new Date() };
  it('answers Stripe for a practice configured for Stripe only when STRIPE_SECRET_KEY is set', () => {
    const offline = createGatewayRegistry({ config: loadConfig({ NODE_ENV: 'test' }), database, clock });
    expect(offline.forName('Stripe')?.name).toBe('sandbox');
    // Fortis and Global Payments without credentials: the sandbox stands in only where the whole server runs on it.
    expect(offline.forName('fortis')?.name).toBe('sandbox');
    expect(offline.available('globalpay')).toBe(true);
    expect(offline.forName('unknown')).toBeNull();
    expect(() => offline.byStoredName('stripe')).toThrow(/No gateway stripe/);
    const live = createGatewayRegistry({
      config: loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_abc123' }),
      database,
      clock,
    });
    expect(live.forName(' STRIPE ')?.name).toBe('stripe');
    expect(live.forName('sandbox')?.name).toBe('sandbox');
    expect(live.forName('fortis')).toBeNull();
    expect(live.available('fortis')).toBe(false);
    expect(live.available('paypal')).toBe(true);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('answers Fortis and Global Payments with their adapters once their credentials are set, beside real Stripe (decision 0071)', () => {
    const env = { NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_abc123' };
    const fortis = { FORTIS_USER_ID: 'user', FORTIS_USER_API_KEY: 'key', FORTIS_DEVELOPER_ID: 'dev' };
    const live = createGatewayRegistry({
      config: loadConfig({ ...env, ...fortis, GLOBALPAY_API_URL: 'https://apis.sandbox.globalpay.com/ucp' }),
      database,
      clock,
    });
    expect(live.forName('Fortis')).toMatchObject({ name: 'fortis', savedCards: false });
    expect(live.forName('globalpay')).toMatchObject({ name: 'globalpay', savedCards: false });
    expect(live.available('fortis') && live.available('globalpay')).toBe(true);
    expect(live.byStoredName('fortis').name).toBe('fortis');
    expect(live.byStoredName('globalpay').name).toBe('globalpay');
    // Without Stripe, a configured Fortis is still the real one; Global Payments without its URL is the sandbox.
    const noStripe = createGatewayRegistry({
      config: loadConfig({ NODE_ENV: 'test', ...fortis }),
      database,
      clock,
    });
    expect(noStripe.forName('fortis')?.name).toBe('fortis');
    expect(noStripe.forName('globalpay')?.name).toBe('sandbox');
    expect(() => loadConfig({ FORTIS_USER_ID: 'user', FORTIS_USER_API_KEY: 'key' })).toThrow(
      /FORTIS_DEVELOPER_ID/,
    );
  });

  it('answers PayPal for a practice configured for PayPal: the REST adapter when its credentials are set, else the local wallet', () => {
    const offline = createGatewayRegistry({ config: loadConfig({ NODE_ENV: 'test' }), database, clock });
    expect(offline.walletForName(' PayPal ')).toMatchObject({ name: 'paypal-sandbox', local: true });
    expect(offline.walletForName('stripe')).toBeNull();
    expect(offline.forName('paypal')).toBeNull();
    expect(offline.walletByStoredName('paypal-sandbox')?.local).toBe(true);
    expect(offline.walletByStoredName('sandbox')).toBeNull();
    const live = createGatewayRegistry({
      config: loadConfig({ NODE_ENV: 'test', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }),
      database,
      clock,
    });
    expect(live.walletForName('paypal')).toMatchObject({ name: 'paypal', local: false });
    expect(live.byStoredName('paypal').name).toBe('paypal');
    // Transactions of the local wallet are still settled by it after PayPal is configured.
    expect(live.byStoredName('paypal-sandbox').name).toBe('paypal-sandbox');
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(/PAYPAL_CLIENT_SECRET/);
  });

  it('takes a publishable key only with a secret key of the same mode', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })
        .STRIPE_PUBLISHABLE_KEY,
    ).toBe('pk_test_abc');
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: set STRIPE_SECRET_KEY too/,
    );
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toThrow(/same mode/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
});

describe('saving a card the browser tokenised with Stripe Elements (a pm_ id)', () => {
  const standIn = stripeStandIn();
  const PORT = 3562;
  beforeAll(() => new Promise<void>((resolve) => standIn.server.listen(PORT, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => standIn.server.close(() => resolve())));

  it('with Stripe configured: tells the web app the publishable key, attaches the PaymentMethod to the patient and lists it masked', async () => {
    const t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_API_URL: `http://127.0.0.1:${PORT}`,
      },
    });
    try {
      expect((await t.call<{ payments: unknown }>({ url: '/api/app-config' })).json.payments).toEqual({
        stripePublishableKey: 'pk_test_standin',
        hostedCardFields: { fortis: null, globalpay: null },
      });
      const a = await createTestPatient(t);
      const saved = await t.call<{ data: PaymentMethod }>({
        method: 'POST',
        url: '/careslot-payment-service/api/v1/stripepayment/customers/payment-methods',
        headers: bearer(a.token),
        payload: { PatientId: a.id, PaymentMethodId: 'pm_card_visa' },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json.data).toEqual({
        Id: 'pm_card_visa',
        Brand: 'visa',
        MaskedNumber: 'xxxxxxxxxx4242',
        Last4: '4242',
        ExpMonth: 12,
        ExpYear: 2031,
      });
      const attach = standIn.calls.find((c) => c.path === '/v1/payment_methods/pm_card_visa/attach')!;
      expect(attach.body.get('customer')).toBe('cus_test_1');
      // A card number never goes to a server that takes cards through Stripe.
      const raw = await t.call<{ errors: { field: string; rule: string }[] }>({
        method: 'POST',
        url: '/careslot-payment-service/api/v1/stripepayment/customers/payment-methods',
        headers: bearer(a.token),
        payload: {
          PatientId: a.id,
          Card: { Number: '4242424242424242', ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
        },
      });
      expect(raw.statusCode).toBe(400);
      expect(raw.json.errors[0]).toMatchObject({ field: 'Card', rule: 'tokenised' });
    } finally {
      await t.close();
    }
  });

  it('without Stripe: the sandbox card form is the one offered, and a pm_ id is refused naming the field', async () => {
    const t = await createTestApp();
    try {
      expect((await t.call<{ payments: unknown }>({ url: '/api/app-config' })).json.payments).toEqual({
        stripePublishableKey: null,
        hostedCardFields: { fortis: null, globalpay: null },
      });
      const a = await createTestPatient(t);
      const url = '/careslot-payment-service/api/v1/stripepayment/customers/payment-methods';
      const pm = await t.call<{ errors: { field: string; rule: string }[] }>({
        method: 'POST',
        url,
        headers: bearer(a.token),
        payload: { PatientId: a.id, PaymentMethodId: 'pm_card_visa' },
      });
      expect(pm.statusCode).toBe(400);
      expect(pm.json.errors[0]).toMatchObject({ field: 'PaymentMethodId', rule: 'sandbox' });
      const notPm = await t.call<{ errors: { field: string }[] }>({
        method: 'POST',
        url,
        headers: bearer(a.token),
        payload: { PatientId: a.id, PaymentMethodId: 'tok_visa' },
      });
      expect(notPm.statusCode).toBe(400);
      expect(notPm.json.errors[0]?.field).toBe('body.PaymentMethodId');
    } finally {
      await t.close();
    }
  });
});
