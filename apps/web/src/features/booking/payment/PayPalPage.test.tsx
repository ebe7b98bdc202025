import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, setupI18n } from '../../../testing/render';
import {
  HOLDER_ID,
  holdTestSlot,
  LOCATION_ID,
  ORG_ID,
  PROVIDER_ID,
  signInTestPatient,
  stubBookingApi,
} from '../bookingTestApi';
import { PayPalPage } from './PayPalPage';

const TX = '0b6a3c1e-1111-4a2b-8c3d-00000000cc01';
const paypalPractice = (url: URL) =>
  url.pathname.endsWith('/organizations/get-by-organization')
    ? {
        body: {
          status_code: 200,
          message: 'success',
          data: {
            OrganizationId: ORG_ID,
            EnableOnlinePayment: true,
            Gateway: { GatewayName: 'PayPal', AccountNumber: null },
          },
        },
      }
    : undefined;
const declined = (url: URL) =>
  url.pathname.endsWith(`/orders/${TX}/authorize`)
    ? {
        status: 400,
        body: {
          status_code: 400,
          message: 'PayPal declined the payment.',
          data: null,
          errors: [{ field: 'TransactionId', rule: 'declined', message: 'PayPal declined the payment.' }],
        },
      }
    : undefined;

beforeAll(async () => {
  await setupI18n(['common', 'booking', 'bookingPayment', 'bookingSubmit']);
});
beforeEach(() => {
  sessionStorage.clear();
  signInTestPatient();
  holdTestSlot();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the PayPal visit-fee screen', () => {
  it('opens an order for the fee, shows the built-in approval step, and says a declined payment plainly', async () => {
    const { calls } = stubBookingApi({ visitFee: true }, [
      paypalPractice,
      (url) =>
        url.pathname.endsWith('/v1/paypalpayment/orders')
          ? {
              body: {
                status_code: 200,
                message: 'PayPal order created.',
                data: { TransactionId: TX, OrderId: 'ORDER-SBX-1', ApproveUrl: null, Amount: 75 },
              },
            }
          : undefined,
      (url) =>
        url.pathname.endsWith(`/sandbox/orders/${TX}/approval`)
          ? { body: { status_code: 200, message: 'success', data: {} } }
          : undefined,
      declined,
    ]);
    renderRoute(<PayPalPage />, { path: '/book/pay-paypal' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Appointment' })).toBeInTheDocument();
    expect(await screen.findByTestId('visit-fee')).toHaveTextContent('$75.00');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $75.00 with PayPal' }));

    const order = calls.find((c) => c.path.endsWith('/v1/paypalpayment/orders'))!;
    expect(order.query.get('amount')).toBe('75');
    expect(order.body).toEqual({
      PatientId: HOLDER_ID,
      OrganizationId: ORG_ID,
      LocationId: LOCATION_ID,
      EntityType: 'provider',
      EntityId: PROVIDER_ID,
      Insured: false,
    });

    const approval = await screen.findByRole('region', { name: 'PayPal approval' });
    expect(
      within(approval).getByText('Approve a payment of $75.00 for your visit with Dr. Maya Okafor, MD?'),
    ).toBeInTheDocument();
    await userEvent.click(within(approval).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'PayPal declined the payment. Nothing was charged; you can try again.',
    );
    expect(calls.find((c) => c.path.endsWith('/approval'))?.body).toEqual({ Approve: false });
    expect(calls.some((c) => c.path.endsWith('/Appointments'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Pay $75.00 with PayPal' })).toBeInTheDocument();
  });

  it('back from PayPal (?transaction=…): authorizes that order at once, and says so when PayPal declines it', async () => {
    const { calls } = stubBookingApi({ visitFee: true }, [paypalPractice, declined]);
    renderRoute(<PayPalPage />, {
      path: '/book/pay-paypal',
      url: `/book/pay-paypal?transaction=${TX}&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal declined the payment.');
    expect(calls.filter((c) => c.path.endsWith(`/orders/${TX}/authorize`))).toHaveLength(1);
    expect(calls.some((c) => c.path.endsWith('/v1/paypalpayment/orders'))).toBe(false);
  });

  it('back from PayPal after cancelling: says nothing was charged and authorizes nothing', async () => {
    const { calls } = stubBookingApi({ visitFee: true }, [paypalPractice]);
    renderRoute(<PayPalPage />, {
      path: '/book/pay-paypal',
      url: `/book/pay-paypal?transaction=${TX}&cancelled=true`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cancelled the payment in PayPal. Nothing was charged.',
    );
    expect(await screen.findByRole('button', { name: 'Pay $75.00 with PayPal' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('/paypalpayment/'))).toBe(false);
  });

  it('sends a practice paid by card to the card page', async () => {
    stubBookingApi({ visitFee: true });
    renderRoute(<PayPalPage />, { path: '/book/pay-paypal' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/book/pay');
  });
});
