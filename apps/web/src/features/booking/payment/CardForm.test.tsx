import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@careslot/contracts';
import { Providers, setupI18n } from '../../../testing/render';
import { CardForm } from './CardForm';

/** Stripe.js stands in here: no network, and the test sees what the form asks of Stripe. */
const stripeCalls = vi.hoisted(() => ({ loadedWith: [] as string[], created: [] as unknown[], mounted: 0 }));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async (key: string) => {
    stripeCalls.loadedWith.push(key);
    const element = {
      on: () => element,
      mount: () => (stripeCalls.mounted += 1),
      destroy: () => undefined,
      clear: () => undefined,
    };
    return {
      elements: () => ({ create: () => element }),
      createPaymentMethod: async (data: unknown) => {
        stripeCalls.created.push(data);
        return { paymentMethod: { id: 'pm_1QabcStripeTok' } };
      },
    };
  },
}));

const PATIENT = '0b6a3c1e-1111-4a2b-8c3d-000000000001';
const saved: PaymentMethod = {
  Id: 'pm_1QabcStripeTok',
  Brand: 'visa',
  MaskedNumber: 'xxxxxxxxxx4242',
  Last4: '4242',
  ExpMonth: 12,
  ExpYear: 2031,
};

function stubServer(stripePublishableKey: string | null) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        input instanceof Request ? input.url : input instanceof URL ? input.href : input,
        'http://localhost',
      );
      if (url.pathname === '/api/app-config') {
        return Response.json({
          productName: 'CareSlot',
          landingEnabled: true,
          calendarDisabled: false,
          supportEmail: 's@example.com',
          languages: ['en'],
          oidc: { issuer: 'x', clientId: 'y', scope: 'z' },
          social: null,
          payments: { stripePublishableKey },
        });
      }
      if (url.pathname.endsWith('/customers/payment-methods') && init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return Response.json({ status_code: 200, message: 'Card saved.', data: saved });
      }
      return Response.json({ message: 'not stubbed' }, { status: 404 });
    }),
  );
  return posted;
}

beforeAll(async () => {
  await setupI18n(['common', 'bookingPayment']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  stripeCalls.loadedWith.length = 0;
  stripeCalls.created.length = 0;
  stripeCalls.mounted = 0;
});

describe('the card form chosen by the deployment', () => {
  it('shows the sandbox card form, with its test cards, when no Stripe publishable key is configured; Stripe.js is never loaded', async () => {
    stubServer(null);
    render(
      <Providers>
        <CardForm patientId={PATIENT} submitLabel="Save card" onSaved={() => undefined} />
      </Providers>,
    );
    expect(await screen.findByLabelText(/Card number/)).toBeInTheDocument();
    expect(screen.getByText('Sandbox test cards')).toBeInTheDocument();
    expect(stripeCalls.loadedWith).toEqual([]);
  });

  it('with a publishable key: mounts Stripe Elements, asks Stripe for a PaymentMethod and sends only its pm_ id', async () => {
    const posted = stubServer('pk_test_51Abc');
    const onSaved = vi.fn();
    render(
      <Providers>
        <CardForm patientId={PATIENT} submitLabel="Save card" onSaved={onSaved} />
      </Providers>,
    );
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(screen.queryByText('Sandbox test cards')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save card' })).toBeEnabled());
    expect(stripeCalls.loadedWith).toEqual(['pk_test_51Abc']);
    expect(stripeCalls.mounted).toBe(1);

    await userEvent.type(screen.getByLabelText('Name on card'), 'Jordan Ellis');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(stripeCalls.created).toEqual([
      expect.objectContaining({ type: 'card', billing_details: { name: 'Jordan Ellis' } }),
    ]);
    expect(posted).toEqual([{ PatientId: PATIENT, PaymentMethodId: 'pm_1QabcStripeTok' }]);
  });
});
