import type { PaymentStatus } from '@careslot/contracts';
import { fieldError } from '../../platform/errors';
import { GatewayError, type AuthorizeResult, type GatewayAccount, type PaymentGateway } from './gateway';

export interface FortisGatewayOptions {
  /** The platform's API user at Fortis (user-id and user-api-key headers): it transacts for the practices' locations. */
  userId: string;
  userApiKey: string;
  /** The platform's developer id (developer-id header), issued by Fortis for this integration. */
  developerId: string;
  /** https://api.sandbox.fortis.tech (default) or https://api.fortis.tech; tests point it at a local stand-in. */
  apiUrl: string;
}

/** A Fortis transaction as the v1 API answers it ({type: 'Transaction', data}). */
interface FortisTransaction {
  id: string;
  status_code: number;
  reason_code_id?: number | null;
  verbiage?: string | null;
  transaction_amount?: number;
  auth_amount?: number | null;
  last_four?: string | null;
}

interface FortisErrorBody {
  type?: string;
  title?: string;
  detail?: string;
  meta?: { errors?: Record<string, string[]>; message?: string };
}

/** A Fortis answer other than 2xx: its HTTP status and error body (never logged: it may echo the request). */
class FortisHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: FortisErrorBody | null,
  ) {
    super(body?.title ?? `Fortis answered ${status}`);
  }
  field(name: string): boolean {
    return !!this.body?.meta?.errors?.[name];
  }
}

/** Fortis v1 status codes of a card transaction. */
const STATUS = { sale: 101, authOnly: 102, refunded: 111, voided: 201, declined: 301 } as const;

function statusOf(transaction: FortisTransaction): PaymentStatus {
  switch (transaction.status_code) {
    case STATUS.authOnly:
      return 'Uncaptured';
    case STATUS.sale:
      return 'Captured';
    case STATUS.refunded:
      return 'Refunded';
    case STATUS.voided:
      return 'Canceled';
    case STATUS.declined:
      return 'Rejected';
    default:
      return 'Pending';
  }
}

function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof FortisHttpError) {
    if (error.status === 404)
      return new GatewayError('Fortis has no such transaction', 'not_found', { cause: error });
    if (error.status === 400 || error.status === 409 || error.status === 412 || error.status === 422) {
      return new GatewayError(error.body?.detail ?? error.message, 'invalid_state', { cause: error });
    }
  }
  return new GatewayError('Fortis is unavailable', 'unavailable', { cause: error });
}

/** Fortis's api ids allow letters, digits, '-' and '_': our keys ('authorize:<uuid>') with ':' replaced. */
const apiId = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 64);

/** The location and product the practice takes cards with (its payment settings), or a configuration error. */
function merchant(account: GatewayAccount | null | undefined): {
  location_id: string;
  product_transaction_id: string;
} {
  if (!account?.accountNumber || !account.productId) {
    throw new GatewayError(
      'The practice has no Fortis location id and product id in its payment settings',
      'invalid_request',
    );
  }
  return { location_id: account.accountNumber, product_transaction_id: account.productId };
}

/**
 * Fortis through its REST API v1 (decision 0071). The platform's API user (user-id, user-api-key) and developer id
 * authenticate every call; the practice's location id and product (transaction) id from its payment settings say
 * whose merchant account takes the card. Cards are Fortis tokens made in the browser by Fortis's hosted card field
 * (Elements); this server never sees a card number. Authorization only (auth-only), completed after the booking
 * commits (auth-complete), voided when it fails; refunds are new refund transactions of the previous one. Amounts
 * are integer cents, as Fortis takes them; transaction_api_id carries our idempotency key, so a retried call
 * never makes a second transaction.
 */
