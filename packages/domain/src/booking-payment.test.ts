import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MINIMUM_VISIT_FEE,
  type VisitPaymentConfig,
  isInsuranceUpdated,
  isInsuranceValid,
  isWalletGateway,
  visitFee,
  visitPaymentApplies,
} from './booking-payment';

const config = (
  over: {
    gateway?: string;
    enable?: boolean;
    online?: boolean;
    insured?: number;
    uninsured?: number;
    location?: { GatewayName: string; AccountNumber: string };
  } = {},
): VisitPaymentConfig => ({
  OrganizationPaymentConfig: {
    EnableOnlinePayment: over.online ?? true,
    Gateway: { GatewayName: over.gateway ?? 'Stripe', AccountNumber: 'acct_1' },
  },
  LocationPaymentConfig: { Gateway: over.location ?? null },
  UserPaymentConfig: {
    VisitFeeDetails: {
      Enable: over.enable ?? true,
      InsuredAmount: over.insured ?? 25,
      UninsuredAmount: over.uninsured ?? 80,
    },
  },
});

describe('visit payment', () => {
  it('applies with online payment, a ready gateway, the fee enabled and an amount of at least 1', () => {
    expect(visitFee(config(), true)).toBe(25);
    expect(visitFee(config(), false)).toBe(80);
    expect(visitPaymentApplies(config({ gateway: 'fortis' }), true)).toBe(true);
    expect(visitPaymentApplies(config({ gateway: 'PayPal' }), true)).toBe(true);
    expect(isWalletGateway(config({ gateway: 'PayPal' }))).toBe(true);
    expect(isWalletGateway(config({ gateway: 'Stripe' }))).toBe(false);
    expect(isWalletGateway(null)).toBe(false);
  });

  it('does not apply when any condition fails', () => {
    expect(visitPaymentApplies(null, true)).toBe(false);
    expect(visitPaymentApplies(config({ online: false }), true)).toBe(false);
    expect(visitPaymentApplies(config({ enable: false }), true)).toBe(false);
    expect(visitPaymentApplies(config({ gateway: 'unknown' }), true)).toBe(false);
    expect(visitPaymentApplies(config({ insured: 0.5 }), true)).toBe(false);
  });

  it('needs a location account for Global Payments', () => {
    expect(visitPaymentApplies(config({ gateway: 'globalpay' }), true)).toBe(false);
    expect(
      visitPaymentApplies(
        config({ gateway: 'globalpay', location: { GatewayName: 'GlobalPay', AccountNumber: '' } }),
        true,
      ),
    ).toBe(false);
    expect(
      visitPaymentApplies(
        config({ gateway: 'globalpay', location: { GatewayName: 'GlobalPay', AccountNumber: '123' } }),
        true,
      ),
    ).toBe(true);
  });

  it('never asks for less than the minimum fee (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 1000, noNaN: true }), fc.boolean(), (amount, insured) => {
        const fee = visitFee(config({ insured: amount, uninsured: amount }), insured);
        if (fee != null) expect(fee).toBeGreaterThanOrEqual(MINIMUM_VISIT_FEE);
        else expect(amount).toBeLessThan(MINIMUM_VISIT_FEE);
      }),
    );
  });
});

describe('insurance on file', () => {
  it('is valid with a named primary coverage other than "don\'t have insurance"', () => {
    expect(isInsuranceValid([{ Priority: 'Primary', Name: 'Aetna' }])).toBe(true);
    expect(isInsuranceValid([{ Priority: 'Secondary', Name: 'Aetna' }])).toBe(false);
    expect(isInsuranceValid([{ Priority: 'Primary', Name: ' ' }])).toBe(false);
    expect(isInsuranceValid([{ Priority: 'Primary', Name: "I don't have insurance" }])).toBe(false);
  });

  it('counts as updated unless the primary coverage matches the selection', () => {
    const sel = { Insurance: { Display: 'Aetna' }, SubscriberId: 'W123' };
    expect(isInsuranceUpdated(null, [{ Priority: 'Primary', Name: 'Aetna', PolicyNumber: 'W123' }])).toBe(
      true,
    );
    expect(isInsuranceUpdated(sel, [])).toBe(true);
    expect(isInsuranceUpdated(sel, [{ Priority: 'Secondary', Name: 'Aetna', PolicyNumber: 'W123' }])).toBe(
      true,
    );
    expect(isInsuranceUpdated(sel, [{ Priority: 'Primary', Name: 'Cigna', PolicyNumber: 'W123' }])).toBe(
      true,
    );
    expect(isInsuranceUpdated(sel, [{ Priority: 'Primary', Name: 'Aetna', PolicyNumber: 'W999' }])).toBe(
      true,
    );
    expect(isInsuranceUpdated(sel, [{ Priority: 'primary', Name: 'aetna', PolicyNumber: 'w123' }])).toBe(
      false,
    );
  });
});
