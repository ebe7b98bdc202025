import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPUTATION_BASE } from '@careslot/contracts';
import { renderRoute, setupI18n } from '../../../testing/render';
import { ReviewRequests } from './ReviewRequests';

const LOCATION = '55555555-5555-4555-8555-555555555555';
const CONFIG = '66666666-6666-4666-8666-666666666666';

function server() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      calls.push({ url, method, body });
      const row = {
        Id: CONFIG,
        OrganizationId: 'o',
        EntityType: 'Location',
        EntityId: LOCATION,
        SendReviewRequests: true,
        ReviewRequestDelayHours: 2,
        UpdatedOn: '2026-11-26T10:00:00.000Z',
      };
      if (url.endsWith('/EntityConfiguration/entities') && method === 'POST')
        return Response.json({ Data: [row] });
      if (url.endsWith(`/EntityConfiguration/${CONFIG}`) && method === 'PUT')
        return Response.json({ ...row, ...body, UpdatedOn: '2026-11-26T11:00:00.000Z' });
      return Response.json({}, { status: 404 });
    }),
  );
  return calls;
}

describe('review requests', () => {
  beforeAll(() => setupI18n(['common', 'reputationSettings']));
  afterEach(() => vi.unstubAllGlobals());

  it("reads an entity's configuration, refuses hours the contract refuses (naming field and rule) and saves", async () => {
    const calls = server();
    renderRoute(<ReviewRequests entities={[{ type: 'Location', id: LOCATION, name: 'Downtown' }]} />);
    const hours = await screen.findByRole('textbox', { name: 'Hours after the visit for Downtown' });
    expect(hours).toHaveValue('2');
    expect(screen.getByRole('switch', { name: 'Ask patients of Downtown for a review' })).toBeChecked();
    // One call reads every row (issue 29 item 5).
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        url: `${REPUTATION_BASE}/EntityConfiguration/entities`,
        method: 'POST',
        body: { Entities: [{ EntityType: 'Location', EntityId: LOCATION }] },
      },
    ]);

    await userEvent.clear(hours);
    await userEvent.type(hours, '169');
    await userEvent.click(screen.getByRole('button', { name: 'Save review requests of Downtown' }));
    expect(
      await screen.findByText('Hours after the visit must be a whole number from 0 to 168 (rule: range).'),
    ).toBeInTheDocument();
    await userEvent.clear(hours);
    await userEvent.type(hours, '1.5');
    expect(
      screen.getByText('Hours after the visit must be a whole number of hours (rule: whole number).'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(hours);
    await userEvent.type(hours, '24');
    await userEvent.click(screen.getByRole('switch', { name: 'Ask patients of Downtown for a review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save review requests of Downtown' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      url: `${REPUTATION_BASE}/EntityConfiguration/${CONFIG}`,
      body: { SendReviewRequests: false, ReviewRequestDelayHours: 24 },
    });
  });
});
