import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingResult, type PortalAppointment } from '@careslot/contracts';
import type { PublishOptions } from '../../platform/realtime';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const V2 = '/careslot-appointment-service/api/v2';
const PORTAL = `${V2}/web/patient-appointments`;
const CALENDAR = '/careslot-calendar/api/v2';
const SLOT = '2026-11-24T15:00:00.000Z'; // Tuesday 10:00 in New York
const LATER = '2026-11-25T16:00:00.000Z'; // Wednesday 11:00 in New York
const provider = demoPerson('provider');

async function schedule(t: TestApp, capacity = 1): Promise<string> {
  const [location] = await t.database.query<{ id: string }>(
    'select id from locations where organization_id = $1 order by name limit 1',
    [DEMO_PRACTICE_IDS[2]],
  );
  const id = randomUUID();
  await t.database.query(
    // One patient is booked at the same minute on several tests' calendars: these calendars allow it (decision 0036).
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, allow_concurrent_bookings) values ($1, $2, $3, 'America/New_York', 30, $4, 60, true)`,
    [id, provider.id, location!.id, capacity],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1) {
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  }
  return id;
}

async function book(t: TestApp, who: TestPatient, scheduleId: string, start = SLOT): Promise<string> {
  const res = await t.call<BookingResult>({
    method: 'POST',
    url: `${V2}/Appointments`,
    headers: bearer(who.token),
    payload: {
      CalendarId: scheduleId,
      StartTime: start,
      Participants: [
        { Type: 'Patient', ParticipantId: who.id, FirstName: 'Casey', LastName: 'Tester' },
        { Type: 'Practitioner', ParticipantId: provider.id },
      ],
      Reasons: [{ Id: null, Name: 'Knee pain' }],
    },
  });
  if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
  return res.json.data;
}

const taken = async (t: TestApp, scheduleId: string, start = SLOT) =>
  (
    await t.database.query<{ taken: number }>(
      'select taken from slot_capacity where schedule_id = $1 and start_at = $2',
      [scheduleId, start],
    )
  )[0]?.taken ?? 0;

function recordPublished(t: TestApp) {
  const published: PublishOptions[] = [];
  const publish = t.realtime.publish.bind(t.realtime);
  t.realtime.publish = (options) => (published.push(options), publish(options));
  return { published, stop: () => (t.realtime.publish = publish) };
}

describe('patient portal: the patient’s own appointments', () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
  });
  afterAll(() => t.close());

  it('lists upcoming visits soonest first with provider, facility and zone, and past ones apart', async () => {
    const calendar = await schedule(t);
    const first = await book(t, a, calendar, LATER);
    const second = await book(t, a, calendar, SLOT);
    const res = await t.call<{ Data: PortalAppointment[]; Total: number }>({
      url: `${PORTAL}?patientId=${a.id}&when=upcoming`,
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.Data.map((x) => x.Id)).toEqual([second, first]);
    expect(res.json.Data[0]).toMatchObject({
      Status: 'Scheduled',
      StartTime: SLOT,
      TimeZone: 'America/New_York',
      ReasonsText: 'Knee pain',
      Patient: { Id: a.id, FirstName: 'Casey', LastName: 'Tester' },
      Provider: { Id: provider.id, HidePublicProfile: false },
      Facility: { OrganizationId: DEMO_PRACTICE_IDS[2] },
      CanCancel: true,
      CanReschedule: true,
    });
    expect(res.json.Data[0]!.Provider!.DisplayName).toContain(res.json.Data[0]!.Provider!.Family);
    expect(res.json.Data[0]!.Facility!.AddressLines.length).toBeGreaterThan(0);
    const past = await t.call<{ Data: PortalAppointment[] }>({
      url: `${PORTAL}?patientId=${a.id}&when=past`,
      headers: bearer(a.token),
    });
    expect(past.json.Data.map((x) => x.Id)).not.toContain(first);
  });

  it("lists a family member's visit in the account holder's portal with the member's name, not the other way round (issue 30)", async () => {
    const holder = await createTestPatient(t, 'Harper');
    const child = await createTestPatient(t, 'Riley');
    await t.database.query(
      "insert into patient_related_persons (id, patient_id, related_patient_id, relationship) values ($1, $2, $3, 'Child')",
      [randomUUID(), holder.id, child.id],
    );
    const calendar = await schedule(t);
    // The holder books for the child, as the booking form's "who is this visit for" does.
    const res = await t.call<BookingResult>({
      method: 'POST',
      url: `${V2}/Appointments`,
      headers: bearer(holder.token),
      payload: {
        CalendarId: calendar,
        StartTime: LATER,
        Participants: [
          { Type: 'Patient', ParticipantId: child.id, FirstName: 'Riley', LastName: 'Tester' },
          { Type: 'Practitioner', ParticipantId: provider.id },
        ],
        Reasons: [{ Id: null, Name: 'Ear ache' }],
      },
    });
    expect(res.statusCode).toBe(200);
    const list = (who: TestPatient) =>
      t.call<{ Data: PortalAppointment[] }>({
        url: `${PORTAL}?patientId=${who.id}&when=upcoming`,
        headers: bearer(who.token),
      });
    const holders = await list(holder);
    expect(holders.statusCode).toBe(200);
    const [shown] = holders.json.Data;
    expect(holders.json.Data).toHaveLength(1);
    expect(shown?.Id).toBe(res.json.data);
    expect(shown?.Patient.Id).toBe(child.id);
    // The child's own list shows the visit; a stranger's list shows nothing of it.
    expect((await list(child)).json.Data.map((x) => x.Id)).toEqual([res.json.data]);
    expect((await list(b)).json.Data.map((x) => x.Id)).not.toContain(res.json.data);
    // Reading the child's visits through the holder's list is an audited read of the child's record.
    const audited = await t.database.query<{ patient_id: string }>(
      "select patient_id from audit_events where entity_type = 'Appointment' and action = 'read' and patient_id = $1",
      [child.id],
    );
    expect(audited.length).toBeGreaterThan(0);
  });

  it('answers 404 to another patient, a practice user and a bad id; 400 naming a bad patientId', async () => {
    const calendar = await schedule(t);
    const id = await book(t, a, calendar);
    const staff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[2],
    });
    for (const token of [b.token, staff]) {
      expect((await t.call({ url: `${PORTAL}?patientId=${a.id}`, headers: bearer(token) })).statusCode).toBe(
        404,
      );
      expect((await t.call({ url: `${PORTAL}/${id}`, headers: bearer(token) })).statusCode).toBe(404);
      expect((await t.call({ url: `${PORTAL}/${id}/calendar.ics`, headers: bearer(token) })).statusCode).toBe(
        404,
      );
      expect(
        (
          await t.call({
            method: 'POST',
            url: `${PORTAL}/${id}/cancel`,
            headers: bearer(token),
            payload: { Reason: 'not mine' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.call({
            method: 'POST',
            url: `${PORTAL}/${id}/reschedule`,
            headers: bearer(token),
            payload: { CalendarId: calendar, StartTime: LATER },
          })
        ).statusCode,
      ).toBe(404);
    }
    expect((await t.call({ url: `${PORTAL}/${randomUUID()}`, headers: bearer(a.token) })).statusCode).toBe(
      404,
    );
    const bad = await t.call<{ errors: { field: string }[] }>({
      url: `${PORTAL}?patientId=nope`,
      headers: bearer(a.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors[0]!.field).toContain('patientId');
    // Nothing changed for the real owner.
    expect(
      (await t.call<{ data: PortalAppointment }>({ url: `${PORTAL}/${id}`, headers: bearer(a.token) })).json
        .data.Status,
    ).toBe('Scheduled');
  });

  it('cancels with a reason: status Canceled, the place goes back with a slot event, the patient hears it', async () => {
    const calendar = await schedule(t);
    const id = await book(t, a, calendar);
    expect(await taken(t, calendar)).toBe(1);
    const missing = await t.call<{ errors: { field: string }[] }>({
      method: 'POST',
      url: `${PORTAL}/${id}/cancel`,
      headers: bearer(a.token),
      payload: { Reason: '  ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.errors[0]!.field).toContain('Reason');

    const rec = recordPublished(t);
    const res = await t.call<{ data: PortalAppointment; message: string }>({
      method: 'POST',
      url: `${PORTAL}/${id}/cancel`,
      headers: bearer(a.token),
      payload: { Reason: 'Feeling better' },
    });
    rec.stop();
    expect(res.statusCode).toBe(200);
    expect(res.json.message).toBe('Appointment canceled.');
    expect(res.json.data).toMatchObject({
      Status: 'Canceled',
      CancelReason: 'Feeling better',
      CanCancel: false,
      CanReschedule: false,
    });
    expect(await taken(t, calendar)).toBe(0);
    expect(rec.published.find((p) => p.hub === 'calendar')).toMatchObject({
      rooms: [`schedule:${calendar}`],
      data: { CapacityAvailable: 1 },
    });
    expect(rec.published.find((p) => p.event === 'AppointmentStatusUpdated')).toMatchObject({
      data: { AppointmentId: id, Status: 'Canceled' },
    });

    // A canceled visit is past history, and cannot be canceled twice.
    const again = await t.call<{ message: string }>({
      method: 'POST',
      url: `${PORTAL}/${id}/cancel`,
      headers: bearer(a.token),
      payload: { Reason: 'again' },
    });
    expect(again.statusCode).toBe(400);
    expect(JSON.stringify(again.json)).toContain('can no longer be canceled');
    const past = await t.call<{ Data: PortalAppointment[] }>({
      url: `${PORTAL}?patientId=${a.id}&when=past`,
      headers: bearer(a.token),
    });
    expect(past.json.Data.map((x) => x.Id)).toContain(id);
    // The freed place can be booked again.
    expect(await book(t, b, calendar)).toBeTruthy();
  });

  it('reschedules onto the slot the patient holds: the new place taken from the hold, the old one returned', async () => {
    const calendar = await schedule(t);
    const id = await book(t, a, calendar);
    const held = await t.call({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve`,
      headers: { ...bearer(a.token), cookie: 'SessionId=move-a' },
      payload: { SlotIds: [`${calendar}_${LATER}`] },
    });
    expect(held.statusCode).toBe(200);
    const res = await t.call<{ data: { StartTime: string; Status: string } }>({
      method: 'POST',
      url: `${PORTAL}/${id}/reschedule`,
      headers: { ...bearer(a.token), cookie: 'SessionId=move-a' },
      payload: { CalendarId: calendar, StartTime: LATER },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ StartTime: LATER, Status: 'Scheduled' });
    expect(await taken(t, calendar, SLOT)).toBe(0);
    expect(await taken(t, calendar, LATER)).toBe(1);
    expect(
      await t.database.query('select 1 from slot_holds where schedule_id = $1', [calendar]),
    ).toHaveLength(0);
  });

  it('refuses to move onto a full slot and leaves the appointment where it was', async () => {
    const calendar = await schedule(t);
    const id = await book(t, a, calendar);
    await book(t, b, calendar, LATER);
    const res = await t.call<{ message: string }>({
      method: 'POST',
      url: `${PORTAL}/${id}/reschedule`,
      headers: bearer(a.token),
      payload: { CalendarId: calendar, StartTime: LATER },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json.message).toBe('Please choose a different time slot as this one is no longer available.');
    expect(
      (await t.call<{ data: PortalAppointment }>({ url: `${PORTAL}/${id}`, headers: bearer(a.token) })).json
        .data.StartTime,
    ).toBe(SLOT);
    expect(await taken(t, calendar, SLOT)).toBe(1);
  });

  it('serves a valid iCalendar file for the visit', async () => {
    const calendar = await schedule(t);
    const id = await book(t, a, calendar);
    const res = await t.call({ url: `${PORTAL}/${id}/calendar.ics`, headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('.ics');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain(`UID:${id}@careslot`);
    expect(lines).toContain('DTSTART:20261124T150000Z');
    expect(lines).toContain('DTEND:20261124T153000Z');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
  });
});
