import { describe, expect, it } from 'vitest';
import { GatewayError } from './gateway';
import { paypalGateway } from './paypal-gateway';

/** One call the adapter made: method, path, headers that matter, JSON body. */
interface Call {
  method: string;
  path: string;
  authorization: string | null;
  requestId: string | null;
  body: unknown;
}

type Answer = { status: number; body?: unknown };
type Route = (call: Call) => Answer | undefined;

const API = 'https://api-m.sandbox.paypal.com';

/**
 * A fetch that answers like PayPal's REST API does, with the bodies of PayPal's documentation (Orders v2 and
 * Payments v2), and records every call.
 */
function paypalFetch(route: Route) {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    const raw = typeof init?.body === 'string' ? init.body : '';
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      authorization: headers.get('authorization'),
      requestId: headers.get('paypal-request-id'),
      body: url.pathname === '/v1/oauth2/token' ? raw : raw ? JSON.parse(raw) : undefined,
    };
    calls.push(call);
    if (call.path === '/v1/oauth2/token') {
      return Response.json({
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token:
          'A21AAFEpH4PsADK7qSS7pSRsgzfENtu-Q1ysgEDVDESseMHBYXVJYE8ovjj68elIDy8nF26AwPhfXTIeWAZHSLIsQkSYz9ifg',
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 31668,
        nonce: '2020-04-03T15:35:36ZaYZlGvEkV4yVSz8g6bAKFoGSEzuy3CQcz3ljhibkOHg',
      });
    }
    const answer = route(call) ?? {
      status: 404,
      body: {
        name: 'RESOURCE_NOT_FOUND',
        details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
        message: 'The specified resource does not exist.',
      },
    };
    return answer.body === undefined
      ? new Response(null, { status: answer.status })
      : Response.json(answer.body, { status: answer.status });
  };
  return { calls, fetchImpl };
}

const gatewayWith = (route: Route) => {
  const mock = paypalFetch(route);
  return {
    ...mock,
    gateway: paypalGateway({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      apiUrl: API,
      fetch: mock.fetchImpl,
    }),
  };
};

const ORDER_ID = '5O190127TN364715T';
const AUTHORIZATION_ID = '0AW2184448108334S';
const CAPTURE_ID = '2GG279541U471931P';

const createdOrder = {
  id: ORDER_ID,
  status: 'PAYER_ACTION_REQUIRED',
  payment_source: { paypal: {} },
  links: [
    { href: `https://api.sandbox.paypal.com/v2/checkout/orders/${ORDER_ID}`, rel: 'self', method: 'GET' },
    {
      href: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`,
      rel: 'payer-action',
      method: 'GET',
    },
  ],
};

const authorizedOrder = {
  id: ORDER_ID,
  status: 'COMPLETED',
  purchase_units: [
    {
      reference_id: 'd9f80740-38f0-11e8-b467-0ed5f89f718b',
      payments: {
        authorizations: [
          {
            id: AUTHORIZATION_ID,
            status: 'CREATED',
            amount: { currency_code: 'USD', value: '75.00' },
            expiration_time: '2026-12-23T10:00:00Z',
            links: [
              {
                href: `https://api.sandbox.paypal.com/v2/payments/authorizations/${AUTHORIZATION_ID}`,
                rel: 'self',
                method: 'GET',
              },
            ],
          },
        ],
      },
    },
  ],
};

const unprocessable = (issue: string, description: string) => ({
  status: 422,
  body: {
    name: 'UNPROCESSABLE_ENTITY',
    details: [{ issue, description }],
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: 'f0f8a6bb6ab8e',
  },
});

const orderInput = {
  amountCents: 7500,
  currency: 'usd',
  idempotencyKey: 'order:tx-1',
  description: 'CareSlot visit fee',
  transactionId: 'tx-1',
  returnUrl: 'http://localhost:3000/book/pay-paypal?transaction=tx-1',
  cancelUrl: 'http://localhost:3000/book/pay-paypal?transaction=tx-1&cancelled=true',
};

