import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeMessage } from '@careslot/contracts';
import { getHeaderState, setHeaderState } from '../../shared/navigation/headerState';
import { onAppointmentPending, onNotificationAdded } from './notificationsController';
import { getNotifications, resetNotifications } from './notificationsState';

const me = { userId: '11111111-1111-4111-8111-111111111111', userType: 'Practitioner' };
const ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const message = (data: Record<string, unknown>): RealtimeMessage => ({
  messageId: 'm-1',
  version: 1,
  sentAt: new Date().toISOString(),
  data,
});
const added = (status: string) =>
  message({
    Id: ID,
    SourceSystem: 'org-2',
    RecievedOn: new Date().toISOString(),
    Payload: JSON.stringify({ AppointmentId: 'a-1', AppointmentStatus: status, ProviderId: me.userId }),
  });

/** The server: one notification in the list, `pending` requests waiting. */
function server(pending: number) {
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
      if (url.includes('requests/get'))
        return Response.json({ status_code: 200, message: 'success', data: { Data: [], Total: pending } });
      return Response.json(
        [
          {
            id: ID,
            sourceSystem: 'org-2',
            seen: false,
            recievedOn: new Date().toISOString(),
            payload: JSON.stringify({
              ProviderId: me.userId,
              PatientId: 'p',
              AppointmentId: 'a-1',
              AppointmentStatus: 'Pending',
              AppointmentTime: '2026-11-26T16:00:00.000Z',
              PatientName: { first_name: 'Jordan', last_name: 'Ellis' },
              ProviderName: null,
              ProfilePictureUri: null,
            }),
          },
        ],
        { headers: { 'x-total-count': '1', 'x-unseen-count': '1' } },
      );
    }),
  );
  return calls;
}

describe('pushed notifications (practice-portal.md §4.2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetNotifications();
    setHeaderState({ notificationCount: 0, requestCount: 0 });
  });

  it('puts a pushed notification at the top as new and adds one to the bell', async () => {
    server(0);
    setHeaderState({ notificationCount: 2 });
    await onNotificationAdded(me, added('Scheduled'), '/dashboard/doctor');
    expect(getHeaderState().notificationCount).toBe(3);
    expect(getNotifications().items[0]).toMatchObject({
      id: ID,
      notification_status: 'new',
      patient_name: { first_name: 'Jordan', last_name: 'Ellis' },
    });
  });

  it('updates the Requests badge for a pending one, and on the requests screen marks it seen at once instead of counting it', async () => {
    const calls = server(4);
    await onNotificationAdded(me, added('Pending'), '/dashboard/appointment-requests');
    expect(getHeaderState()).toMatchObject({ notificationCount: 0, requestCount: 4 });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual([ID]);
  });

  it('reads the Requests count on AppointmentPending only when the current user is its Host', async () => {
    const calls = server(2);
    await onAppointmentPending(
      me,
      message({
        AppointmentId: 'a-1',
        Participants: [{ Type: 'Host', ParticipantId: 'someone-else' }],
        Status: 'Pending',
      }),
    );
    expect(getHeaderState().requestCount).toBe(0);
    expect(calls).toHaveLength(0);
    await onAppointmentPending(
      me,
      message({
        AppointmentId: 'a-1',
        Participants: [{ Type: 'Host', ParticipantId: me.userId }],
        Status: 'Pending',
      }),
    );
    expect(getHeaderState().requestCount).toBe(2);
  });
});
