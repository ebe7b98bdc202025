import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { getHeaderState, setHeaderState } from '../../../shared/navigation/headerState';
import { setSession, type SessionUser } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { resetNotifications } from '../notificationsState';
import NotificationSidebar from './NotificationSidebar';

const provider: SessionUser = {
  userId: '11111111-1111-4111-8111-111111111111',
  identityProviderId: 'idp-1',
  name: 'Daniel Reyes',
  email: 'daniel@example.com',
  firstName: 'Daniel',
  lastName: 'Reyes',
  preferredName: null,
  gender: 'Male',
  userType: 'Practitioner',
  roles: ['provider', 'practiceadmin'],
  organizationId: 'org-2',
  photos: [],
};

function record(id: string, seen: boolean, status: string, receivedAgoMs: number, patient: [string, string]) {
  return {
    id,
    sourceSystem: 'org-2',
    seen,
    recievedOn: new Date(Date.now() - receivedAgoMs).toISOString(),
    payload: JSON.stringify({
      ProviderId: provider.userId,
      PatientId: `p-${id}`,
      AppointmentId: `a-${id}`,
      AppointmentStatus: status,
      AppointmentTime: '2026-11-26T16:00:00.000Z',
      PatientName: { first_name: patient[0], last_name: patient[1] },
      ProviderName: { first_name: 'Daniel', last_name: 'Reyes' },
      ProfilePictureUri: null,
      TimeZone: 'America/New_York',
    }),
  };
}

const NEW_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OLD_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

function server(records: unknown[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = input;
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(init.body as string) : undefined,
      });
      if (url.includes('mark-as-seen')) return Response.json(true);
      return Response.json(records, {
        headers: { 'x-total-count': String(records.length), 'x-unseen-count': '1' },
      });
    }),
  );
  return calls;
}

describe('notification sidebar', () => {
  beforeAll(() => setupI18n(['common', 'notifications']));
  afterEach(() => {
    vi.unstubAllGlobals();
    resetNotifications();
    setHeaderState({ notificationCount: 0 });
  });

  it('lists each notification with its status dot, patient, start time, age and the provider, and marks the new ones seen on the server', async () => {
    const calls = server([
      record(NEW_ID, false, 'Scheduled', 2 * 3_600_000, ['Jordan', 'Ellis']),
      record(OLD_ID, true, 'Canceled', 3 * 86_400_000, ['Avery', 'Stone']),
    ]);
    setSession({ user: provider, accessToken: 't', isGuest: false });
    setHeaderState({ notificationCount: 1 });
    renderRoute(<NotificationSidebar opened onClose={() => {}} />);

    const list = await screen.findByRole('list', { name: 'Appointments' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Jordan Ellis');
    expect(rows[0]).toHaveTextContent('Scheduled');
    expect(rows[0]).toHaveTextContent('2h ago');
    // 16:00 UTC in the facility's zone (New York), as 'MMMM d, h:mm a'.
    expect(within(rows[0]!).getByText('November 26, 11:00 AM')).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('Dr. Daniel Reyes')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Avery Stone');
    expect(rows[1]).toHaveTextContent('Canceled');
    expect(rows[1]).toHaveTextContent('3d ago');
    // Scheduled shows online (green), any other status offline (red).
    expect(rows[0]!.querySelector('[data-online]')).not.toBeNull();
    expect(rows[1]!.querySelector('[data-online]')).toBeNull();

    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual([NEW_ID]));
    expect(getHeaderState().notificationCount).toBe(0);
    // Still shown as new until the panel closes.
    expect(rows[0]).toHaveTextContent('New');
  });

  it('mounts only the rows in view of 10,000 notifications', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      record(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, true, 'Pending', i * 60_000, [
        'Patient',
        String(i),
      ]),
    );
    server(many);
    setSession({ user: provider, accessToken: 't', isGuest: false });
    renderRoute(<NotificationSidebar opened onClose={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Appointments' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
    expect((list.firstElementChild as HTMLElement).style.height).toBe(`${10_000 * 85}px`);
  });
});
