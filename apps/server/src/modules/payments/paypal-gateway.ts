import type { PaymentStatus } from '@careslot/contracts';
import { GatewayError, type AuthorizeResult, type WalletGateway } from './gateway';

export interface PaypalGatewayOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com (default) or https://api-m.paypal.com; tests point it at a stand-in. */
  apiUrl: string;
  /** Injected by tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  now?: () => number;
}

interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

interface PaypalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

interface PaypalAuthorization {
  id: string;
  status: string;
}

interface PaypalOrder {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: {
    payments?: { authorizations?: PaypalAuthorization[]; captures?: { id: string; status: string }[] };
  }[];
}

/** An answer of PayPal other than 2xx: its HTTP status and the first issue of its error body. */
class PaypalHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: PaypalErrorBody | null,
  ) {
    super(body?.message ?? `PayPal answered ${status}`);
  }
  get issue(): string | null {
    return this.body?.details?.[0]?.issue ?? null;
  }
}

/** PayPal's card declines at authorization (Orders v2 error issues). */
const DECLINED_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'PAYEE_BLOCKED_TRANSACTION',
]);
/** The payer did not approve (or left): nothing was held. */
const NOT_APPROVED_ISSUES = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);

const value = (cents: number) => (cents / 100).toFixed(2);

function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof PaypalHttpError) {
    if (error.status === 404 || error.issue === 'INVALID_RESOURCE_ID')
      return new GatewayError('PayPal has no such object', 'not_found', { cause: error });
    if (error.status === 422)
      return new GatewayError(error.body?.details?.[0]?.description ?? error.message, 'invalid_state', {
        cause: error,
      });
    if (error.status === 400) return new GatewayError(error.message, 'invalid_request', { cause: error });
  }
  return new GatewayError('PayPal is unavailable', 'unavailable', { cause: error });
}

function authorizationStatus(status: string): PaymentStatus {
  switch (status) {
    case 'CREATED':
      return 'Uncaptured';
    case 'CAPTURED':
    case 'PARTIALLY_CAPTURED':
      return 'Captured';
    case 'VOIDED':
    case 'EXPIRED':
      return 'Canceled';
    case 'DENIED':
      return 'Rejected';
    default:
      // PENDING (under review at PayPal)
      return 'Pending';
  }
}

/**
 * PayPal through its Orders v2 REST API (decision 0024): an order with intent AUTHORIZE, approved by the payer
 * at PayPal, then authorized by the server; the authorization is captured after the booking commits, voided
 * when it fails, and its capture refunded on the refund path of 4.6. Every mutating call carries a
 * PayPal-Request-Id, so a retried call answers the first one's result instead of doing it twice.
 */
