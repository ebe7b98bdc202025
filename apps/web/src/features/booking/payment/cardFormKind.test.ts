import { describe, expect, it } from 'vitest';
import type { AppConfig } from '@careslot/contracts';
import { cardFormKind } from './cardFormKind';

const config = (payments: AppConfig['payments']): AppConfig => ({
  productName: 'CareSlot',
  landingEnabled: true,
  calendarDisabled: false,
  supportEmail: 'support@careslot.health',
  languages: ['en'],
  ehrSystemUrl: 'https://ehr.demo.careslot.health',
  oidc: { issuer: 'http://localhost/realms/careslot', clientId: 'careslot_web_app', scope: 'openid' },
  social: null,
  ...(payments ? { payments } : {}),
});

describe('the card form a deployment shows', () => {
  it('is Stripe Elements when a Stripe publishable key is configured', () => {
    expect(cardFormKind(config({ stripePublishableKey: 'pk_test_51Abc' }))).toEqual({
      kind: 'stripe',
      publishableKey: 'pk_test_51Abc',
    });
    expect(cardFormKind(config({ stripePublishableKey: 'pk_live_51Abc' }))?.kind).toBe('stripe');
  });

  it('is the sandbox form without a key, with an older server that sends no payments, or with something that is not a publishable key', () => {
    expect(cardFormKind(config({ stripePublishableKey: null }))).toEqual({ kind: 'sandbox' });
    expect(cardFormKind(config(undefined))).toEqual({ kind: 'sandbox' });
    expect(cardFormKind(config({ stripePublishableKey: 'sk_test_secret' }))).toEqual({ kind: 'sandbox' });
    expect(cardFormKind(config({ stripePublishableKey: '  ' }))).toEqual({ kind: 'sandbox' });
  });

  it('is nothing yet while the settings load', () => {
    expect(cardFormKind(undefined)).toBeNull();
  });
  it("is the practice's gateway's hosted field when its gateway is Fortis or Global Payments and the server takes its payments for real", () => {
    const live = config({
      stripePublishableKey: 'pk_test_51Abc',
      hostedCardFields: { fortis: 'sandbox', globalpay: 'production' },
    });
    expect(cardFormKind(live, 'Fortis')).toEqual({
      kind: 'hosted',
      gateway: 'fortis',
      environment: 'sandbox',
    });
    expect(cardFormKind(live, 'globalpay')).toEqual({
      kind: 'hosted',
      gateway: 'globalpay',
      environment: 'production',
    });
    // Another gateway of the same deployment keeps its own form.
    expect(cardFormKind(live, 'stripe')).toEqual({ kind: 'stripe', publishableKey: 'pk_test_51Abc' });
  });

  it('keeps the sandbox form where the sandbox stands in for Fortis or Global Payments (the journeys run so)', () => {
    const standIn = config({
      stripePublishableKey: null,
      hostedCardFields: { fortis: null, globalpay: null },
    });
    expect(cardFormKind(standIn, 'fortis')).toEqual({ kind: 'sandbox' });
    expect(cardFormKind(standIn, 'globalpay')).toEqual({ kind: 'sandbox' });
    expect(cardFormKind(config({ stripePublishableKey: null }), 'fortis')).toEqual({ kind: 'sandbox' });
    expect(
      cardFormKind(
        config({ stripePublishableKey: null, hostedCardFields: { fortis: 'sandbox', globalpay: null } }),
        'globalpay',
      ),
    ).toEqual({ kind: 'sandbox' });
  });
});
