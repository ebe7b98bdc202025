import type { AppConfig } from '@careslot/contracts';

export type CardFormKind = { kind: 'stripe'; publishableKey: string } | { kind: 'sandbox' };

/**
 * Which card form the deployment needs (decision 0012): Stripe Elements when it takes cards through Stripe
 * (the browser tokenises the card, the server only sees a PaymentMethod id), the built-in sandbox's own form
 * otherwise, and while the settings load (null: nothing to show yet).
 */
export function cardFormKind(config: AppConfig | undefined): CardFormKind | null {
  if (!config) return null;
  const key = config.payments?.stripePublishableKey?.trim();
  return key && /^pk_(test|live)_\w+$/.test(key) ? { kind: 'stripe', publishableKey: key } : { kind: 'sandbox' };
}
