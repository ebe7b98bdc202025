import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PracticeAppointment } from '@careslot/contracts';
import { EMPTY_PRACTICE, setPractice } from '../../../shared/session/practice';
import { setSession, type SessionUser } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { CheckInSummaryPage } from './CheckInSummaryPage';

vi.mock('../../../shared/realtime/useAppointmentsLive', () => ({ useAppointmentsLive: () => 'connected' }));

const ORG = '11111111-1111-4111-8111-111111111111';
const PROVIDER = '33333333-3333-4333-8333-333333333333';
const APPOINTMENT = '44444444-4444-4444-8444-444444444444';
const user = (roles: SessionUser['roles'], userId: string): SessionUser => ({
  userId,
  identityProviderId: 'idp-1',
  name: 'Rosa Diaz',
  email: 'rosa@example.com',
  firstName: 'Rosa',
  lastName: 'Diaz',
  preferredName: null,
  gender: 'Female',
  userType: 'Practitioner',
  roles,
  organizationId: ORG,
  photos: [],
});

const visit: PracticeAppointment = {
  Id: APPOINTMENT,
  CalendarId: 'cal-1',
  // 01:30 UTC on the 2nd is 7:30 PM on the 1st in Chicago: the link carries the practice's day, not UTC's.
  StartTime: '2026-12-02T01:30:00.000Z',
  EndTime: '2026-12-02T02:00:00.000Z',
  Status: 'Checked-In',
  AppointmentType: 'Office',
  ScheduleType: 'Scheduled',
  ProviderId: PROVIDER,
  ResourceId: null,
  LocationId: null,
  Patient: { Id: 'p-1', FirstName: 'Jordan', LastName: 'Lee' } as PracticeAppointment['Patient'],
  ReasonsText: 'Check-up',
  Participants: [],
  Workflow: null,
  CreatedOn: '2026-11-20T00:00:00.000Z',
  UpdatedOn: '2026-11-20T00:00:00.000Z',
};

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/appointments/check-in/get')
        ? Response.json({ Data: [visit], Total: 1 })
        : Response.json({}, { status: 404 }),
    ),
  );
}

describe('Check-In Summary', () => {
  beforeAll(() => setupI18n(['common', 'checkinSummary']));
  afterEach(() => {
    vi.unstubAllGlobals();
    setPractice(EMPTY_PRACTICE);
  });

  it.each([
    ['practiceadmin', '/practice-admin/digital-checkin', '/practice-admin/calendar'],
    ['staff', '/staff-member/digital-checkin', '/staff-member/calendar'],
    ['provider', '/providers/digital-checkin', `/providers/${PROVIDER}/calendar`],
  ] as const)(
    'a %s opens a row’s appointment on their calendar, from the keyboard',
    async (role, page, calendar) => {
      serve();
      setSession({ user: user([role], PROVIDER), accessToken: 't', isGuest: false });
      setPractice({
        ...EMPTY_PRACTICE,
        organizationId: ORG,
        organization: { TimeZone: 'America/Chicago' } as never,
      });
      renderRoute(<CheckInSummaryPage />, { path: page });
      const link = await screen.findByRole('link', {
        name: 'Open the appointment of Lee, Jordan at 7:30 PM',
      });
      expect(link).toHaveTextContent('Lee, Jordan');
      link.focus();
      await userEvent.keyboard('{Enter}');
      expect(await screen.findByTestId('location')).toHaveTextContent(
        `${calendar}?date=2026-12-01&appointment=${APPOINTMENT}&provider=${PROVIDER}`,
      );
    },
  );
});
