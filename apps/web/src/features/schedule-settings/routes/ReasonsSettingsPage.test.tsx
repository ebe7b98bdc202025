import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceCategory, ServiceType } from '@careslot/contracts';
import { EMPTY_PRACTICE, setPractice } from '../../../shared/session/practice';
import { renderRoute, setupI18n } from '../../../testing/render';
import { ReasonsSettingsPage } from './ReasonsSettingsPage';

const ORG = '11111111-1111-4111-8111-111111111111';
const category: ServiceCategory = {
  Id: '22222222-2222-4222-8222-222222222222',
  OrganizationId: ORG,
  Name: 'Group session',
  Duration: 60,
  Capacity: 3,
};
const reason: ServiceType = {
  Id: '33333333-3333-4333-8333-333333333333',
  OrganizationId: ORG,
  Name: 'Physio',
  Alias: 'PT',
  Duration: 30,
  ServiceCategoryId: category.Id,
  VisitType: 'Office',
  Services: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(onPut: (body: Record<string, unknown>) => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        input instanceof Request ? input.url : input instanceof URL ? input.href : input,
        'http://localhost',
      );
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({ method, path: url.pathname, body });
      if (url.pathname.endsWith('/servicecategory/advance-search'))
        return json({ Data: [category], Total: 1 });
      if (url.pathname.endsWith('/servicetype/advance-search')) return json({ Data: [reason], Total: 1 });
      if (method === 'PUT' && url.pathname.endsWith(`/servicetype/${reason.Id}`)) return onPut(body);
      return json({ status_code: 404, message: 'This page cannot be reached.', data: null }, 404);
    }),
  );
  return calls;
}

describe('visit reasons settings', () => {
  beforeAll(() => setupI18n(['common', 'scheduleSettings']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists categories and reasons, and checks a duration before sending it', async () => {
    setPractice({ ...EMPTY_PRACTICE, organizationId: ORG });
    const calls = stubApi((body) => json({ ...reason, ...body }));
    renderRoute(<ReasonsSettingsPage />);
    const row = (await screen.findByText('Physio')).closest('tr')!;
    expect(row).toHaveTextContent('30 minutes');
    expect(row).toHaveTextContent('Group session');

    await userEvent.click(within(row).getByRole('button', { name: 'Edit Physio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Physio' });
    const duration = within(dialog).getByRole('textbox', { name: 'Duration (minutes)' });
    await userEvent.clear(duration);
    await userEvent.type(duration, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('must be a whole number from 5 to 480')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(duration);
    await userEvent.type(duration, '45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        Name: 'Physio',
        Duration: 45,
        Alias: 'PT',
        ServiceCategoryId: category.Id,
        VisitType: 'Office',
      }),
    );
  });

  it("shows the server's rule at the field it names", async () => {
    setPractice({ ...EMPTY_PRACTICE, organizationId: ORG });
    stubApi(() =>
      json(
        {
          status_code: 400,
          message: 'Bad request',
          data: null,
          errors: [
            {
              field: 'ServiceCategoryId',
              rule: 'not_found',
              message: 'no such service category in your practice',
            },
          ],
        },
        400,
      ),
    );
    renderRoute(<ReasonsSettingsPage />);
    const row = (await screen.findByText('Physio')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Physio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Physio' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('is not part of your practice')).toBeInTheDocument();
  });
});
