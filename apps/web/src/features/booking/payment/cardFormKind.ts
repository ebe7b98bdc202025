import type { AppConfig, HostedFieldEnvironment } from '@careslot/contracts';

export type HostedGateway = 'fortis' | 'globalpay';

export type CardFormKind =
  | { kind: 'stripe'; publishableKey: string }
  | { kind: 'sandbox' }
  /** Fortis Elements or Global Payments' hosted fields: a one-time token paid with at once, no saved cards (decision 0077). */
  | { kind: 'hosted'; gateway: HostedGateway; environment: HostedFieldEnvironment };

/**
 * Which card form the visit needs (decisions 0012, 0077): the hosted card field of Fortis or Global Payments when
 * the practice's gateway is one of them and the server takes its payments for real (app-config's
 * hostedCardFields); Stripe Elements when the deployment takes cards through Stripe (the browser tokenises the
 * card, the server only sees a PaymentMethod id); the built-in sandbox's own form otherwise (also where the
 * sandbox stands in for Fortis or Global Payments), and null while the settings load (nothing to show yet).
 */
export function cardFormKind(
  config: AppConfig | undefined,
  gatewayName?: string | null,
): CardFormKind | null {
  if (!config) return null;
  const gateway = gatewayName?.trim().toLowerCase();
  if (gateway === 'fortis' || gateway === 'globalpay') {
    const environment = config.payments?.hostedCardFields?.[gateway];
    if (environment) return { kind: 'hosted', gateway, environment };
  }
  const key = config.payments?.stripePublishableKey?.trim();
  return key && /^pk_(test|live)_\w+$/.test(key)
    ? { kind: 'stripe', publishableKey: key }
    : { kind: 'sandbox' };
}
