import type { PaymentStatus } from '@careslot/contracts';

/** A saved card as a gateway describes it: never the full number. */
export interface CardSummary {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A card typed into the sandbox card form (only the sandbox ever sees card numbers). */
export interface RawCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * The practice's account at its gateway, from its payment settings (decision 0055; the location's when the
 * location names a gateway, else the organization's): Stripe's connected account (AccountNumber, acct_...),
 * Fortis's location and product ids, Global Payments' app id (AccountNumber) and app key (Credential, a secret
 * only gateway code reads and never logs). Gateways that need none of it ignore it.
 */
export interface GatewayAccount {
  accountNumber: string | null;
  productId: string | null;
  credential: string | null;
}

export interface AuthorizeInput {
  amountCents: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  /** The same key returns the same authorization: a retried request never holds the money twice. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** Who is paid: the practice's account at the gateway (null: the platform's own, as the sandbox). */
  account?: GatewayAccount | null;
}

export type DeclineReason = 'declined' | 'insufficient_funds' | 'invalid_method';

export type AuthorizeResult =
  | {
      ok: true;
      reference: string;
      status: Extract<PaymentStatus, 'Uncaptured' | 'Pending'>;
      /** The card's last digits, when the gateway tells them (a token paid with). */ last4?: string;
    }
  | { ok: false; reference: string | null; reason: DeclineReason };

/** A gateway call that failed for a reason other than a decline (network, state, configuration). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: 'not_found' | 'invalid_state' | 'unavailable' | 'invalid_request',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * What every gateway does once money is held (design.md §6): capture once the booking is committed, cancel
 * when it fails, refund a captured payment. The reconciler and the booking only need this part.
 */
export interface SettlingGateway {
  /** Lower-case name, the registry key and the name stored with each transaction. */
  readonly name: string;
  /**
   * Takes the held amount. Capturing an already captured authorization succeeds again. Answers the
   * reference later refunds need when it is not the authorization's own (PayPal's capture id), else null.
   */
  capture(reference: string, idempotencyKey: string, account?: GatewayAccount | null): Promise<string | null>;
  /** Lets an uncaptured authorization go. Cancelling twice succeeds. */
  cancel(reference: string, account?: GatewayAccount | null): Promise<void>;
  /**
   * Gives back a captured amount (all of it when amountCents is absent). With an idempotency key (a practice
   * refund's own id, decision 0098) the same refund asked again refunds once, so two partial refunds of the
   * same amount stay two; without one the key is derived from the reference and amount.
   */
  refund(
    reference: string,
    amountCents?: number,
    account?: GatewayAccount | null,
    idempotencyKey?: string,
  ): Promise<void>;
  status(reference: string, account?: GatewayAccount | null): Promise<PaymentStatus>;
}

/**
 * What the product needs of a card gateway: authorize first, then settle as above; customers keep saved
 * cards. The built-in sandbox and the Stripe adapter implement it with the same states.
 */
export interface PaymentGateway extends SettlingGateway {
  /**
   * True where the patient keeps saved cards at the gateway (Stripe, the sandbox): the payment names one of
   * them. False for Fortis and Global Payments (spec: only provider A keeps customers' payment methods): the
   * payment names the token the gateway's hosted card field made in the browser, used once (decision 0071).
   */
  readonly savedCards: boolean;
  createCustomer(input: { patientId: string; email: string | null; name: string }): Promise<string>;
  addCard(customerId: string, card: { raw: RawCard } | { paymentMethodId: string }): Promise<CardSummary>;
  listCards(customerId: string): Promise<CardSummary[]>;
  /** Holds the amount on the card without taking it (manual capture). */
  authorize(input: AuthorizeInput): Promise<AuthorizeResult>;
  /**
   * The authorization an earlier authorize() made for our transaction (its idempotency key, and the
   * transaction id it carries), or null when none reached the gateway: what the reconciler cancels when a
   * crash left a transaction Pending with no reference on its row.
   */
  findAuthorization(input: {
    idempotencyKey: string;
    transactionId: string;
    account?: GatewayAccount | null;
  }): Promise<string | null>;
  /**
   * What the gateway's hosted card field starts with in the browser (decision 0077): Fortis Elements' client token,
   * a Global Payments access token that may only create a card token. Only gateways with hosted fields have it.
   */
  cardFieldSession?(account: GatewayAccount | null | undefined): Promise<string>;
}

export interface WalletOrderInput {
  amountCents: number;
  currency: string;
  /** The same key answers the same order (PayPal-Request-Id): a retried request never opens two. */
  idempotencyKey: string;
  description: string;
  /** Our transaction id, kept with the order at the wallet (custom_id). */
  transactionId: string;
  /** Where the wallet sends the payer back after approving, and after cancelling. */
  returnUrl: string;
  cancelUrl: string;
}

export interface WalletOrder {
  orderId: string;
  /** The wallet's page where the payer approves; null when the approval is the in-app step of the local default. */
  approveUrl: string | null;
}

/**
 * A wallet (PayPal, decision 0024): the payer approves an order at the wallet, then the server authorizes it;
 * the authorization is settled like a card's. The local default behaves the same way with an in-app approval.
 */
export interface WalletGateway extends SettlingGateway {
  /** True for the built-in local default, whose orders are approved or declined inside CareSlot. */
  readonly local: boolean;
  createOrder(input: WalletOrderInput): Promise<WalletOrder>;
  /** Authorizes an approved order (intent AUTHORIZE); the reference is the authorization's id. */
  authorizeOrder(orderId: string, idempotencyKey: string): Promise<AuthorizeResult>;
}
