import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setHeaderState } from '../../../shared/navigation/headerState';
import { setSession, type SessionUser } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { PaymentMethodPage } from './PaymentMethodPage';
import { ServicesPage } from './ServicesPage';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../shared/ui/toast', () => ({ toast }));

const ORG = '11111111-1111-4111-8111-111111111111';
const OLIVIA = '22222222-2222-4222-8222-222222222222';
const COLLEAGUE = '33333333-3333-4333-8333-333333333333';
const SCHEDULE = '44444444-4444-4444-8444-444444444444';
const TYPE_A = '55555555-5555-4555-8555-555555555555';
const TYPE_B = '66666666-6666-4666-8666-666666666666';
const provider: SessionUser = {
  userId: OLIVIA,
  identityProviderId: 'idp-1',
  name: 'Olivia Bennett',
  email: 'olivia@example.com',
  firstName: 'Olivia',
  lastName: 'Bennett',
  preferredName: null,
  gender: 'Female',
  userType: 'Practitioner',
  roles: ['provider'],
  organizationId: ORG,
  photos: [],
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function server(options: { feeError?: boolean } = {}) {
  const calls: Call[] = [];
  let fee = {
    Enable: true,
    InsuredAmount: 15,
    UninsuredAmount: 64.25,
    InsuredAmountCents: 1500,
    UninsuredAmountCents: 6425,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      calls.push({ url, method, body });
      const entity = { OrganizationId: ORG, EntityType: 'provider', EntityId: OLIVIA };
      if (url.includes('/entityconfigurations/upsert')) {
        if (options.feeError)
          return Response.json(
            {
              status_code: 400,
              message: 'Invalid request',
              errors: [
                {
                  field: 'body.VisitFeeDetails.UninsuredAmountCents',
                  rule: 'max',
                  message: 'must be at most 1000000 cents ($10000)',
                },
              ],
            },
            { status: 400 },
          );
        const details = (
          body as {
            VisitFeeDetails: { Enable: boolean; InsuredAmountCents: number; UninsuredAmountCents: number };
          }
        ).VisitFeeDetails;
        fee = {
          ...details,
          InsuredAmount: details.InsuredAmountCents / 100,
          UninsuredAmount: details.UninsuredAmountCents / 100,
        };
        return Response.json({
          status_code: 200,
          message: 'success',
          data: { ...entity, VisitFeeDetails: fee },
        });
      }
      if (url.includes('/entityconfigurations/entity'))
        return Response.json({
          status_code: 200,
          message: 'success',
          data: { ...entity, VisitFeeDetails: fee },
        });
      if (url.includes('/schedule/advance-search'))
        return Response.json({
          Data: [
            {
              Id: SCHEDULE,
              Name: 'Mornings',
              OrganizationId: ORG,
              PractitionerId: OLIVIA,
              ServiceType: [{ Id: TYPE_A }],
            },
          ],
          Total: 1,
        });
      if (url.includes('/servicetype/advance-search'))
        return Response.json({
          Data: [
            { Id: TYPE_A, Name: 'Checkup', Duration: 30 },
            { Id: TYPE_B, Name: 'Follow-up', Duration: 15 },
          ],
          Total: 2,
        });
      if (url.includes('/update-services')) return Response.json({ Id: SCHEDULE });
      return Response.json({}, { status: 404 });
    }),
  );
  return calls;
}

const feeUrl = (calls: Call[]) => calls.find((c) => c.url.includes('/entityconfigurations/upsert'));

