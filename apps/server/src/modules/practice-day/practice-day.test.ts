import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PracticeAppointment,
  PracticeCalendarContext,
  ScheduleException,
  WalkInQueue,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const V2 = '/careslot-appointment-service/api/v2';
const V1 = '/careslot-appointment-service/api/v1';
const CALENDAR = '/careslot-calendar/api/v2';
// Tuesday 24 November 2026, 08:00 in New York: the day's slots (from 09:00) are all ahead.
const NOW = '2026-11-24T13:00:00.000Z';
type List<T> = { Data: T[]; Total: number };
type Failure = { status_code: number; message: string; errors?: { field: string; rule: string }[] };

describe('the practice day: search, booking on behalf, walk-in queue, blocked time', () => {
  let t: TestApp;
  let staff1: string;
  let provider1: string;
  let staff2: string;
  let scheduleId: string;
  let zone: string;
  const provider = demoPerson('provider');

  const slotAt = (hourLocal: number) => {
    // The demo schedules' zones are US zones; 2026-11-24 is standard time everywhere they are.
    const offsets: Record<string, number> = {
      'America/New_York': 5,
      'America/Chicago': 6,
      'America/Denver': 7,
      'America/Phoenix': 7,
      'America/Los_Angeles': 8,
    };
    return new Date(Date.UTC(2026, 10, 24, hourLocal + offsets[zone]!)).toISOString();
  };

  const search = (token: string, body: Record<string, unknown>) =>
    t.call<List<PracticeAppointment> & Failure>({
      method: 'POST',
      url: `${V2}/appointments/advance-search`,
      headers: bearer(token),
      payload: body,
    });
  const book = (token: string, body: Record<string, unknown>) =>
    t.call<{ data: string; PatientId: string } & Failure>({
      method: 'POST',
      url: `${V2}/OfficeAppointments`,
      headers: bearer(token),
      payload: body,
    });
  const queue = (token: string) =>
    t.call<WalkInQueue & Failure>({
      method: 'GET',
      url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue`,
      headers: bearer(token),
    });
  const day = { From: '2026-11-24T00:00:00.000Z', To: '2026-11-26T00:00:00.000Z' };
  const newPatient = (first: string) => ({
    FirstName: first,
    LastName: 'Walker',
    BirthDate: '1984-02-11',
    Gender: 'Female',
  });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    staff1 = await tokenFor(
      t.tokens,
      {
        user_roles: ['staff'],
        user_type: 'Practitioner',
        careslot_id: demoPerson('staff').id,
        PracticeId: DEMO_PRACTICE_IDS[0],
        email: 'staff@demo.careslot.health',
      },
      3600,
    );
    provider1 = await tokenFor(
      t.tokens,
      {
        user_roles: ['provider'],
        user_type: 'Practitioner',
        careslot_id: provider.id,
        PracticeId: DEMO_PRACTICE_IDS[0],
        email: 'provider@demo.careslot.health',
      },
      3600,
    );
    staff2 = await tokenFor(
      t.tokens,
      {
        user_roles: ['staff'],
        user_type: 'Practitioner',
        careslot_id: randomUUID(),
        PracticeId: DEMO_PRACTICE_IDS[1],
        email: 'staff2@example.com',
      },
      3600,
    );
    const context = await t.call<PracticeCalendarContext>({
      method: 'GET',
      url: `${V2}/practice/calendar-context`,
      headers: bearer(staff1),
    });
    const schedule = context.json.Schedules.find((s) => s.PractitionerId === provider.id)!;
    scheduleId = schedule.Id;
    zone = schedule.TimeZone;
  });
  afterAll(async () => t.close());

  it("gives the calendar the practice's own providers, facilities and schedules", async () => {
    const context = await t.call<PracticeCalendarContext>({
      method: 'GET',
      url: `${V2}/practice/calendar-context`,
      headers: bearer(staff1),
    });
    expect(context.statusCode).toBe(200);
    expect(context.json.OrganizationId).toBe(DEMO_PRACTICE_IDS[0]);
    expect(context.json.Providers.map((p) => p.Id)).toContain(provider.id);
    const other = await t.call<PracticeCalendarContext>({
      method: 'GET',
      url: `${V2}/practice/calendar-context`,
      headers: bearer(staff2),
    });
    expect(other.json.Schedules.map((s) => s.Id)).not.toContain(scheduleId);
  });

  it('books a new patient on behalf of the practice, and the visit shows in the practice search only', async () => {
    const booked = await book(staff1, {
      CalendarId: scheduleId,
      StartTime: slotAt(9),
      NewPatient: newPatient('Harper'),
      Reasons: [{ Name: 'Sore throat' }],
    });
    expect(booked.statusCode).toBe(200);
    const found = await search(staff1, { ...day, ProviderIds: [provider.id] });
    const visit = found.json.Data.find((a) => a.Id === booked.json.data)!;
    expect(visit).toMatchObject({
      Status: 'Scheduled',
      ScheduleType: 'Scheduled',
      Workflow: 'Practice_Staff_Appointment_Web',
      ReasonsText: 'Sore throat',
      StartTime: slotAt(9),
    });
    expect(visit.Patient).toMatchObject({
      Id: booked.json.PatientId,
      FirstName: 'Harper',
      LastName: 'Walker',
    });

    // The same patient twice at the same time: the duplicate-booking answer of §8.
    const again = await book(staff1, {
      CalendarId: scheduleId,
      StartTime: slotAt(9),
      PatientId: booked.json.PatientId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe('Already booked at this time.');

    // Another practice's staff: the visit is not in their search, and the calendar and patient do not exist for them.
    const theirs = await search(staff2, day);
    expect(theirs.json.Data.map((a) => a.Id)).not.toContain(booked.json.data);
    expect((await search(staff2, { ...day, PatientId: booked.json.PatientId })).json.Total).toBe(0);
    expect(
      (await book(staff2, { CalendarId: scheduleId, StartTime: slotAt(10), NewPatient: newPatient('Ivy') }))
        .statusCode,
    ).toBe(404);
    const practice2Schedule = (
      await t.call<PracticeCalendarContext>({
        method: 'GET',
        url: `${V2}/practice/calendar-context`,
        headers: bearer(staff2),
      })
    ).json.Schedules[0]!;
    const foreignPatient = await book(staff2, {
      CalendarId: practice2Schedule.Id,
      ScheduleType: 'Walk-In',
      PatientId: booked.json.PatientId,
    });
    expect(foreignPatient.statusCode).toBe(404);
    const join = await t.call({
      method: 'POST',
      url: `${V1}/appointmentparticipants/${booked.json.data}`,
      headers: bearer(staff2),
      payload: { Type: 'Staff', ParticipantId: randomUUID() },
    });
    expect(join.statusCode).toBe(404);
  });

  it("lists the day's visits in the Check-In Summary, each row carrying its appointment's id", async () => {
    const booked = await book(staff1, {
      CalendarId: scheduleId,
      StartTime: slotAt(15),
      NewPatient: newPatient('Quinn'),
      Reasons: [{ Name: 'Follow-up' }],
    });
    expect(booked.statusCode).toBe(200);
    const list = await t.call<List<PracticeAppointment> & Failure>({
      method: 'POST',
      url: `${V2}/appointments/check-in/get`,
      headers: bearer(staff1),
      payload: { Date: '2026-11-24', ProviderIds: [provider.id] },
    });
    expect(list.statusCode).toBe(200);
    const row = list.json.Data.find((a) => a.Patient.FirstName === 'Quinn');
    // The web's rows open the appointment on the practice calendar by this id.
    expect(row).toMatchObject({
      Id: booked.json.data,
      StartTime: slotAt(15),
      ProviderId: provider.id,
      Status: 'Scheduled',
    });
    const theirs = await t.call<List<PracticeAppointment>>({
      method: 'POST',
      url: `${V2}/appointments/check-in/get`,
      headers: bearer(staff2),
      payload: { Date: '2026-11-24' },
    });
    expect(theirs.json.Data.map((a) => a.Id)).not.toContain(booked.json.data);
  });

  it('adds a staff member of the practice to a visit, and refuses someone from outside it', async () => {
    const booked = await book(staff1, {
      CalendarId: scheduleId,
      StartTime: slotAt(11),
      NewPatient: newPatient('Juno'),
    });
    const added = await t.call<PracticeAppointment>({
      method: 'POST',
      url: `${V1}/appointmentparticipants/${booked.json.data}`,
      headers: bearer(provider1),
      payload: { Type: 'Staff', ParticipantId: demoPerson('admin').id },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json.Participants).toContainEqual({ Type: 'Staff', ParticipantId: demoPerson('admin').id });
    const stranger = await t.call<Failure>({
      method: 'POST',
      url: `${V1}/appointmentparticipants/${booked.json.data}`,
      headers: bearer(provider1),
      payload: { Type: 'Staff', ParticipantId: demoPerson('provider-admin').id },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json.errors?.[0]?.field).toContain('ParticipantId');
  });

  it('queues walk-ins in arrival order, counts them, and calls the next one', async () => {
    const first = await book(staff1, {
      CalendarId: scheduleId,
      ScheduleType: 'Walk-In',
      NewPatient: newPatient('Ada'),
    });
    const second = await book(staff1, {
      CalendarId: scheduleId,
      ScheduleType: 'Walk-In',
      NewPatient: newPatient('Bea'),
    });
    expect(first.statusCode).toBe(200);
    const waiting = await queue(provider1);
    expect(waiting.json.Data.map((e) => [e.Position, e.Patient.FirstName])).toEqual([
      [1, 'Ada'],
      [2, 'Bea'],
    ]);
    const count = await t.call<{ Count: number }>({
      method: 'GET',
      url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue/count`,
      headers: bearer(provider1),
    });
    expect(count.json.Count).toBe(2);

    const called = await t.call<WalkInQueue>({
      method: 'POST',
      url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue/call-next`,
      headers: bearer(provider1),
    });
    expect(called.statusCode).toBe(200);
    expect(called.json.InProgress).toMatchObject({ AppointmentId: first.json.data, Status: 'In Progress' });
    expect(called.json.Data.map((e) => [e.Position, e.AppointmentId])).toEqual([[1, second.json.data]]);
    expect(called.json.Count).toBe(1);

    await t.call({
      method: 'POST',
      url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue/call-next`,
      headers: bearer(provider1),
    });
    const empty = await t.call<Failure>({
      method: 'POST',
      url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue/call-next`,
      headers: bearer(provider1),
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json.message).toBe('No patient is waiting in the queue.');

    // Another practice's staff cannot see or move this provider's queue.
    expect((await queue(staff2)).statusCode).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue/call-next`,
          headers: bearer(staff2),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("lists the provider's recent patients in the hotlist", async () => {
    const hot = await t.call<List<{ Patient: { FirstName: string }; Visits: number }>>({
      method: 'GET',
      url: `${V2}/Appointments/providers/${provider.id}/patient-hotlist`,
      headers: bearer(provider1),
    });
    expect(hot.statusCode).toBe(200);
    expect(hot.json.Data.map((h) => h.Patient.FirstName)).toEqual(
      expect.arrayContaining(['Ada', 'Bea', 'Harper']),
    );
    expect(hot.json.Data.length).toBeLessThanOrEqual(10);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${V2}/Appointments/providers/${provider.id}/patient-hotlist`,
          headers: bearer(staff2),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("shows the time blocked off the practice's schedules, and a blocked slot cannot be booked on behalf", async () => {
    const slots = async () =>
      (
        await t.call<List<{ Start: string }>>({
          method: 'POST',
          url: `${CALENDAR}/slot/advance-search`,
          payload: {
            ScheduleIds: [scheduleId],
            StartDate: '2026-11-24 00:00:00',
            EndDate: '2026-11-25 00:00:00',
            IsAvailable: true,
          },
        })
      ).json.Data.map((s) => s.Start);
    expect(await slots()).toContain(slotAt(14));
    // Blocking is the scheduling module's call (staff and admins of the practice).
    const block = await t.call<ScheduleException>({
      method: 'POST',
      url: `${CALENDAR}/schedule/${scheduleId}/exceptions`,
      headers: bearer(staff1),
      payload: { Kind: 'TimeOff', Start: slotAt(14), End: slotAt(16), Note: 'Staff meeting' },
    });
    expect(block.statusCode).toBe(200);
    expect(await slots()).not.toContain(slotAt(14));
    expect(
      (await book(staff1, { CalendarId: scheduleId, StartTime: slotAt(14), NewPatient: newPatient('Cleo') }))
        .statusCode,
    ).toBe(400);

    const blocked = (token: string) =>
      t.call<List<ScheduleException> & Failure>({
        method: 'GET',
        url: `${V2}/practice/blocked-time?from=${day.From}&to=${day.To}`,
        headers: bearer(token),
      });
    const ours = await blocked(provider1);
    expect(ours.statusCode).toBe(200);
    expect(ours.json.Data).toContainEqual(
      expect.objectContaining({
        ScheduleId: scheduleId,
        Note: 'Staff meeting',
        Start: slotAt(14),
        End: slotAt(16),
      }),
    );
    // Another practice's staff do not see it.
    expect((await blocked(staff2)).json.Data.map((b) => b.Id)).not.toContain(block.json.Id);
    const backwards = await t.call<Failure>({
      method: 'GET',
      url: `${V2}/practice/blocked-time?from=${day.To}&to=${day.From}`,
      headers: bearer(provider1),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.errors?.[0]?.field).toContain('to');
  });

  it('answers bad input with 400 naming the field and the rule', async () => {
    const backwards = await search(staff1, { From: day.To, To: day.From });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.errors?.[0]?.field).toContain('To');
    const noPatient = await book(staff1, { CalendarId: scheduleId, StartTime: slotAt(10) });
    expect(noPatient.statusCode).toBe(400);
    expect(noPatient.json.errors?.[0]?.field).toContain('PatientId');
    const badName = await book(staff1, {
      CalendarId: scheduleId,
      StartTime: slotAt(10),
      NewPatient: { ...newPatient('R2'), FirstName: 'R2-D2' },
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json.errors?.[0]?.field).toContain('FirstName');
  });

  it('keeps patients and anonymous callers out of the practice calls', async () => {
    const patient = await createTestPatient(t);
    expect((await search(patient.token, day)).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: `${V2}/appointments/advance-search`, payload: day })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${V2}/Appointments/providers/${provider.id}/walk-in-queue`,
          headers: bearer(patient.token),
        })
      ).statusCode,
    ).toBe(403);
  });

  it("lists one of the practice's calendars by start (appointments/schedule), and another practice's calendar is not found", async () => {
    const booked = await book(staff1, {
      CalendarId: scheduleId,
      StartTime: slotAt(13),
      NewPatient: newPatient('Juno'),
      Reasons: [{ Name: 'Follow-up' }],
    });
    expect(booked.statusCode).toBe(200);
    const calendar = (token: string, body: Record<string, unknown>) =>
      t.call<List<PracticeAppointment> & Failure>({
        method: 'POST',
        url: `${V2}/appointments/schedule`,
        headers: bearer(token),
        payload: body,
      });
    const res = await calendar(provider1, { CalendarId: scheduleId, ...day });
    expect(res.statusCode).toBe(200);
    expect(res.json.Data.every((a) => a.CalendarId === scheduleId)).toBe(true);
    expect(res.json.Data.map((a) => a.StartTime)).toEqual([...res.json.Data.map((a) => a.StartTime)].sort());
    expect(res.json.Data.find((a) => a.Id === booked.json.data)).toMatchObject({
      StartTime: slotAt(13),
      ReasonsText: 'Follow-up',
      Patient: { FirstName: 'Juno' },
    });
    expect(res.json.Total).toBe(res.json.Data.length);

    expect((await calendar(staff2, { CalendarId: scheduleId, ...day })).statusCode).toBe(404);
    expect((await calendar(staff1, { CalendarId: randomUUID(), ...day })).statusCode).toBe(404);
    const backwards = await calendar(staff1, { CalendarId: scheduleId, From: day.To, To: day.From });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json.errors?.[0]?.field).toContain('To');
  });
});