export function fortisGateway(options: FortisGatewayOptions): PaymentGateway {
  const base = options.apiUrl.replace(/\/$/, '');

  async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'user-id': options.userId,
          'user-api-key': options.userApiKey,
          'developer-id': options.developerId,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new GatewayError('Fortis is unavailable', 'unavailable', { cause: error });
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new FortisHttpError(response.status, json as FortisErrorBody | null);
    return json as T;
  }

  const transaction = async (id: string) =>
    (await call<{ data: FortisTransaction }>('GET', `/v1/transactions/${encodeURIComponent(id)}`)).data;

  /** The transaction a key made earlier (transaction_api_id), or null. */
  async function byApiId(key: string): Promise<FortisTransaction | null> {
    const filter = encodeURIComponent(JSON.stringify({ transaction_api_id: apiId(key) }));
    const found = await call<{ list?: FortisTransaction[] }>('GET', `/v1/transactions?filter=${filter}`);
    return found.list?.[0] ?? null;
  }

  function authorized(result: FortisTransaction): AuthorizeResult {
    if (result.status_code === STATUS.authOnly)
      return {
        ok: true,
        reference: result.id,
        status: 'Uncaptured',
        ...(result.last_four ? { last4: result.last_four } : {}),
      };
    const insufficient = /insufficient/i.test(result.verbiage ?? '');
    return { ok: false, reference: result.id, reason: insufficient ? 'insufficient_funds' : 'declined' };
  }

  return {
    name: 'fortis',
    savedCards: false,

    // Fortis Elements starts from a transaction intention (decision 0077): 'tokenization' on the practice's location
    // and product, so the card field answers a one-time token id that auth-only/token then uses.
    async cardFieldSession(account) {
      const { location_id, product_transaction_id } = merchant(account);
      try {
        const answer = await call<{ data?: { client_token?: string } }>(
          'POST',
          '/v1/elements/transaction/intention',
          {
            action: 'tokenization',
            location_id,
            methods: [{ type: 'cc', product_transaction_id }],
          },
        );
        if (!answer.data?.client_token)
          throw new GatewayError('Fortis answered no client token', 'unavailable');
        return answer.data.client_token;
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    // No saved cards at Fortis (the spec's provider B takes a payment intent and a transaction record): the patient's
    // own reference stands for the customer, and a card is the token of the hosted field, sent with the payment.
    async createCustomer(input) {
      return input.patientId;
    },
    async addCard() {
      throw fieldError(
        'PaymentMethodId',
        'hosted_field',
        "Cards for Fortis are entered in Fortis's card field and sent with the payment",
      );
    },
    async listCards() {
      return [];
    },

    async authorize(input): Promise<AuthorizeResult> {
      const payee = merchant(input.account);
      try {
        const answer = await call<{ data: FortisTransaction }>(
          'POST',
          '/v1/transactions/cc/auth-only/token',
          {
            ...payee,
            token_id: input.paymentMethodId,
            transaction_amount: input.amountCents,
            transaction_api_id: apiId(input.idempotencyKey),
            order_number: input.metadata.transaction_id ?? apiId(input.idempotencyKey),
            description: input.description,
          },
        );
        return authorized(answer.data);
      } catch (error) {
        if (error instanceof FortisHttpError) {
          // The same key again: Fortis refuses a second transaction_api_id, the first transaction is the answer.
          if (error.field('transaction_api_id')) {
            const earlier = await byApiId(input.idempotencyKey).catch(() => null);
            if (earlier) return authorized(earlier);
          }
          if (error.field('token_id')) return { ok: false, reference: null, reason: 'invalid_method' };
        }
        throw toGatewayError(error);
      }
    },

    async findAuthorization(input) {
      try {
        const found = await byApiId(input.idempotencyKey);
        return found && found.status_code === STATUS.authOnly ? found.id : null;
      } catch (error) {
        throw toGatewayError(error);
      }
    },

    async capture(reference) {
      try {
        await call('PATCH', `/v1/transactions/${encodeURIComponent(reference)}/auth-complete`, {});
        return null;
      } catch (error) {
        // Completed already (a retry after a lost answer): Fortis refuses a second completion.
        const current = await transaction(reference).catch(() => null);
        if (current?.status_code === STATUS.sale) return null;
        throw toGatewayError(error);
      }
    },

    async cancel(reference) {
      try {
        await call('PUT', `/v1/transactions/${encodeURIComponent(reference)}/void`, {});
      } catch (error) {
        const current = await transaction(reference).catch(() => null);
        if (current?.status_code === STATUS.voided) return;
        throw toGatewayError(error);
      }
    },

    async refund(reference, amountCents, _account, idempotencyKey) {
      try {
        const amount = amountCents ?? (await transaction(reference)).transaction_amount;
        if (!amount) throw new GatewayError('Fortis answered no amount to refund', 'invalid_state');
        await call('POST', '/v1/transactions/cc/refund/prev-trxn', {
          previous_transaction_id: reference,
          transaction_amount: amount,
          transaction_api_id: apiId(idempotencyKey ?? `refund:${reference}:${amount}`),
        });
      } catch (error) {
        // The same refund again (a retry after a lost answer): Fortis refuses the second transaction_api_id.
        if (error instanceof FortisHttpError && error.field('transaction_api_id')) return;
        throw toGatewayError(error);
      }
    },

    async status(reference) {
      try {
        return statusOf(await transaction(reference));
      } catch (error) {
        throw toGatewayError(error);
      }
    },
  };
}
