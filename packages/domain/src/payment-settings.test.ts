import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_VISIT_FEE_CENTS } from '@careslot/contracts';
import { effectiveGateway, isWalletGateway, visitFee, type VisitPaymentConfig } from './booking-payment';
import { centsToDollars, dollarsToCents, maskAccount, visitFeeProblem } from './payment-settings';

describe('visit fees typed in dollars', () => {
  it('reads dollars as exact cents, without floating point', () => {
    expect(dollarsToCents('75')).toBe(7500);
    expect(dollarsToCents('83.45')).toBe(8345);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents(' $1,200.05 ')).toBe(120005);
    expect(dollarsToCents('1.005')).toBeNull();
    expect(dollarsToCents('-5')).toBeNull();
    expect(dollarsToCents('8x')).toBeNull();
  });

  it('round-trips every fee the server takes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_VISIT_FEE_CENTS }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('names why a typed fee is refused: not an amount, or above $10,000', () => {
    expect(visitFeeProblem('10000.00')).toBeNull();
    expect(visitFeeProblem('10000.01')).toBe('max');
    expect(visitFeeProblem('ten')).toBe('format');
  });

  it('masks account fields as the spec masks gateway cards', () => {
    expect(maskAccount('acct_1ConnectedAbc')).toBe('xxxxxxxxxxtedAbc');
    expect(maskAccount(null)).toBeNull();
  });
});

describe("the location's gateway overrides the organization's", () => {
  const config = (org: string, location: string | null, account = ''): VisitPaymentConfig => ({
    OrganizationPaymentConfig: {
      EnableOnlinePayment: true,
      Gateway: { GatewayName: org, AccountNumber: null },
    },
    LocationPaymentConfig:
      location === null ? null : { Gateway: { GatewayName: location, AccountNumber: account } },
    UserPaymentConfig: { VisitFeeDetails: { Enable: true, InsuredAmount: 20, UninsuredAmount: 60 } },
  });

  it('takes the fee through the location gateway when it names one', () => {
    expect(effectiveGateway(config('stripe', 'paypal'))).toBe('paypal');
    expect(isWalletGateway(config('stripe', 'PayPal'))).toBe(true);
    expect(isWalletGateway(config('paypal', 'stripe'))).toBe(false);
    expect(effectiveGateway(config('Stripe', null))).toBe('stripe');
    expect(effectiveGateway(config('fortis', ''))).toBe('fortis');
  });

  it('keeps Global Payments to location-level credentials', () => {
    expect(visitFee(config('stripe', 'globalpay'), false)).toBeNull();
    expect(visitFee(config('stripe', 'globalpay', 'gp-1'), false)).toBe(60);
    expect(visitFee(config('globalpay', 'fortis'), true)).toBe(20);
  });
});
