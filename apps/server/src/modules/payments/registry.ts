import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { PaymentGateway } from './gateway';
import { sandboxGateway } from './sandbox-gateway';
import { stripeGateway } from './stripe-gateway';

export interface GatewayRegistry {
  /** The gateway for a practice's configured GatewayName (lower-cased), or null when none is available. */
  forName(gatewayName: string | null | undefined): PaymentGateway | null;
  /** The gateway that a transaction was made with. */
  byStoredName(name: string): PaymentGateway;
}

/**
 * Gateways keyed by lower-cased name (patient-booking.md §4.6). 'stripe' is the Stripe SDK when
 * STRIPE_SECRET_KEY is set, otherwise the built-in sandbox answers for it, so practices configured for
 * Stripe work offline and in tests; 'sandbox' is always the sandbox.
 */
export function createGatewayRegistry(deps: { config: Config; database: Database; clock: Clock }): GatewayRegistry {
  const sandbox = sandboxGateway(deps.database, deps.clock);
  const stripe = deps.config.STRIPE_SECRET_KEY
    ? stripeGateway({ secretKey: deps.config.STRIPE_SECRET_KEY, apiUrl: deps.config.STRIPE_API_URL })
    : null;
  const byConfigName = new Map<string, PaymentGateway>([
    ['stripe', stripe ?? sandbox],
    ['sandbox', sandbox],
  ]);
  const byStored = new Map<string, PaymentGateway>([['sandbox', sandbox], ...(stripe ? [['stripe', stripe] as const] : [])]);
  return {
    forName: (gatewayName) => byConfigName.get((gatewayName ?? '').trim().toLowerCase()) ?? null,
    byStoredName(name) {
      const gateway = byStored.get(name);
      if (!gateway) throw new Error(`No gateway ${name} is configured (a transaction made with it cannot be handled)`);
      return gateway;
    },
  };
}
