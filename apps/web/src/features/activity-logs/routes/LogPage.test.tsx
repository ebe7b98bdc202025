import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { ActivityLogPage, SessionLogPage } from './LogPage';

function signIn() {
  setSession({
    user: {
      userId: 'u1',
      identityProviderId: 's1',
      name: 'Avery Admin',
      email: 'avery@lakeside.com',
      firstName: 'Avery',
      lastName: 'Admin',
      preferredName: null,
      gender: null,
      userType: 'Practitioner',
      roles: ['practiceadmin'],
      organizationId: 'org-1',
      photos: [],
    },
    accessToken: 'token',
    isGuest: false,
  });
}

const row = {
  ActionTime: '2026-11-20T15:00:00.000Z',
  UserId: 'staff-1',
  UserName: 'Sam Staff',
  UserType: 'Practitioner',
  Action: 'login',
  Entity: null,
  UserWorkflow: null,
  Outcome: 'success',
  ClientIp: '203.0.113.7',
  Browser: 'Chrome',
  DeviceOs: 'Windows',
};
const users = [
  { UserId: 'staff-1', UserName: 'Sam Staff', UserType: 'Practitioner' },
  { UserId: 'admin-1', UserName: 'Avery Admin', UserType: 'Practitioner' },
];

function answering(data: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ status_code: 200, message: 'success', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof answering>, call: number) =>
  JSON.parse((fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].body as string) as Record<
    string,
    unknown
  >;

describe('the activity log and the session log', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'reports']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setSession({ user: null, accessToken: null, isGuest: true });
  });

  it("lists the practice's sign-ins with their device and finds one user's sign-ins", async () => {
    signIn();
    const fetchMock = answering({ Total: 1, Data: [row], Users: users });
    renderRoute(<SessionLogPage />, { path: '/practice-admin/reports/session-log' });
    expect(screen.getByRole('heading', { level: 1, name: 'Session log' })).toBeInTheDocument();
    const results = screen.getByRole('region', { name: /entr/ });
    expect(await within(results).findByRole('cell', { name: 'Sam Staff' })).toBeInTheDocument();
    expect(within(results).getByRole('heading', { name: '1 entry' })).toBeInTheDocument();
    expect(within(results).getByRole('cell', { name: 'Signed in' })).toBeInTheDocument();
    expect(within(results).getByRole('cell', { name: 'Chrome · Windows' })).toBeInTheDocument();
    expect(within(results).getByRole('cell', { name: '203.0.113.7' })).toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toContain(
      '/careslot-logging/api/v1/UserSessions/find',
    );
    expect(bodyOf(fetchMock, 0)).toMatchObject({ OrganizationId: 'org-1', PageNumber: 1, PageSize: 25 });

    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'staff-1' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'logout' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(bodyOf(fetchMock, 1)).toMatchObject({ UserId: 'staff-1', Action: 'logout', PageNumber: 1 });
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('shows what was done, offers the activity actions and says when there is nothing', async () => {
    signIn();
    answering({ Total: 0, Data: [], Users: users });
    renderRoute(<ActivityLogPage />, { path: '/practice-admin/reports/activity-log' });
    expect(screen.getByRole('heading', { level: 1, name: 'Activity log' })).toBeInTheDocument();
    expect(await screen.findByText('No activity in this period.')).toBeInTheDocument();
    const actions = within(screen.getByLabelText('Action')).getAllByRole('option');
    expect(actions.map((option) => option.textContent)).toEqual([
      'All actions',
      'Viewed',
      'Created',
      'Changed',
      'Deleted',
      'Searched',
    ]);
    expect(screen.getByRole('navigation', { name: 'Reports' })).toHaveTextContent('Session log');
  });
});