describe('PayPal adapter (Orders v2 over fetch)', () => {
  it('gets a token with the client credentials once, then creates an AUTHORIZE order and answers its approval link', async () => {
    const { gateway, calls } = gatewayWith((c) =>
      c.method === 'POST' && c.path === '/v2/checkout/orders'
        ? { status: 200, body: createdOrder }
        : undefined,
    );
    const order = await gateway.createOrder(orderInput);
    expect(order).toEqual({
      orderId: ORDER_ID,
      approveUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`,
    });
    const [token, create] = calls;
    expect(token).toMatchObject({
      method: 'POST',
      path: '/v1/oauth2/token',
      body: 'grant_type=client_credentials',
    });
    expect(token!.authorization).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);
    expect(create!.authorization).toMatch(/^Bearer A21AA/);
    expect(create!.requestId).toBe('order:tx-1');
    expect(create!.body).toMatchObject({
      intent: 'AUTHORIZE',
      purchase_units: [{ custom_id: 'tx-1', amount: { currency_code: 'USD', value: '75.00' } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: orderInput.returnUrl,
            cancel_url: orderInput.cancelUrl,
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });
    await gateway.createOrder({ ...orderInput, idempotencyKey: 'order:tx-2' });
    expect(calls.filter((c) => c.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('authorizes an approved order and answers the authorization id as the reference', async () => {
    const { gateway, calls } = gatewayWith((c) =>
      c.path === `/v2/checkout/orders/${ORDER_ID}/authorize`
        ? { status: 201, body: authorizedOrder }
        : undefined,
    );
    expect(await gateway.authorizeOrder(ORDER_ID, 'authorize:tx-1')).toEqual({
      ok: true,
      reference: AUTHORIZATION_ID,
      status: 'Uncaptured',
    });
    expect(calls.at(-1)!.requestId).toBe('authorize:tx-1');
  });

  it('reports a refused funding source as a decline and an order the payer has not approved as such', async () => {
    const declined = gatewayWith(() =>
      unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      ),
    );
    expect(await declined.gateway.authorizeOrder(ORDER_ID, 'k')).toEqual({
      ok: false,
      reference: null,
      reason: 'declined',
    });
    const unapproved = gatewayWith(() =>
      unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.'),
    );
    expect(await unapproved.gateway.authorizeOrder(ORDER_ID, 'k')).toEqual({
      ok: false,
      reference: null,
      reason: 'invalid_method',
    });
  });

  it('answers the existing authorization when the order was authorized before (a retry after a lost answer)', async () => {
    const { gateway } = gatewayWith((c) => {
      if (c.path.endsWith('/authorize'))
        return unprocessable(
          'ORDER_ALREADY_AUTHORIZED',
          'Order already authorized. If you want to authorize again, create a new order.',
        );
      if (c.method === 'GET' && c.path === `/v2/checkout/orders/${ORDER_ID}`)
        return { status: 200, body: authorizedOrder };
      return undefined;
    });
    expect(await gateway.authorizeOrder(ORDER_ID, 'k')).toEqual({
      ok: true,
      reference: AUTHORIZATION_ID,
      status: 'Uncaptured',
    });
  });

  it('captures the authorization (final capture) and answers the capture id that refunds use; a second capture finds the same one', async () => {
    let captured = false;
    const { gateway, calls } = gatewayWith((c) => {
      if (c.path === `/v2/payments/authorizations/${AUTHORIZATION_ID}/capture`) {
        if (captured)
          return unprocessable(
            'AUTHORIZATION_ALREADY_CAPTURED',
            'Authorization has been previously captured and hence cannot be captured again.',
          );
        captured = true;
        return { status: 201, body: { id: CAPTURE_ID, status: 'COMPLETED', links: [] } };
      }
      if (c.method === 'GET' && c.path === `/v2/payments/authorizations/${AUTHORIZATION_ID}`) {
        return {
          status: 200,
          body: {
            id: AUTHORIZATION_ID,
            status: 'CAPTURED',
            supplementary_data: { related_ids: { order_id: ORDER_ID } },
          },
        };
      }
      if (c.method === 'GET' && c.path === `/v2/checkout/orders/${ORDER_ID}`) {
        return {
          status: 200,
          body: {
            ...authorizedOrder,
            purchase_units: [{ payments: { captures: [{ id: CAPTURE_ID, status: 'COMPLETED' }] } }],
          },
        };
      }
      if (c.path === `/v2/payments/captures/${CAPTURE_ID}/refund`)
        return { status: 201, body: { id: '1JU08902781691411', status: 'COMPLETED', links: [] } };
      return undefined;
    });
    expect(await gateway.capture(AUTHORIZATION_ID, 'capture:tx-1')).toBe(CAPTURE_ID);
    expect(calls.at(-1)).toMatchObject({ requestId: 'capture:tx-1', body: { final_capture: true } });
    expect(await gateway.capture(AUTHORIZATION_ID, 'capture:tx-1')).toBe(CAPTURE_ID);
    expect(await gateway.status(AUTHORIZATION_ID)).toBe('Captured');

    await gateway.refund(CAPTURE_ID, 2500);
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v2/payments/captures/${CAPTURE_ID}/refund`,
      body: { amount: { value: '25.00', currency_code: 'USD' } },
    });
    await gateway.refund(CAPTURE_ID);
    expect(calls.at(-1)!.body).toEqual({});
  });

  it('voids an authorization (204), and voiding one already voided succeeds', async () => {
    let voided = false;
    const { gateway, calls } = gatewayWith((c) => {
      if (c.path === `/v2/payments/authorizations/${AUTHORIZATION_ID}/void`) {
        if (voided)
          return unprocessable(
            'PREVIOUSLY_VOIDED',
            'Authorization has been previously voided and hence cannot be voided again.',
          );
        voided = true;
        return { status: 204 };
      }
      if (c.method === 'GET' && c.path === `/v2/payments/authorizations/${AUTHORIZATION_ID}`)
        return { status: 200, body: { id: AUTHORIZATION_ID, status: voided ? 'VOIDED' : 'CREATED' } };
      return undefined;
    });
    await gateway.cancel(AUTHORIZATION_ID);
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v2/payments/authorizations/${AUTHORIZATION_ID}/void`,
    });
    await gateway.cancel(AUTHORIZATION_ID);
    expect(await gateway.status(AUTHORIZATION_ID)).toBe('Canceled');
  });

  it('turns an unknown authorization into not_found and a refused capture into invalid_state', async () => {
    const { gateway } = gatewayWith((c) =>
      c.path.endsWith('/capture')
        ? unprocessable('AUTHORIZATION_VOIDED', 'A voided authorization cannot be captured or reauthorized.')
        : undefined,
    );
    await expect(gateway.status('NOPE')).rejects.toMatchObject({ code: 'not_found' });
    const error = await gateway.capture(AUTHORIZATION_ID, 'k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'invalid_state' });
  });

  it('says PayPal is unavailable when the client credentials are refused', async () => {
    const fetchImpl: typeof fetch = async () =>
      Response.json(
        { error: 'invalid_client', error_description: 'Client Authentication failed' },
        { status: 401 },
      );
    const gateway = paypalGateway({ clientId: 'x', clientSecret: 'y', apiUrl: API, fetch: fetchImpl });
    await expect(gateway.createOrder(orderInput)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
