import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization } from '@careslot/contracts';
import { setSession, type SessionUser } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { PracticesDashboardPage } from './PracticesDashboardPage';

const PATH = '/super-user/dashboard';

function signIn(roles: SessionUser['roles']) {
  setSession({
    user: {
      userId: 'u1',
      identityProviderId: 's1',
      name: 'Sam Super',
      email: 'sam@careslot.health',
      firstName: 'Sam',
      lastName: 'Super',
      preferredName: null,
      gender: null,
      userType: 'SuperUser',
      roles,
      organizationId: null,
      photos: [],
    },
    accessToken: 'token',
    isGuest: false,
  });
}

const lakeside: Organization = {
  Id: 'o1',
  Name: 'Lakeside Family Medicine',
  Identifier: [],
  Logo: null,
  Banner: null,
  Phone: '3125550142',
  Email: 'front@lakeside.example',
  Website: 'https://lakeside.example',
  Address: {
    Address1: '200 E Randolph St',
    Address2: ['Suite 5'],
    City: 'Chicago',
    State: 'IL',
    ZipCode: '60601',
  },
  TimeZone: 'America/Chicago',
  strip_account_id: null,
  has_reputation_enabled: true,
  Active: true,
};

function respondWith(...bodies: unknown[]) {
  const fetchMock = vi.fn();
  for (const body of bodies)
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requestBody = (fetchMock: ReturnType<typeof vi.fn>, call: number) =>
  JSON.parse(((fetchMock.mock.calls[call] as unknown[])[1] as { body: string }).body) as Record<
    string,
    unknown
  >;

describe('super-user Practices dashboard', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'practices']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession({ user: null, accessToken: null, isGuest: true });
  });

  it('lists the practices with address, contact and status', async () => {
    signIn(['superuser']);
    const fetchMock = respondWith({ Data: [lakeside], Total: 1 });
    renderRoute(<PracticesDashboardPage />, { path: PATH });
    expect(await screen.findByText('Lakeside Family Medicine')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Practices' })).toBeInTheDocument();
    expect(screen.getByText('200 E Randolph St, Suite 5')).toBeInTheDocument();
    expect(screen.getByText('Chicago, IL 60601')).toBeInTheDocument();
    expect(screen.getByText('(312) 555-0142')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('1 practice')).toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      '/careslot-administration/api/v2/organization/advance-search',
    );
    expect(requestBody(fetchMock, 0)).toEqual({ Limit: 10, Offset: 1 });
  });

  it('searches by name once the typing pauses and says when nothing matches', async () => {
    signIn(['superuser']);
    const fetchMock = respondWith({ Data: [lakeside], Total: 1 }, { Data: [], Total: 0 });
    renderRoute(<PracticesDashboardPage />, { path: PATH });
    await screen.findByText('Lakeside Family Medicine');
    await userEvent.type(screen.getByLabelText('Search practices'), 'Harbor');
    expect(await screen.findByText('No practice matches “Harbor”.')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(requestBody(fetchMock, 1)).toEqual({ Name: 'Harbor', Limit: 10, Offset: 1 });
  });

  it('tells other signed-in users that only super users may see the list, without asking the server', async () => {
    signIn(['provider']);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<PracticesDashboardPage />, { path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only super users can see the list of practices.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to login', async () => {
    renderRoute(<PracticesDashboardPage />, { path: PATH });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});
