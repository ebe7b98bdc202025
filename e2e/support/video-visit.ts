import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './sign-in';

async function login(api: APIRequestContext, email: string) {
  const answer = await api.post('/api/account/login', { data: { UserName: email, Password: DEMO_PASSWORD } });
  return ((await answer.json()) as { data: { access_token: string } }).data.access_token;
}
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    careslot_id: string;
    PracticeId: string;
  };

/** The demo patient's video visit with the demo provider, booked through the API (the booking UI is not the point). */
export async function bookVideoVisit(api: APIRequestContext): Promise<string> {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const patientToken = await login(api, DEMO_ACCOUNTS.patient.email);
  const providerToken = await login(api, DEMO_ACCOUNTS.provider.email);
  const adminToken = await login(api, DEMO_ACCOUNTS.admin.email);
  const patient = claimsOf(patientToken);
  const provider = claimsOf(providerToken);
  const schedules = await api.post('/careslot-calendar/api/v2/schedule/advance-search', {
    headers: auth(adminToken),
    data: { PractitionerId: provider.careslot_id },
  });
  const own = ((await schedules.json()) as { Data: { LocationId: string }[] }).Data[0]!;
  // A video visit is booked on a calendar that takes video (decision 0089).
  const created = await api.post('/careslot-calendar/api/v2/schedule', {
    headers: auth(adminToken),
    data: {
      Name: `Video visit ${Date.now().toString(36)}`,
      LocationId: own.LocationId,
      Actor: [{ Type: 'Practitioner', Id: provider.careslot_id }],
      VisitType: ['TeleHealth'],
      SlotMinutes: 30,
      Capacity: 1,
      PlanningHorizonDays: 14,
      WorkingHours: Array.from({ length: 7 }, (_, day) => ({ DayOfWeek: day, Start: '08:00', End: '18:00' })),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const scheduleId = ((await created.json()) as { Id: string }).Id;
  const from = new Date(Date.now() + 2 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const search = await api.post('/careslot-calendar/api/v2/slot/advance-search', {
    data: {
      ScheduleIds: [scheduleId],
      VisitType: 'TeleHealth',
      StartDate: day(from),
      EndDate: day(new Date(from.getTime() + 7 * 86_400_000)),
    },
  });
  const upcoming = await api.get('/careslot-appointment-service/api/v2/web/patient-appointments', {
    headers: auth(patientToken),
    params: { patientId: patient.careslot_id },
  });
  const booked = new Set(
    ((await upcoming.json()) as { Data: { StartTime: string }[] }).Data.map((a) => Date.parse(a.StartTime)),
  );
  const open = ((await search.json()) as { Data: { ScheduleId: string; Start: string }[] }).Data;
  const slot = open.filter((s) => !booked.has(Date.parse(s.Start)))[0]!;
  // The practice takes a visit fee: the sandbox test card authorizes it first, as the booking flow does.
  const PAY = '/careslot-payment-service/api';
  const card = await api.post(`${PAY}/v1/stripepayment/customers/payment-methods`, {
    headers: auth(patientToken),
    data: {
      PatientId: patient.careslot_id,
      Card: { Number: '4242424242424242', ExpMonth: 12, ExpYear: 2031, Cvc: '123' },
    },
  });
  const fee = await api.post(`${PAY}/v1/stripepayment/invoices/payment-intent?amount=75`, {
    headers: auth(patientToken),
    data: {
      PatientId: patient.careslot_id,
      OrganizationId: provider.PracticeId,
      EntityType: 'Provider',
      EntityId: provider.careslot_id,
      Insured: false,
      PaymentMethodId: ((await card.json()) as { data: { Id: string } }).data.Id,
    },
  });
  expect(fee.status(), await fee.text()).toBe(200);
  const booking = await api.post('/careslot-appointment-service/api/v2/Appointments', {
    headers: auth(patientToken),
    data: {
      CalendarId: slot.ScheduleId,
      StartTime: new Date(slot.Start).toISOString(),
      AppointmentType: 'TeleHealth',
      Payments: [{ PaymentTransactionId: ((await fee.json()) as { data: { Id: string } }).data.Id }],
      Participants: [
        { Type: 'Patient', ParticipantId: patient.careslot_id },
        { Type: 'Host', ParticipantId: provider.careslot_id },
      ],
    },
  });
  expect(booking.status(), await booking.text()).toBe(200);
  return ((await booking.json()) as { data: string }).data;
}

/**
 * The demo provider's calendar opened on a visit's day with its details (`?date=&appointment=`, the practice's
 * own link form), where the practice sees the video visit's live status and joins it.
 */
export async function videoVisitCalendarUrl(api: APIRequestContext, appointmentId: string): Promise<string> {
  const token = await login(api, DEMO_ACCOUNTS.provider.email);
  const headers = { authorization: `Bearer ${token}` };
  const context = await api.get('/careslot-appointment-service/api/v2/practice/calendar-context', {
    headers,
  });
  const zone = ((await context.json()) as { TimeZone: string }).TimeZone;
  const appointment = await api.get(`/careslot-appointment-service/api/v2/Appointments/${appointmentId}`, {
    headers,
  });
  expect(appointment.status(), await appointment.text()).toBe(200);
  const start = ((await appointment.json()) as { data: { StartTime: string } }).data.StartTime;
  // en-CA writes a date as YYYY-MM-DD.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(start));
  const providerId = claimsOf(token).careslot_id;
  return `/providers/${providerId}/calendar?date=${day}&appointment=${appointmentId}&provider=${providerId}`;
}
