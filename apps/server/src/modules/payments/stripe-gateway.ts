import type Stripe from 'stripe';
import type { PaymentStatus } from '@careslot/contracts';
import { fieldError } from '../../platform/errors';
import {
  GatewayError,
  type AuthorizeResult,
  type CardSummary,
  type GatewayAccount,
  type PaymentGateway,
} from './gateway';

interface StripeLikeError {
  type?: string;
  code?: string;
  decline_code?: string;
  statusCode?: number;
  message?: string;
}

function asStripeError(error: unknown): StripeLikeError | null {
  return typeof error === 'object' && error !== null && 'type' in error ? (error as StripeLikeError) : null;
}

/** Any failure other than a card decline becomes a GatewayError; the caller decides what the user sees. */
function gatewayError(error: unknown): GatewayError {
  const e = asStripeError(error);
  if (e?.statusCode === 404 || e?.code === 'resource_missing')
    return new GatewayError('Stripe has no such object', 'not_found', { cause: error });
  if (e?.type === 'StripeInvalidRequestError')
    return new GatewayError(e.message ?? 'Stripe refused the request', 'invalid_state', { cause: error });
  return new GatewayError('Stripe is unavailable', 'unavailable', { cause: error });
}

function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'requires_capture':
      return 'Uncaptured';
    case 'succeeded': {
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      return charge && charge.amount_refunded > 0 ? 'Refunded' : 'Captured';
    }
    case 'canceled':
      return 'Canceled';
    default:
      // processing, requires_action, requires_confirmation, requires_payment_method
      return 'Pending';
  }
}

function cardOf(method: Stripe.PaymentMethod): CardSummary {
  return {
    id: method.id,
    brand: method.card?.brand ?? 'card',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
  };
}

/** A Stripe connected account id (Connect's acct_..., never the sandbox's acct_sandbox...). */
const CONNECTED_ACCOUNT = /^acct_(?!sandbox)[A-Za-z0-9]{6,64}$/;

/**
 * A destination charge to the practice's connected account (decision 0057): the PaymentIntent is created on
 * the platform with transfer_data[destination] and on_behalf_of the practice, so the money lands in the
 * practice's account and the practice is the merchant of record. No platform fee: the spec sets none.
 */
function destination(
  account: GatewayAccount | null | undefined,
): Pick<Stripe.PaymentIntentCreateParams, 'transfer_data' | 'on_behalf_of'> {
  const id = account?.accountNumber;
  if (!id || !CONNECTED_ACCOUNT.test(id)) return {};
  return { transfer_data: { destination: id }, on_behalf_of: id };
}

export interface StripeGatewayOptions {
  secretKey: string;
  /** Only tests set it: a local stand-in for api.stripe.com. */
  apiUrl?: string | undefined;
}

/**
 * Stripe through its official SDK: PaymentIntents with manual capture, so a card is only authorized until
 * the booking commits. Card numbers never reach this server: the browser tokenises the card with Stripe
 * and sends the PaymentMethod id. Every mutating call carries an idempotency key.
 */
