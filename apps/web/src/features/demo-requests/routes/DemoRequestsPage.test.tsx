import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { DemoRequestList } from '@careslot/contracts';
import { setSession, type SessionUser } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { DemoRequestsPage } from './DemoRequestsPage';

const PATH = '/super-user/settings/demo-requests';

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

const list: DemoRequestList = {
  Total: 1,
  Data: [
    {
      Id: 'd1',
      Name: 'Amara Okafor',
      Practice: 'Lakeside Family Medicine',
      Email: 'amara@lakeside.com',
      Phone: '(312) 555-0142',
      Interests: ['reputation_management_listings', 'payments'],
      Message: 'Three locations',
      Source: 'newsletter',
      CreatedOn: '2026-11-22T15:00:00.000Z',
    },
  ],
};

describe('demo requests page', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'demoRequests']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession({ user: null, accessToken: null, isGuest: true });
  });

  it('lists the requests for a super user', async () => {
    signIn(['superuser']);
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<DemoRequestsPage />, { path: PATH });
    expect(await screen.findByRole('cell', { name: 'Lakeside Family Medicine' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Demo requests' })).toBeInTheDocument();
    expect(screen.getByText('Reputation management & listings')).toBeInTheDocument();
    expect(screen.getByText('Campaign: newsletter')).toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      '/careslot-marketing/api/v1/demo-requests?Offset=1&Limit=10',
    );
  });

  it('tells other signed-in users that only super users may see them, without asking the server', async () => {
    signIn(['provider']);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<DemoRequestsPage />, { path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only super users can see demo requests.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to login', async () => {
    renderRoute(<DemoRequestsPage />, { path: PATH });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});
