import { createHash, randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@careslot/contracts';
import { fieldError } from '../../platform/errors';
import { GatewayError, type AuthorizeResult, type GatewayAccount, type PaymentGateway } from './gateway';

export interface GlobalPayGatewayOptions {
  /** GP-API's base: https://apis.sandbox.globalpay.com/ucp (sandbox) or https://apis.globalpay.com/ucp; tests use a stand-in. */
  apiUrl: string;
  /** The account name transactions are processed on (GP-API's default processing account). */
  accountName?: string;
  now?: () => number;
}

/** The GP-API version this adapter speaks (X-GP-Version). */
export const GP_API_VERSION = '2021-03-22';

interface GpTransaction {
  id: string;
  status: string;
  amount?: string;
  action?: { result_code?: string };
  payment_method?: { result?: string; message?: string; card?: { masked_number_last4?: string } };
}

interface GpErrorBody {
  error_code?: string;
  detailed_error_code?: string;
  detailed_error_description?: string;
}

/** A GP-API answer other than 2xx: its HTTP status and error body. */
class GpHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: (GpErrorBody & Partial<GpTransaction>) | null,
  ) {
    super(body?.detailed_error_description ?? `Global Payments answered ${status}`);
  }
}

function statusOf(transaction: GpTransaction): PaymentStatus {
  switch (transaction.status) {
    case 'PREAUTHORIZED':
      return 'Uncaptured';
    case 'CAPTURED':
    case 'BATCHED':
    case 'FUNDED':
      return 'Captured';
    case 'REVERSED':
      return 'Canceled';
    case 'DECLINED':
    case 'REJECTED':
      return 'Rejected';
    default:
      // INITIATED, PENDING
      return 'Pending';
  }
}

/** Issuer response codes (payment_method.result) that mean the money is not there. */
const INSUFFICIENT_FUNDS = new Set(['51', '61']);

function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof GpHttpError) {
    if (error.status === 404 || error.body?.error_code === 'RESOURCE_NOT_FOUND')
      return new GatewayError('Global Payments has no such transaction', 'not_found', { cause: error });
    if (error.status === 400 || error.status === 409 || error.status === 422)
      return new GatewayError(error.message, 'invalid_state', { cause: error });
  }
  return new GatewayError('Global Payments is unavailable', 'unavailable', { cause: error });
}

/** The location's app credentials (its payment settings: app id as AccountNumber, app key as Credential). */
function appOf(account: GatewayAccount | null | undefined): { appId: string; appKey: string } {
  if (!account?.accountNumber || !account.credential) {
    throw new GatewayError(
      'The location has no Global Payments app id and key in its payment settings',
      'invalid_request',
    );
  }
  return { appId: account.accountNumber, appKey: account.credential };
}

/**
 * Global Payments through GP-API (decision 0071), with the location's own credentials (the spec's provider C works
 * with location-level credentials): an access token from the app id and key (secret = SHA-512 of nonce + app key,
 * so the key itself never travels), kept until shortly before it expires, then transactions: a SALE with
 * capture_mode LATER holds the fee, capture takes it after the booking commits, reversal lets it go, refund gives
 * it back. Cards are GP payment-method tokens (PMT_...) made in the browser by Global Payments' hosted fields; this
 * server never sees a card number. Amounts are integer cents (GP-API's minor units); X-GP-Idempotency carries our
 * key on every call that creates something.
 */
