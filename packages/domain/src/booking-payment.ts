/**
 * Insurance validity and the visit-payment rules (patient-booking.md §5.3, constants: minimum visit fee 1).
 */
import { equalsIgnoreCase } from './validation';

export const MINIMUM_VISIT_FEE = 1;

export interface CoverageSummary {
  Priority?: string | null;
  Name?: string | null;
  PolicyNumber?: string | null;
}

export interface InsuranceSelection {
  Insurance?: { Display?: string | null } | null;
  SubscriberId?: string | null;
}

function primaryOf(coverages: readonly CoverageSummary[]): CoverageSummary | undefined {
  return coverages.find((c) => equalsIgnoreCase(c.Priority ?? '', 'Primary'));
}

/** Valid when a primary coverage has a non-empty Name other than 'don't have insurance'. */
export function isInsuranceValid(coverages: readonly CoverageSummary[]): boolean {
  const name = primaryOf(coverages)?.Name?.trim();
  if (!name) return false;
  return !name.toLowerCase().replace(/’/g, "'").includes("don't have insurance");
}

/** Counts as updated (must be saved) unless the primary coverage already matches the selection. */
export function isInsuranceUpdated(
  selection: InsuranceSelection | null | undefined,
  coverages: readonly CoverageSummary[],
): boolean {
  if (selection == null) return true;
  if (coverages.length === 0) return true;
  const primary = primaryOf(coverages);
  if (primary == null) return true;
  if (!equalsIgnoreCase(primary.Name ?? '', selection.Insurance?.Display ?? '')) return true;
  return !equalsIgnoreCase(primary.PolicyNumber ?? '', selection.SubscriberId ?? '');
}

export type GatewayName = 'stripe' | 'fortis' | 'globalpay' | 'sandbox' | 'paypal';

export interface VisitPaymentConfig {
  OrganizationPaymentConfig?: {
    EnableOnlinePayment?: boolean | null;
    Gateway?: { GatewayName?: string | null; AccountNumber?: string | null } | null;
  } | null;
  LocationPaymentConfig?: {
    Gateway?: { GatewayName?: string | null; AccountNumber?: string | null } | null;
  } | null;
  UserPaymentConfig?: {
    VisitFeeDetails?: {
      Enable?: boolean | null;
      InsuredAmount?: number | null;
      UninsuredAmount?: number | null;
    } | null;
  } | null;
}

/**
 * Gateways that take the fee directly: Fortis and Stripe of the spec, this product's built-in sandbox, which
 * stands in for a real card provider where none is configured, and the wallet (PayPal), which the spec calls
 * "currently never applicable" and this product offers (decision 0024).
 */
const DIRECT_GATEWAYS = ['fortis', 'stripe', 'sandbox', 'paypal'];

/** Wallet gateways: the fee is paid on /book/pay-paypal through an order the payer approves. */
export const WALLET_GATEWAYS = ['paypal'] as const;

/**
 * The gateway that takes this visit's fee, lower-cased: the location's own gateway when it names one, otherwise
 * the organization's (decision 0055); '' when neither names one.
 */
export function effectiveGateway(config: VisitPaymentConfig | null | undefined): string {
  const location = config?.LocationPaymentConfig?.Gateway?.GatewayName?.trim().toLowerCase() ?? '';
  return location || (config?.OrganizationPaymentConfig?.Gateway?.GatewayName?.trim().toLowerCase() ?? '');
}

/** The visit's gateway is a wallet (the PAY_PAL stage takes the fee instead of PAYMENT). */
export function isWalletGateway(config: VisitPaymentConfig | null | undefined): boolean {
  return (WALLET_GATEWAYS as readonly string[]).includes(effectiveGateway(config));
}

/**
 * Fortis, Stripe, the sandbox and the wallet take the fee directly; Global Payments works with location-level
 * credentials only, so it is ready when the location names it with a non-empty AccountNumber (§5.3).
 */
function gatewayReady(config: VisitPaymentConfig): boolean {
  const gateway = effectiveGateway(config);
  if (DIRECT_GATEWAYS.includes(gateway)) return true;
  const location = config.LocationPaymentConfig?.Gateway;
  return (
    gateway === 'globalpay' &&
    location?.GatewayName?.trim().toLowerCase() === 'globalpay' &&
    (location.AccountNumber ?? '').trim() !== ''
  );
}

/** The fee owed for this visit, or null when the visit-payment rule of §5.3 does not apply. */
export function visitFee(config: VisitPaymentConfig | null | undefined, insured: boolean): number | null {
  if (config == null) return null;
  if (config.OrganizationPaymentConfig?.EnableOnlinePayment !== true) return null;
  if (!gatewayReady(config)) return null;
  const fee = config.UserPaymentConfig?.VisitFeeDetails;
  if (fee?.Enable !== true) return null;
  const amount = insured ? fee.InsuredAmount : fee.UninsuredAmount;
  return amount != null && amount >= MINIMUM_VISIT_FEE ? amount : null;
}

export function visitPaymentApplies(
  config: VisitPaymentConfig | null | undefined,
  insured: boolean,
): boolean {
  return visitFee(config, insured) != null;
}
