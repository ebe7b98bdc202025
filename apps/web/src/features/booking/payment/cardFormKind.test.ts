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
    expect(cardFormKind(config({ stripePublishableKey: 'pk_test_51Abc' }))).toEqual({ kind: 'stripe', publishableKey: 'pk_test_51Abc' });
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
});
