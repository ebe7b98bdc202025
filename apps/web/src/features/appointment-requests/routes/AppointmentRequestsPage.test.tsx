import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getHeaderState, setHeaderState } from '../../../shared/navigation/headerState';
import { setSession, type SessionUser } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { AppointmentRequestsPage } from './AppointmentRequestsPage';

const staff: SessionUser = {
  userId: '22222222-2222-4222-8222-222222222222',
  identityProviderId: 'idp-2',
  name: 'Priya Natarajan',
  email: 'priya@example.com',
  firstName: 'Priya',
  lastName: 'Natarajan',
  preferredName: null,
  gender: 'Female',
  userType: 'Practitioner',
  roles: ['staff'],
  organizationId: 'org-1',
  photos: [],
};

const REQUEST = {
  Id: '33333333-3333-4333-8333-333333333333',
  Status: 'Pending',
  StartTime: '2026-11-26T15:00:00.000Z',
  EndTime: '2026-11-26T15:30:00.000Z',
  TimeZone: 'America/New_York',
  AppointmentType: 'TeleHealth',
  ScheduleType: 'Scheduled',
  ReasonsText: 'Persistent cough',
  Patient: {
    Id: '44444444-4444-4444-8444-444444444444',
    name: { first_name: 'Jordan', last_name: 'Ellis' },
    BirthDate: '1988-04-17',
    Gender: 'Female',
  },
  Provider: {
    Id: '55555555-5555-4555-8555-555555555555',
    name: { first_name: 'Olivia', last_name: 'Bennett' },
    profile_picture_uri: null,
  },
  LocationName: 'Riverside Midtown',
  FormsAnswered: ['New patient intake'],
  RequestedOn: '2026-11-24T08:00:00.000Z',
};

function server() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let pending = [REQUEST];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = input;
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(init.body as string) : undefined });
      if (url.includes('/requests/get'))
        return Response.json({
          status_code: 200,
          message: 'success',
          data: { Data: pending, Total: pending.length },
        });
      if (url.includes('/logs/get'))
        return Response.json({ status_code: 200, message: 'success', data: { Data: [], Total: 0 } });
      if (method === 'PUT') {
        pending = [];
        return Response.json({ status_code: 200, message: 'Appointment status updated.', data: {} });
      }
      return Response.json({}, { status: 404 });
    }),
  );
  return calls;
}

describe('appointment requests screen', () => {
  beforeAll(() => setupI18n(['common', 'appointmentRequests']));
  afterEach(() => {
    vi.unstubAllGlobals();
    setHeaderState({ requestCount: 0 });
  });

  it('shows each request with patient, time in the facility zone, reason, visit type and forms, and sets the Requests badge', async () => {
    server();
    setSession({ user: staff, accessToken: 't', isGuest: false });
    renderRoute(<AppointmentRequestsPage />);
    const card = await screen.findByRole('article', { name: 'Jordan Ellis' });
    expect(card).toHaveTextContent('Persistent cough');
    expect(card).toHaveTextContent('Video visit');
    expect(card).toHaveTextContent('New patient intake');
    expect(card).toHaveTextContent(/November 26 at 10:00\sAM EST/);
    expect(card).toHaveTextContent('Dr. Olivia Bennett · Riverside Midtown');
    expect(getHeaderState().requestCount).toBe(1);
  });

  it('declines only with a reason, sent with status Rejected to the tele appointment call', async () => {
    const calls = server();
    setSession({ user: staff, accessToken: 't', isGuest: false });
    renderRoute(<AppointmentRequestsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline the request of Jordan Ellis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(within(dialog).getByText('Enter a reason for the patient.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'The doctor is away that day',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(
      `/careslot-appointment-service/api/v2/TeleAppointments/${REQUEST.Id}/status?status=Rejected`,
    );
    expect(put.body).toMatchObject({ Reason: 'The doctor is away that day' });
    expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
    expect(getHeaderState().requestCount).toBe(0);
  });

  it('accepts with the confirm call', async () => {
    const calls = server();
    setSession({ user: staff, accessToken: 't', isGuest: false });
    renderRoute(<AppointmentRequestsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the request of Jordan Ellis' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.url).toBe(
        `/careslot-appointment-service/api/v2/TeleAppointments/${REQUEST.Id}/confirm`,
      ),
    );
    expect(await screen.findByText('No requests waiting')).toBeInTheDocument();
  });

  it('tells a patient the screen is for the practice', async () => {
    server();
    setSession({
      user: { ...staff, roles: ['patient'], userType: 'Patient' },
      accessToken: 't',
      isGuest: false,
    });
    renderRoute(<AppointmentRequestsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Appointment requests are for practice staff, providers and administrators.',
    );
  });
});
