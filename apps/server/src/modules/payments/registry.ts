import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { fortisGateway } from './fortis-gateway';
import type { PaymentGateway, SettlingGateway, WalletGateway } from './gateway';
import { globalPayGateway } from './globalpay-gateway';
import { paypalGateway } from './paypal-gateway';
import { sandboxGateway } from './sandbox-gateway';
import { sandboxConnect } from './sandbox-connect';
import { stripeConnect, stripeGateway, type PayeeConnector } from './stripe-gateway';
import { walletSandboxGateway } from './wallet-sandbox-gateway';

export interface GatewayRegistry {
  /** The card gateway for a practice's configured GatewayName (lower-cased), or null when none is available. */
  forName(gatewayName: string | null | undefined): PaymentGateway | null;
  /** The wallet for a practice's configured GatewayName (lower-cased), or null when it names no wallet. */
  walletForName(gatewayName: string | null | undefined): WalletGateway | null;
  /** The gateway that a transaction was made with. */
  byStoredName(name: string): SettlingGateway;
  /** The wallet a transaction was made with, or null when it was made with a card gateway. */
  walletByStoredName(name: string): WalletGateway | null;
  /** Whether a practice configured for this gateway can take payments on this server (GET paymentgateways). */
  available(gatewayName: string): boolean;
  /**
   * "Connect with Stripe": Stripe Connect when configured, the sandbox's own flow where the server runs on the
   * sandbox; null with real Stripe payments but no Connect client id (an account id is then typed in).
   */
  readonly payee: PayeeConnector | null;
}

const key = (name: string | null | undefined) => (name ?? '').trim().toLowerCase();

/**
 * Gateways keyed by lower-cased name (patient-booking.md §4.6). 'stripe' is the Stripe SDK when
 * STRIPE_SECRET_KEY is set, otherwise the built-in sandbox answers for it, so practices configured for
 * Stripe work offline and in tests; 'sandbox' is always the sandbox. 'fortis' is Fortis's API v1 when
 * FORTIS_USER_ID, FORTIS_USER_API_KEY and FORTIS_DEVELOPER_ID are set, 'globalpay' GP-API when GLOBALPAY_API_URL
 * is set (decision 0071); without them the sandbox answers for each where the whole server runs on the sandbox
 * (no Stripe key), and a server with real card payments refuses them. The wallet 'paypal' is PayPal's REST API
 * when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set, otherwise the built-in wallet (decision 0024).
 * The practice's account (Stripe's connected account, Fortis's location and product, Global Payments' app) is
 * not part of the registry: the service reads it from the practice's settings and hands it to each call.
 */
export function createGatewayRegistry(deps: {
  config: Config;
  database: Database;
  clock: Clock;
}): GatewayRegistry {
  const { config } = deps;
  const sandbox = sandboxGateway(deps.database, deps.clock);
  const stripe = config.STRIPE_SECRET_KEY
    ? stripeGateway({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL })
    : null;
  const fortis =
    config.FORTIS_USER_ID && config.FORTIS_USER_API_KEY && config.FORTIS_DEVELOPER_ID
      ? fortisGateway({
          userId: config.FORTIS_USER_ID,
          userApiKey: config.FORTIS_USER_API_KEY,
          developerId: config.FORTIS_DEVELOPER_ID,
          apiUrl: config.FORTIS_API_URL,
        })
      : null;
  const globalpay = config.GLOBALPAY_API_URL ? globalPayGateway({ apiUrl: config.GLOBALPAY_API_URL }) : null;
  const localWallet = walletSandboxGateway(deps.database);
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? paypalGateway({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          apiUrl: config.PAYPAL_API_URL,
        })
      : null;
  // Where the whole server runs on the sandbox (no Stripe key) the sandbox answers for a card gateway with no
  // credentials, as it does for Stripe; a server with real card payments never takes "payments" into a sandbox.
  const standIn = (real: PaymentGateway | null) => real ?? (stripe ? null : sandbox);
  const cards: [string, PaymentGateway | null][] = [
    ['stripe', stripe ?? sandbox],
    ['sandbox', sandbox],
    ['fortis', standIn(fortis)],
    ['globalpay', standIn(globalpay)],
  ];
  const byConfigName = new Map(cards.filter((entry): entry is [string, PaymentGateway] => entry[1] !== null));
  const wallets = new Map<string, WalletGateway>([['paypal', paypal ?? localWallet]]);
  const byStored = new Map<string, SettlingGateway>([
    ['sandbox', sandbox],
    [localWallet.name, localWallet],
    ...(stripe ? [['stripe', stripe] as const] : []),
    ...(fortis ? [['fortis', fortis] as const] : []),
    ...(globalpay ? [['globalpay', globalpay] as const] : []),
    ...(paypal ? [['paypal', paypal] as const] : []),
  ]);
  const payee = !config.STRIPE_SECRET_KEY
    ? sandboxConnect()
    : config.STRIPE_CONNECT_CLIENT_ID
      ? stripeConnect({
          secretKey: config.STRIPE_SECRET_KEY,
          clientId: config.STRIPE_CONNECT_CLIENT_ID,
          connectUrl: config.STRIPE_CONNECT_URL,
        })
      : null;
  return {
    payee,
    available: (gatewayName) => byConfigName.has(key(gatewayName)) || wallets.has(key(gatewayName)),
    forName: (gatewayName) => byConfigName.get(key(gatewayName)) ?? null,
    walletForName: (gatewayName) => wallets.get(key(gatewayName)) ?? null,
    walletByStoredName: (name) =>
      name === localWallet.name ? localWallet : name === 'paypal' ? paypal : null,
    byStoredName(name) {
      const gateway = byStored.get(name);
      if (!gateway)
        throw new Error(`No gateway ${name} is configured (a transaction made with it cannot be handled)`);
      return gateway;
    },
  };
}
