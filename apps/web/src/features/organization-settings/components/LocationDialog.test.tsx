import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, setupI18n } from '../../../testing/render';
import { LocationDialog } from './LocationDialog';

const ORG = '7f0c1a52-2b53-4d8e-9a61-0e6f6d8f1a11';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by URL: the zip look-up, the plans list, then the saves. */
function server(calls: { url: string; body: unknown }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url.includes('/zip-codes/60606'))
        return Promise.resolve(
          json({
            Code: '60606',
            City: 'Chicago',
            State: 'Illinois',
            StateCode: 'IL',
            StateFips: '17',
            CountyCode: '031',
            County: 'Cook County',
            Latitude: 41.88,
            Longitude: -87.63,
          }),
        );
      if (url.includes('/insurances/mappings')) return Promise.resolve(json({ Data: [], Total: 0 }));
      if (url.endsWith('/v2/location'))
        return Promise.resolve(
          json({ status_code: 200, message: 'success', data: { Id: 'l1', Name: 'Lakeside Clinic' } }),
        );
      if (url.includes('/EntityInsurances/upsert'))
        return Promise.resolve(json({ status_code: 200, message: 'success', data: {} }));
      return Promise.resolve(json({}, 404));
    }),
  );
}

describe('the location dialog', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'organizationSettings']);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills city, state and time zone from the zip, then saves the facility and its insurances', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server(calls);
    const onClose = vi.fn();
    renderRoute(
      <LocationDialog
        organizationId={ORG}
        location={null}
        defaultTimeZone="America/New_York"
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Location name/), 'Lakeside Clinic');
    await user.type(screen.getByLabelText(/Address line 1/), '233 S Wacker Dr');
    await user.type(screen.getByLabelText(/Zip code/), '60606');
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveValue('Chicago'));
    expect(screen.getByLabelText(/^State/)).toHaveValue('IL');
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue('America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ Id: 'l1' })));
    const created = calls.find((c) => c.url.endsWith('/v2/location'))!;
    expect(created.body).toMatchObject({
      Name: 'Lakeside Clinic',
      OrganizationId: ORG,
      TimeZone: 'America/Chicago',
      Address: { City: 'Chicago', State: 'IL', ZipCode: '60606' },
    });
    expect(calls.some((c) => c.url.includes('/EntityInsurances/upsert') && c.url.includes('id=l1'))).toBe(
      true,
    );
  });

  it('says a four-digit zip breaks the 5-or-9-digits rule and sends nothing', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server(calls);
    renderRoute(
      <LocationDialog
        organizationId={ORG}
        location={null}
        defaultTimeZone="America/New_York"
        onClose={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Zip code/), '6060');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The zip code must have exactly 5 or 9 digits.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/v2/location'))).toBe(false);
  });
});