export function stripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  // The SDK is loaded at the first call, so a server that never takes a Stripe payment never loads it.
  let client: Promise<Stripe> | null = null;
  const stripeClient = () =>
    (client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(options.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
          ...(url
            ? { host: url.hostname, port: url.port, protocol: url.protocol === 'http:' ? 'http' : 'https' }
            : {}),
        }),
    ));

  return {
    name: 'stripe',
    savedCards: true,

    async createCustomer(input) {
      try {
        const customer = await (
          await stripeClient()
        ).customers.create(
          {
            ...(input.email ? { email: input.email } : {}),
            name: input.name,
            metadata: { patient_id: input.patientId },
          },
          { idempotencyKey: `customer:${input.patientId}` },
        );
        return customer.id;
      } catch (error) {
        throw gatewayError(error);
      }
    },

    async addCard(customerId, card) {
      if (!('paymentMethodId' in card))
        throw fieldError(
          'Card',
          'tokenised',
          'Card numbers go to Stripe from the browser; send PaymentMethodId',
        );
      try {
        return cardOf(
          await (await stripeClient()).paymentMethods.attach(card.paymentMethodId, { customer: customerId }),
        );
      } catch (error) {
        const e = asStripeError(error);
        if (e?.type === 'StripeCardError' || e?.code === 'resource_missing')
          throw fieldError('PaymentMethodId', e.code ?? 'card', e.message ?? 'The card was refused');
        throw gatewayError(error);
      }
    },

    async listCards(customerId) {
      try {
        const list = await (
          await stripeClient()
        ).customers.listPaymentMethods(customerId, { type: 'card', limit: 20 });
        return list.data.map(cardOf);
      } catch (error) {
        throw gatewayError(error);
      }
    },

    async authorize(input): Promise<AuthorizeResult> {
      try {
        const intent = await (
          await stripeClient()
        ).paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            capture_method: 'manual',
            confirm: true,
            off_session: false,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: input.description,
            metadata: input.metadata,
            ...destination(input.account),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const status = statusOf(intent);
        if (status === 'Uncaptured' || status === 'Pending')
          return { ok: true, reference: intent.id, status };
        return { ok: false, reference: intent.id, reason: 'declined' };
      } catch (error) {
        const e = asStripeError(error);
        if (e?.type === 'StripeCardError') {
          return {
            ok: false,
            reference: null,
            reason:
              e.decline_code === 'insufficient_funds' || e.code === 'insufficient_funds'
                ? 'insufficient_funds'
                : 'declined',
          };
        }
        if (e?.code === 'resource_missing') return { ok: false, reference: null, reason: 'invalid_method' };
        throw gatewayError(error);
      }
    },

    async findAuthorization(input) {
      // Every PaymentIntent carries our transaction id (metadata.transaction_id, set by authorize).
      try {
        const found = await (
          await stripeClient()
        ).paymentIntents.search({
          query: `metadata['transaction_id']:'${input.transactionId.replace(/[^0-9a-f-]/gi, '')}'`,
          limit: 1,
        });
        return found.data[0]?.id ?? null;
      } catch (error) {
        throw gatewayError(error);
      }
    },

    async capture(reference, idempotencyKey) {
      try {
        await (await stripeClient()).paymentIntents.capture(reference, {}, { idempotencyKey });
        return null;
      } catch (error) {
        const current = await (await stripeClient()).paymentIntents.retrieve(reference).catch(() => null);
        if (current?.status === 'succeeded') return null;
        throw gatewayError(error);
      }
    },

    async cancel(reference) {
      try {
        await (await stripeClient()).paymentIntents.cancel(reference);
      } catch (error) {
        const current = await (await stripeClient()).paymentIntents.retrieve(reference).catch(() => null);
        if (current?.status === 'canceled') return;
        throw gatewayError(error);
      }
    },

    async refund(reference, amountCents, _account, idempotencyKey) {
      try {
        const stripe = await stripeClient();
        // A destination charge (decision 0057) takes its transfer back from the connected account with the refund.
        const intent = await stripe.paymentIntents.retrieve(reference);
        await stripe.refunds.create(
          {
            payment_intent: reference,
            ...(amountCents ? { amount: amountCents } : {}),
            ...(intent.transfer_data?.destination ? { reverse_transfer: true } : {}),
          },
          { idempotencyKey: idempotencyKey ?? `refund:${reference}:${amountCents ?? 'all'}` },
        );
      } catch (error) {
        throw gatewayError(error);
      }
    },

    async status(reference) {
      try {
        return statusOf(
          await (await stripeClient()).paymentIntents.retrieve(reference, { expand: ['latest_charge'] }),
        );
      } catch (error) {
        throw gatewayError(error);
      }
    },
  };
}

/**
 * "Connect with Stripe" (GET payee-account?authCode=): the practice's admin authorizes CareSlot at Stripe
 * Connect, Stripe sends the browser back with a code, and the server exchanges it for the connected account's
 * id. The built-in sandbox (sandbox-connect.ts) goes through the same steps without leaving CareSlot.
 */
export interface PayeeConnector {
  /** Where the admin authorizes; Stripe sends the browser back to returnUrl with ?code=&state=. */
  authorizeUrl(input: { state: string; returnUrl: string }): string;
  /** Exchanges the authorization code for the connected account's id (acct_...). */
  exchange(code: string): Promise<string>;
}

export function stripeConnect(options: {
  secretKey: string;
  clientId: string;
  connectUrl: string;
}): PayeeConnector {
  const base = options.connectUrl.replace(/\/$/, '');
  return {
    authorizeUrl({ state, returnUrl }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        scope: 'read_write',
        state,
        redirect_uri: returnUrl,
      });
      return `${base}/oauth/authorize?${query.toString()}`;
    },
    async exchange(code) {
      let response: Response;
      try {
        response = await fetch(`${base}/oauth/token`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.secretKey}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ grant_type: 'authorization_code', code }).toString(),
          signal: AbortSignal.timeout(20_000),
        });
      } catch (error) {
        throw new GatewayError('Stripe Connect is unavailable', 'unavailable', { cause: error });
      }
      const body = (await response.json().catch(() => null)) as {
        stripe_user_id?: unknown;
        error?: unknown;
      } | null;
      if (response.ok && typeof body?.stripe_user_id === 'string') return body.stripe_user_id;
      // invalid_grant: the code is unknown, used already or expired (Stripe's OAuth error).
      if (response.status === 400 || response.status === 401)
        throw new GatewayError('Stripe refused the authorization code', 'invalid_request');
      throw new GatewayError('Stripe Connect is unavailable', 'unavailable');
    },
  };
}