describe('provider settings: the provider changes their own fees and reasons', () => {
  beforeAll(() => setupI18n(['common', 'providerSettings']));
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.success.mockClear();
    toast.error.mockClear();
    setHeaderState({ features: null });
  });

  it('checks the typed dollars with the fee rules, then sends their own fee in cents and says so', async () => {
    const calls = server();
    setSession({ user: provider, accessToken: 't', isGuest: false });
    renderRoute(<PaymentMethodPage />, {
      path: '/providers/:userId/settings/payment-method',
      url: `/providers/${OLIVIA}/settings/payment-method`,
    });
    const insured = await screen.findByRole('textbox', { name: /Fee for insured patients/ });
    const uninsured = screen.getByRole('textbox', { name: /Fee for uninsured patients/ });
    expect(insured).toHaveValue('15.00');
    expect(uninsured).toHaveValue('64.25');

    await userEvent.clear(insured);
    await userEvent.type(insured, '12.345');
    await userEvent.clear(uninsured);
    await userEvent.type(uninsured, '20000');
    await userEvent.click(screen.getByRole('button', { name: 'Save visit fees' }));
    expect(
      await screen.findByText('Fee for insured patients must be an amount in dollars, such as 75 or 75.50'),
    ).toBeInTheDocument();
    expect(screen.getByText('Fee for uninsured patients must be at most $10,000.00')).toBeInTheDocument();
    expect(insured).toHaveAttribute('aria-invalid', 'true');
    expect(feeUrl(calls)).toBeUndefined();

    await userEvent.clear(insured);
    await userEvent.type(insured, '20.5');
    await userEvent.clear(uninsured);
    await userEvent.type(uninsured, '$1,200');
    await userEvent.click(screen.getByRole('checkbox', { name: /Collect a visit fee online/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save visit fees' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your visit fees were saved.'));
    const saved = feeUrl(calls)!;
    expect(saved.method).toBe('POST');
    expect(new URL(saved.url, 'http://x').searchParams.toString()).toBe(
      `organizationId=${ORG}&entityType=provider&entityId=${OLIVIA}`,
    );
    expect(saved.body).toEqual({
      VisitFeeDetails: { Enable: false, InsuredAmountCents: 2050, UninsuredAmountCents: 120000 },
    });
    expect(await screen.findByText('Not collected')).toBeInTheDocument();
  });

  it("puts the server's field error under the field it names", async () => {
    server({ feeError: true });
    setSession({ user: provider, accessToken: 't', isGuest: false });
    renderRoute(<PaymentMethodPage />, {
      path: '/providers/:userId/settings/payment-method',
      url: `/providers/${OLIVIA}/settings/payment-method`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save visit fees' }));
    expect(
      await screen.findByText('Fee for uninsured patients: must be at most 1000000 cents ($10000)'),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalled();
  });

  it("shows another provider's fees read-only, and the provider's own too when the practice switched their settings off", async () => {
    server();
    setSession({ user: { ...provider, userId: COLLEAGUE }, accessToken: 't', isGuest: false });
    const view = renderRoute(<PaymentMethodPage />, {
      path: '/providers/:userId/settings/payment-method',
      url: `/providers/${OLIVIA}/settings/payment-method`,
    });
    expect(await screen.findByText('$64.25')).toBeInTheDocument();
    expect(
      screen.getByText("Your practice admin sets these amounts in the practice's Payments settings."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    view.unmount();

    setSession({ user: provider, accessToken: 't', isGuest: false });
    setHeaderState({ features: new Set(['calendar', 'requests']) });
    renderRoute(<PaymentMethodPage />, {
      path: '/providers/:userId/settings/payment-method',
      url: `/providers/${OLIVIA}/settings/payment-method`,
    });
    expect(await screen.findByText('$15.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save visit fees' })).toBeNull();
  });

  it('lets the provider tick the reasons of their own schedule and saves them with the schedule call', async () => {
    const calls = server();
    setSession({ user: provider, accessToken: 't', isGuest: false });
    renderRoute(<ServicesPage />, {
      path: '/providers/:userId/settings/service',
      url: `/providers/${OLIVIA}/settings/service`,
    });
    const followUp = await screen.findByRole('checkbox', { name: 'Follow-up (15 min)' });
    expect(followUp).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Checkup (30 min)' })).toBeChecked();
    await userEvent.click(followUp);
    await userEvent.click(screen.getByRole('button', { name: 'Save reasons for visit of Mornings' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reasons for visit of Mornings saved.'));
    const put = calls.find((c) => c.url.includes('/update-services'))!;
    expect(put.method).toBe('PUT');
    expect(put.url).toContain(`/schedule/${SCHEDULE}/update-services`);
    expect(put.body).toEqual({ ServiceTypeIds: [TYPE_A, TYPE_B] });
  });

  it("shows another provider's reasons without letting a provider change them", async () => {
    server();
    setSession({ user: { ...provider, userId: COLLEAGUE }, accessToken: 't', isGuest: false });
    renderRoute(<ServicesPage />, {
      path: '/providers/:userId/settings/service',
      url: `/providers/${OLIVIA}/settings/service`,
    });
    expect(await screen.findByRole('checkbox', { name: 'Follow-up (15 min)' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });
});