export function paypalGateway(options: PaypalGatewayOptions): WalletGateway {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.apiUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const response = await doFetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok)
      throw new GatewayError(`PayPal refused the client credentials (${response.status})`, 'unavailable');
    const body = (await response.json()) as { access_token: string; expires_in: number };
    // Renewed a minute early so a call never goes out with a token about to lapse.
    token = { value: body.access_token, expiresAt: now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<T | null> {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) throw new PaypalHttpError(response.status, parsed as PaypalErrorBody | null);
    return parsed as T | null;
  }

  const getAuthorization = async (id: string) =>
    (await call<PaypalAuthorization & { supplementary_data?: { related_ids?: { order_id?: string } } }>(
      'GET',
      `/v2/payments/authorizations/${encodeURIComponent(id)}`,
    ))!;
  const getOrder = async (id: string) =>
    (await call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`))!;

  function authorizationOf(order: PaypalOrder): PaypalAuthorization | null {
    return order.purchase_units?.[0]?.payments?.authorizations?.[0] ?? null;
  }

  function authorizeResult(order: PaypalOrder): AuthorizeResult {
    const authorization = authorizationOf(order);
    if (!authorization) return { ok: false, reference: null, reason: 'declined' };
    const status = authorizationStatus(authorization.status);
    if (status === 'Uncaptured' || status === 'Pending')
      return { ok: true, reference: authorization.id, status };
    return { ok: false, reference: authorization.id, reason: 'declined' };
  }

  return {
    name: 'paypal',
    local: false,

    async createOrder(input) {
      try {
        const order = await call<PaypalOrder>(
          'POST',
          '/v2/checkout/orders',
          {
            intent: 'AUTHORIZE',
            purchase_units: [
              {
                reference_id: input.transactionId,
                custom_id: input.transactionId,
                description: input.description,
                amount: { currency_code: input.currency.toUpperCase(), value: value(input.amountCents) },
              },
            ],
            payment_source: {
              paypal: {
                experience_context: {
                  brand_name: 'CareSlot',
                  shipping_preference: 'NO_SHIPPING',
                  user_action: 'PAY_NOW',
                  return_url: input.returnUrl,
                  cancel_url: input.cancelUrl,
                },
              },
            },
          },
          input.idempotencyKey,
        );
        const approve = order?.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
        if (!order || !approve)
          throw new GatewayError('PayPal answered an order without an approval link', 'unavailable');
        return { orderId: order.id, approveUrl: approve.href };
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    async authorizeOrder(orderId, idempotencyKey) {
      try {
        const order = await call<PaypalOrder>(
          'POST',
          `/v2/checkout/orders/${encodeURIComponent(orderId)}/authorize`,
          {},
          idempotencyKey,
        );
        return authorizeResult(order!);
      } catch (error) {
        if (error instanceof PaypalHttpError) {
          const issue = error.issue ?? '';
          if (DECLINED_ISSUES.has(issue)) return { ok: false, reference: null, reason: 'declined' };
          if (NOT_APPROVED_ISSUES.has(issue)) return { ok: false, reference: null, reason: 'invalid_method' };
          // A retry after a lost answer: the order is authorized already; answer its authorization.
          if (issue === 'ORDER_ALREADY_AUTHORIZED') {
            try {
              return authorizeResult(await getOrder(orderId));
            } catch (again) {
              throw toGatewayError(again);
            }
          }
        }
        throw toGatewayError(error);
      }
    },

    async capture(reference, idempotencyKey) {
      try {
        const capture = await call<{ id: string; status: string }>(
          'POST',
          `/v2/payments/authorizations/${encodeURIComponent(reference)}/capture`,
          { final_capture: true },
          idempotencyKey,
        );
        return capture!.id;
      } catch (error) {
        if (error instanceof PaypalHttpError && error.issue === 'AUTHORIZATION_ALREADY_CAPTURED') {
          // Captured before (a retry after a crash): find the capture through the authorization's order.
          try {
            const authorization = await getAuthorization(reference);
            const orderId = authorization.supplementary_data?.related_ids?.order_id;
            const captureId = orderId
              ? (await getOrder(orderId)).purchase_units?.[0]?.payments?.captures?.[0]?.id
              : undefined;
            if (captureId) return captureId;
          } catch (again) {
            throw toGatewayError(again);
          }
        }
        throw toGatewayError(error);
      }
    },

    async cancel(reference) {
      try {
        await call(
          'POST',
          `/v2/payments/authorizations/${encodeURIComponent(reference)}/void`,
          undefined,
          `void:${reference}`,
        );
      } catch (error) {
        const current = await getAuthorization(reference).catch(() => null);
        if (current && (current.status === 'VOIDED' || current.status === 'EXPIRED')) return;
        throw toGatewayError(error);
      }
    },

    async refund(reference, amountCents, _account, idempotencyKey) {
      try {
        await call(
          'POST',
          `/v2/payments/captures/${encodeURIComponent(reference)}/refund`,
          amountCents ? { amount: { value: value(amountCents), currency_code: 'USD' } } : {},
          idempotencyKey ?? `refund:${reference}:${amountCents ?? 'all'}`,
        );
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    async status(reference) {
      try {
        return authorizationStatus((await getAuthorization(reference)).status);
      } catch (error) {
        throw toGatewayError(error);
      }
    },
  };
}
