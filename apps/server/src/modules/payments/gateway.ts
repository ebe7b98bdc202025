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

export interface AuthorizeInput {
  amountCents: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  /** The same key returns the same authorization: a retried request never holds the money twice. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export type DeclineReason = 'declined' | 'insufficient_funds' | 'invalid_method';

export type AuthorizeResult =
  | { ok: true; reference: string; status: Extract<PaymentStatus, 'Uncaptured' | 'Pending'> }
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
 * What the product needs of a card gateway (design.md §6): authorize first, capture once the booking is
 * committed, cancel when it fails, refund a captured payment; customers keep saved cards. The built-in
 * sandbox and the Stripe adapter implement it with the same states.
 */
export interface PaymentGateway {
  /** Lower-case name, the registry key and the name stored with each transaction. */
  readonly name: string;
  createCustomer(input: { patientId: string; email: string | null; name: string }): Promise<string>;
  addCard(customerId: string, card: { raw: RawCard } | { paymentMethodId: string }): Promise<CardSummary>;
  listCards(customerId: string): Promise<CardSummary[]>;
  /** Holds the amount on the card without taking it (manual capture). */
  authorize(input: AuthorizeInput): Promise<AuthorizeResult>;
  /** Takes the held amount. Capturing an already captured authorization succeeds again. */
  capture(reference: string, idempotencyKey: string): Promise<void>;
  /** Lets an uncaptured authorization go. Cancelling twice succeeds. */
  cancel(reference: string): Promise<void>;
  /** Gives back a captured amount (all of it when amountCents is absent). */
  refund(reference: string, amountCents?: number): Promise<void>;
  status(reference: string): Promise<PaymentStatus>;
}
