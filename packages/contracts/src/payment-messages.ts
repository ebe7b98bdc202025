// The payment texts and sandbox cards, no zod: the booking pages show them without loading the payment schemas
// (docs/performance.md, patient pages' initial JavaScript).

/** Card numbers of the built-in sandbox gateway (the same ones Stripe's test mode uses). */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authorized: 'Payment authorized.',
  captured: 'Payment captured.',
  refunded: 'Refund processed.',
  methodSaved: 'Card saved.',
  /** §8 with {cardProviderA} = Stripe. */
  customerUnavailable: 'Unable To Access Your Stripe Customer',
  /** The wallet (PayPal, decision 0024). */
  walletDeclined: 'PayPal declined the payment.',
  walletNotApproved: 'The payment was not approved in PayPal.',
  walletOrderCreated: 'PayPal order created.',
} as const;
