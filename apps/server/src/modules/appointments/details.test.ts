import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_DETAILS_MESSAGES, type Appointment, type BookingResult } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const V2 = '/careslot-appointment-service/api/v2';
const SLOT = '2026-11-24T15:00:00.000Z'; // Tuesday 10:00 in New York
const provider = demoPerson('provider');
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};

async function schedule(t: TestApp): Promise<string> {
  const [location] = await t.database.query<{ id: string }>(
    'select id from locations where organization_id = $1 order by name limit 1',
    [DEMO_PRACTICE_IDS[2]],
  );
  const id = randomUUID();
  await t.database.query(
    // One patient is booked at the same minute on each test's calendar: these calendars allow it (decision 0036).
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, allow_concurrent_bookings) values ($1, $2, $3, 'America/New_York', 30, 5, 60, true)`,
    [id, provider.id, location!.id],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1) {
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  }
  return id;
}

async function book(t: TestApp, who: TestPatient, scheduleId: string): Promise<string> {
  const res = await t.call<BookingResult>({
    method: 'POST',
    url: `${V2}/Appointments`,
    headers: bearer(who.token),
    payload: {
      CalendarId: scheduleId,
      StartTime: SLOT,
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

describe("an appointment's details: reasons and identifiers (PATCH Appointments/{id}, PATCH web/WebAppointments/{id}, Appointments/identifiers/get)", () => {
  let t: TestApp;
  let a: TestPatient;
  let b: TestPatient;
  let staff: string;
  let otherStaff: string;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    a = await createTestPatient(t, 'Avery');
    b = await createTestPatient(t, 'Blake');
    staff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[2],
    });
    otherStaff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: DEMO_PRACTICE_IDS[1],
    });
  });
  afterAll(() => t.close());

  const patch = (id: string, token: string, payload: Record<string, unknown>) =>
    t.call<Answer<Appointment>>({
      method: 'PATCH',
      url: `${V2}/Appointments/${id}`,
      headers: bearer(token),
      payload,
    });
  const webPatch = (id: string, token: string, payload: Record<string, unknown>) =>
    t.call<Answer<Appointment>>({
      method: 'PATCH',
      url: `${V2}/web/WebAppointments/${id}`,
      headers: bearer(token),
      payload,
    });
  const byIdentifiers = (token: string, payload: Record<string, unknown>) =>
    t.call<Answer<{ Data: Appointment[]; Total: number }>>({
      method: 'POST',
      url: `${V2}/Appointments/identifiers/get`,
      headers: bearer(token),
      payload,
    });

  it("lets the appointment's practice set its reasons and identifiers, which read back and find it", async () => {
    const id = await book(t, a, await schedule(t));
    const res = await patch(id, staff, {
      Reasons: [{ Name: 'Knee pain, worse on stairs' }],
      Identifier: [{ System: 'urn:ehr:visit', Value: `V-${id.slice(0, 8)}` }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.message).toBe(APPOINTMENT_DETAILS_MESSAGES.updated);
    expect(res.json.data).toMatchObject({
      Id: id,
      ReasonsText: 'Knee pain, worse on stairs',
      Identifier: [{ System: 'urn:ehr:visit', Value: `V-${id.slice(0, 8)}` }],
    });
    const read = await t.call<{ data: Appointment }>({
      url: `${V2}/Appointments/${id}`,
      headers: bearer(a.token),
    });
    expect(read.json.data.Identifier).toEqual([{ System: 'urn:ehr:visit', Value: `V-${id.slice(0, 8)}` }]);

    const found = await byIdentifiers(staff, {
      Identifiers: [
        { System: 'urn:ehr:visit', Value: `V-${id.slice(0, 8)}` },
        { System: 'urn:ehr:visit', Value: 'unknown' },
      ],
    });
    expect(found.statusCode).toBe(200);
    expect(found.json.data.Data.map((x) => x.Id)).toEqual([id]);
    // Another practice finds nothing under the same identifier: the same answer as no match at all.
    const foreign = await byIdentifiers(otherStaff, {
      Identifiers: [{ System: 'urn:ehr:visit', Value: `V-${id.slice(0, 8)}` }],
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json.data).toEqual({ Data: [], Total: 0 });
    const audit = await t.database.query<{ outcome: string }>(
      "select outcome from audit_events where entity_id = $1 and action = 'update' and workflow = 'Calendar_Web'",
      [id],
    );
    expect(audit).toEqual([{ outcome: 'success' }]);
  });

  it('answers 404 to another practice, the patient and a stranger on PATCH Appointments/{id}, and changes nothing', async () => {
    const id = await book(t, a, await schedule(t));
    for (const token of [otherStaff, a.token, b.token]) {
      expect((await patch(id, token, { Reasons: [{ Name: 'Changed' }] })).statusCode).toBe(404);
    }
    expect((await patch(randomUUID(), staff, { Reasons: [{ Name: 'Changed' }] })).statusCode).toBe(404);
    const read = await t.call<{ data: Appointment }>({
      url: `${V2}/Appointments/${id}`,
      headers: bearer(a.token),
    });
    expect(read.json.data.ReasonsText).toBe('Knee pain');
    const denied = await t.database.query<{ outcome: string }>(
      "select outcome from audit_events where entity_id = $1 and action = 'update' and outcome = 'denied'",
      [id],
    );
    expect(denied).toHaveLength(3);
    // A patient cannot look appointments up by identifier: the practice's call only.
    expect(
      (await byIdentifiers(a.token, { Identifiers: [{ System: 'urn:ehr:visit', Value: 'x' }] })).statusCode,
    ).toBe(404);
  });

  it('answers 400 naming the field for an empty change, an empty reason or an unknown field', async () => {
    const id = await book(t, a, await schedule(t));
    const empty = await patch(id, staff, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json.errors?.[0]?.field).toContain('Reasons');
    const blank = await patch(id, staff, { Reasons: [{ Name: '  ' }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json.errors?.[0]?.field).toContain('Reasons');
    const status = await patch(id, staff, { Status: 'Canceled' });
    expect(status.statusCode).toBe(400);
    const noIdentifiers = await byIdentifiers(staff, { Identifiers: [] });
    expect(noIdentifiers.statusCode).toBe(400);
    expect(noIdentifiers.json.errors?.[0]?.field).toContain('Identifiers');
  });

  it('lets the patient reword the reasons of their own upcoming visit on the web, and nobody else', async () => {
    const id = await book(t, a, await schedule(t));
    const res = await webPatch(id, a.token, { Reasons: [{ Id: null, Name: 'Knee and ankle pain' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.ReasonsText).toBe('Knee and ankle pain');
    for (const token of [b.token, staff])
      expect((await webPatch(id, token, { Reasons: [{ Name: 'Not mine' }] })).statusCode).toBe(404);
    const bad = await webPatch(id, a.token, { Reasons: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.[0]?.field).toContain('Reasons');
    // A cancelled visit can no longer be changed: 400 naming the appointment.
    await t.call({
      method: 'POST',
      url: `${V2}/web/patient-appointments/${id}/cancel`,
      headers: bearer(a.token),
      payload: { Reason: 'Feeling better' },
    });
    const late = await webPatch(id, a.token, { Reasons: [{ Name: 'Too late' }] });
    expect(late.statusCode).toBe(400);
    expect(late.json.errors?.[0]).toMatchObject({ field: 'id', rule: 'upcoming' });
    const read = await t.call<{ data: Appointment }>({
      url: `${V2}/Appointments/${id}`,
      headers: bearer(a.token),
    });
    expect(read.json.data.ReasonsText).toBe('Knee and ankle pain');
  });
});
