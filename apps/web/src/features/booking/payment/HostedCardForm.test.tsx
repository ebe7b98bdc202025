import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers, setupI18n } from '../../../testing/render';
import HostedCardForm from './HostedCardForm';
import {
  FORTIS_ELEMENTS_SCRIPT,
  GLOBALPAY_SCRIPT,
  type FortisEventPayload,
  type GlobalPaymentsLib,
} from './hostedFields';

const ORG = '0b6a3c1e-1111-4a2b-8c3d-00000000000a';
const LOCATION = '0b6a3c1e-1111-4a2b-8c3d-00000000000b';

/** The server's start of the field: the session asked for, and what it answers. */
function stubServer(
  answer:
    | { Gateway: 'fortis' | 'globalpay'; Environment: 'sandbox' | 'production'; Token: string }
    | { status: number; message: string },
) {
  const asked: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        input instanceof Request ? input.url : input instanceof URL ? input.href : input,
        'http://localhost',
      );
      asked.push({ path: url.pathname, body: init?.body ? JSON.parse(init.body as string) : null });
      if ('status' in answer)
        return Response.json(
          { status_code: answer.status, message: answer.message, errors: [] },
          { status: answer.status },
        );
      return Response.json({ status_code: 200, message: 'success', data: answer });
    }),
  );
  return asked;
}

/** Fortis Elements as its docs describe it: new Commerce.elements(clientToken), create, on(event), submit. */
function fakeCommerce() {
  const seen = {
    clientToken: '',
    created: null as unknown,
    handlers: new Map<string, (payload: FortisEventPayload) => void>(),
    submitted: 0,
  };
  class Elements {
    constructor(clientToken: string) {
      seen.clientToken = clientToken;
    }
    create(options: unknown) {
      seen.created = options;
      queueMicrotask(() => seen.handlers.get('ready')?.({}));
    }
    on(event: string, handler: (payload: FortisEventPayload) => void) {
      seen.handlers.set(event, handler);
    }
    submit() {
      seen.submitted += 1;
    }
  }
  vi.stubGlobal('Commerce', { elements: Elements });
  return seen;
}

/** globalpayments.js as its docs describe it: configure, ui.form(fields), ready, token-success / token-error. */
function fakeGlobalPayments() {
  const seen = {
    configured: null as unknown,
    fields: null as unknown,
    handlers: new Map<string, (response: never) => void>(),
  };
  const lib: GlobalPaymentsLib = {
    configure: (options) => {
      seen.configured = options;
    },
    ui: {
      form: (options) => {
        seen.fields = options.fields;
        return {
          on: (event: string, handler: (response: never) => void) => {
            seen.handlers.set(event, handler);
          },
          ready: (handler: () => void) => queueMicrotask(handler),
        };
      },
    },
  };
  vi.stubGlobal('GlobalPayments', lib);
  return seen;
}

const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);

beforeAll(async () => {
  await setupI18n(['common', 'bookingPayment']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the hosted card field of the practice's gateway", () => {
  it("starts Fortis Elements with the server's client token and hands its one-time token on when the patient pays", async () => {
    const asked = stubServer({ Gateway: 'fortis', Environment: 'sandbox', Token: 'ct_client_token_1' });
    const fortis = fakeCommerce();
    const onToken = vi.fn();
    render(
      <Providers>
        <HostedCardForm
          gateway="fortis"
          environment="sandbox"
          organizationId={ORG}
          locationId={LOCATION}
          submitLabel="Pay $80.00 and book"
          busy={false}
          onToken={onToken}
        />
      </Providers>,
    );
    const pay = await screen.findByRole('button', { name: 'Pay $80.00 and book' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(asked).toEqual([
      {
        path: '/careslot-payment-service/api/v1/fortispayment/elements/intention',
        body: { OrganizationId: ORG, LocationId: LOCATION },
      },
    ]);
    expect(fortis.clientToken).toBe('ct_client_token_1');
    expect(fortis.created).toMatchObject({ environment: 'sandbox', showSubmitButton: false });
    // The global was already there: no script is added (the real one loads from FORTIS_ELEMENTS_SCRIPT only when needed).
    expect(scripts()).not.toContain(FORTIS_ELEMENTS_SCRIPT.sandbox);
    expect(screen.getByText(/Fortis's secure fields; CareSlot never sees its number/)).toBeInTheDocument();

    await userEvent.click(pay);
    expect(fortis.submitted).toBe(1);
    act(() => fortis.handlers.get('done')?.({ data: { id: '31y7wzghkq2k3sgqc8ebxmcz', last_four: '1111' } }));
    expect(onToken).toHaveBeenCalledWith('31y7wzghkq2k3sgqc8ebxmcz');

    act(() => fortis.handlers.get('validationError')?.({}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the card details and try again.');
  });

  it("configures Global Payments' hosted fields with the server's access token and hands the payment reference on", async () => {
    const asked = stubServer({ Gateway: 'globalpay', Environment: 'production', Token: 'gpapi_limited_1' });
    const gp = fakeGlobalPayments();
    const onToken = vi.fn();
    render(
      <Providers>
        <HostedCardForm
          gateway="globalpay"
          environment="production"
          organizationId={ORG}
          locationId={null}
          submitLabel="Pay $25.00 and book"
          busy={false}
          onToken={onToken}
        />
      </Providers>,
    );
    await waitFor(() =>
      expect(gp.configured).toEqual({
        accessToken: 'gpapi_limited_1',
        apiVersion: '2021-03-22',
        env: 'production',
      }),
    );
    expect(asked[0]).toEqual({
      path: '/careslot-payment-service/api/v1/globalpayment/access-token',
      body: { OrganizationId: ORG },
    });
    const fields = gp.fields as Record<string, { target: string; text?: string }>;
    expect(Object.keys(fields)).toEqual([
      'card-holder-name',
      'card-number',
      'card-expiration',
      'card-cvv',
      'submit',
    ]);
    expect(fields.submit?.text).toBe('Pay $25.00 and book');
    // Every field is drawn into a place on this page.
    for (const field of Object.values(fields)) expect(document.querySelector(field.target)).not.toBeNull();
    expect(scripts()).not.toContain(GLOBALPAY_SCRIPT);

    act(() =>
      (gp.handlers.get('token-success') as (r: unknown) => void)({
        paymentReference: 'PMT_6d4d8a1f-6a35-4d5d-b1f5-2d0d2f3a6b11',
      }),
    );
    expect(onToken).toHaveBeenCalledWith('PMT_6d4d8a1f-6a35-4d5d-b1f5-2d0d2f3a6b11');
    act(() =>
      (gp.handlers.get('token-error') as (r: unknown) => void)({
        reasons: [{ code: 'INVALID_CARD_NUMBER', message: 'The card number is invalid' }],
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The card number is invalid');
  });

  it("says the field cannot be started when the server refuses, and never loads the gateway's script then", async () => {
    stubServer({
      status: 400,
      message: "This server takes this gateway's payments without its hosted card field",
    });
    const fortis = fakeCommerce();
    render(
      <Providers>
        <HostedCardForm
          gateway="fortis"
          environment="production"
          organizationId={ORG}
          locationId={null}
          submitLabel="Pay"
          busy={false}
          onToken={vi.fn()}
        />
      </Providers>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This server takes this gateway's payments without its hosted card field",
    );
    expect(fortis.created).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});