export function globalPayGateway(options: GlobalPayGatewayOptions): PaymentGateway {
  const base = options.apiUrl.replace(/\/$/, '');
  const now = options.now ?? Date.now;
  const accountName = options.accountName ?? 'transaction_processing';
  const tokens = new Map<string, { token: string; expires: number }>();

  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'x-gp-version': GP_API_VERSION,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new GatewayError('Global Payments is unavailable', 'unavailable', { cause: error });
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new GpHttpError(response.status, json as GpErrorBody | null);
    return json as T;
  }

  async function accessToken(account: GatewayAccount | null | undefined): Promise<string> {
    const { appId, appKey } = appOf(account);
    // Keyed by the app and a hash of its key: a location whose key changed signs in again with the new one.
    const cacheKey = `${appId}:${createHash('sha256').update(appKey).digest('hex')}`;
    const cached = tokens.get(cacheKey);
    if (cached && cached.expires > now()) return cached.token;
    const nonce = randomBytes(16).toString('hex');
    const secret = createHash('sha512')
      .update(nonce + appKey)
      .digest('hex');
    try {
      const answer = await send<{ token?: string; seconds_to_expire?: number }>(
        'POST',
        '/accesstoken',
        {},
        { app_id: appId, nonce, secret, grant_type: 'client_credentials' },
      );
      if (!answer.token) throw new GatewayError('Global Payments answered no access token', 'unavailable');
      tokens.set(cacheKey, {
        token: answer.token,
        expires: now() + Math.max(0, (answer.seconds_to_expire ?? 600) - 60) * 1000,
      });
      return answer.token;
    } catch (error) {
      // Wrong app id or key: the location's settings need fixing; nothing a retry would change.
      if (
        error instanceof GpHttpError &&
        (error.status === 400 || error.status === 401 || error.status === 403)
      ) {
        throw new GatewayError("Global Payments refused the location's app id and key", 'invalid_request', {
          cause: error,
        });
      }
      throw toGatewayError(error);
    }
  }

  async function call<T>(
    account: GatewayAccount | null | undefined,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    const token = await accessToken(account);
    return send<T>(
      method,
      path,
      { authorization: `Bearer ${token}`, ...(idempotencyKey ? { 'x-gp-idempotency': idempotencyKey } : {}) },
      body,
    );
  }

  const transaction = (account: GatewayAccount | null | undefined, id: string) =>
    call<GpTransaction>(account, 'GET', `/transactions/${encodeURIComponent(id)}`);

  function authorized(result: GpTransaction): AuthorizeResult {
    if (result.status === 'PREAUTHORIZED') {
      const last4 = result.payment_method?.card?.masked_number_last4?.slice(-4);
      return { ok: true, reference: result.id, status: 'Uncaptured', ...(last4 ? { last4 } : {}) };
    }
    if (statusOf(result) === 'Pending') return { ok: true, reference: result.id, status: 'Pending' };
    return {
      ok: false,
      reference: result.id,
      reason: INSUFFICIENT_FUNDS.has(result.payment_method?.result ?? '') ? 'insufficient_funds' : 'declined',
    };
  }

  return {
    name: 'globalpay',
    savedCards: false,

    // The hosted fields sign in with their own access token (decision 0077): made with the location's app, never
    // cached, short-lived, and limited to creating a single-use card token (PMT_POST_Create_Single).
    async cardFieldSession(account) {
      const { appId, appKey } = appOf(account);
      const nonce = randomBytes(16).toString('hex');
      const secret = createHash('sha512')
        .update(nonce + appKey)
        .digest('hex');
      try {
        const answer = await send<{ token?: string }>(
          'POST',
          '/accesstoken',
          {},
          {
            app_id: appId,
            nonce,
            secret,
            grant_type: 'client_credentials',
            interval_to_expire: '10_MINUTES',
            permissions: ['PMT_POST_Create_Single'],
          },
        );
        if (!answer.token) throw new GatewayError('Global Payments answered no access token', 'unavailable');
        return answer.token;
      } catch (error) {
        if (
          error instanceof GpHttpError &&
          (error.status === 400 || error.status === 401 || error.status === 403)
        ) {
          throw new GatewayError("Global Payments refused the location's app id and key", 'invalid_request', {
            cause: error,
          });
        }
        throw toGatewayError(error);
      }
    },

    // No saved cards at Global Payments (the spec's provider C processes directly): the patient's own reference
    // stands for the customer, and the card is the hosted fields' token, sent with the payment.
    async createCustomer(input) {
      return input.patientId;
    },
    async addCard() {
      throw fieldError(
        'PaymentMethodId',
        'hosted_field',
        "Cards for Global Payments are entered in Global Payments' card fields and sent with the payment",
      );
    },
    async listCards() {
      return [];
    },

    async authorize(input): Promise<AuthorizeResult> {
      try {
        const answer = await call<GpTransaction>(
          input.account,
          'POST',
          '/transactions',
          {
            account_name: accountName,
            type: 'SALE',
            channel: 'CNP',
            capture_mode: 'LATER',
            amount: String(input.amountCents),
            currency: input.currency.toUpperCase(),
            reference: input.metadata.transaction_id ?? input.idempotencyKey,
            description: input.description,
            country: 'US',
            payment_method: { entry_mode: 'ECOM', id: input.paymentMethodId },
          },
          input.idempotencyKey,
        );
        return authorized(answer);
      } catch (error) {
        if (error instanceof GpHttpError) {
          // A decline answered with an error status still carries the transaction.
          if (error.body?.id && error.body.status) return authorized(error.body as GpTransaction);
          if (
            error.body?.error_code === 'RESOURCE_NOT_FOUND' ||
            /payment_method/i.test(error.body?.detailed_error_description ?? '')
          ) {
            return { ok: false, reference: null, reason: 'invalid_method' };
          }
        }
        throw toGatewayError(error);
      }
    },

    async findAuthorization(input) {
      try {
        const query = new URLSearchParams({ reference: input.transactionId, page: '1', page_size: '5' });
        const found = await call<{ transactions?: GpTransaction[] }>(
          input.account,
          'GET',
          `/transactions?${query.toString()}`,
        );
        return found.transactions?.find((t) => t.status === 'PREAUTHORIZED')?.id ?? null;
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    async capture(reference, idempotencyKey, account) {
      try {
        await call(
          account,
          'POST',
          `/transactions/${encodeURIComponent(reference)}/capture`,
          {},
          idempotencyKey,
        );
        return null;
      } catch (error) {
        const current = await transaction(account, reference).catch(() => null);
        if (current && statusOf(current) === 'Captured') return null;
        throw toGatewayError(error);
      }
    },

    async cancel(reference, account) {
      try {
        await call(
          account,
          'POST',
          `/transactions/${encodeURIComponent(reference)}/reversal`,
          {},
          `reversal:${reference}`,
        );
      } catch (error) {
        const current = await transaction(account, reference).catch(() => null);
        if (current?.status === 'REVERSED') return;
        throw toGatewayError(error);
      }
    },

    async refund(reference, amountCents, account, idempotencyKey) {
      try {
        await call(
          account,
          'POST',
          `/transactions/${encodeURIComponent(reference)}/refund`,
          amountCents ? { amount: String(amountCents) } : {},
          idempotencyKey ?? `refund:${reference}:${amountCents ?? 'all'}`,
        );
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    async status(reference, account) {
      try {
        return statusOf(await transaction(account, reference));
      } catch (error) {
        throw toGatewayError(error);
      }
    },
  };
}
