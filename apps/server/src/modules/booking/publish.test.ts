import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_DETAILS_MESSAGES,
  type AppointmentPublication,
  type BookingResult,
} from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const V2 = '/careslot-appointment-service/api/v2';
// Tuesday 10:00 in New York, then half an hour later for each booking: a patient has one visit at a time.
const SLOT_START = Date.parse('2026-11-24T15:00:00.000Z');
let bookings = 0;
const provider = demoPerson('provider');
type Answer<T> = {
  is_success: boolean;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};

async function bookedAppointment(t: TestApp, who: TestPatient): Promise<string> {
  const [location] = await t.database.query<{ id: string }>(
    'select id from locations where organization_id = $1 order by name limit 1',
    [DEMO_PRACTICE_IDS[2]],
  );
  const scheduleId = randomUUID();
  await t.database.query(
    `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, $2, $3, 'America/New_York', 30, 5, 60)`,
    [scheduleId, provider.id, location!.id],
  );
  await t.database.query(
    'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, 2, 540, 720)',
    [scheduleId],
  );
  const res = await t.call<BookingResult>({
    method: 'POST',
    url: `${V2}/Appointments`,
    headers: bearer(who.token),
    payload: {
      CalendarId: scheduleId,
      StartTime: new Date(SLOT_START + bookings++ * 30 * 60_000).toISOString(),
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

describe('web/BobAppointment: publishing a booked appointment to outside systems', () => {
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

  const publish = (token: string, payload: Record<string, unknown>) =>
    t.call<Answer<AppointmentPublication>>({
      method: 'POST',
      url: `${V2}/web/BobAppointment`,
      headers: bearer(token),
      payload,
    });
  const publications = (id: string) =>
    t.database.query<{ status: string; organization_id: string }>(
      'select status, organization_id from appointment_publications where appointment_id = $1',
      [id],
    );

  it('records one pending publication with an audit row, and answers the same publication when asked again', async () => {
    const id = await bookedAppointment(t, a);
    const first = await publish(a.token, { AppointmentId: id });
    expect(first.statusCode).toBe(200);
    expect(first.json).toMatchObject({
      is_success: true,
      message: APPOINTMENT_DETAILS_MESSAGES.published,
      data: { AppointmentId: id, Status: 'Pending' },
    });
    // The practice publishing the same appointment gets the same publication: one per appointment.
    const again = await publish(staff, { AppointmentId: id });
    expect(again.statusCode).toBe(200);
    expect(again.json.data.Id).toBe(first.json.data.Id);
    expect(await publications(id)).toEqual([{ status: 'Pending', organization_id: DEMO_PRACTICE_IDS[2] }]);
    const audit = await t.database.query<{ outcome: string }>(
      "select outcome from audit_events where entity_type = 'AppointmentPublication' and entity_id = $1",
      [first.json.data.Id],
    );
    expect(audit).toEqual([{ outcome: 'success' }]);
    // One durable event, committed with the publication, carrying ids only.
    const events = await t.database.query<{ type: string; payload: Record<string, unknown> }>(
      "select type, payload from domain_events where aggregate_type = 'appointment-publication' and aggregate_id = $1",
      [first.json.data.Id],
    );
    expect(events).toEqual([
      {
        type: 'appointment.published',
        payload: {
          publicationId: first.json.data.Id,
          appointmentId: id,
          organizationId: DEMO_PRACTICE_IDS[2],
        },
      },
    ]);
  });

  it('answers 404 to another patient and another practice, and publishes nothing', async () => {
    const id = await bookedAppointment(t, a);
    for (const token of [b.token, otherStaff])
      expect((await publish(token, { AppointmentId: id })).statusCode).toBe(404);
    expect((await publish(a.token, { AppointmentId: randomUUID() })).statusCode).toBe(404);
    expect(await publications(id)).toEqual([]);
    expect(
      await t.database.query(
        "select 1 from domain_events where type = 'appointment.published' and payload->>'appointmentId' = $1",
        [id],
      ),
    ).toEqual([]);
  });

  it('answers 400 naming AppointmentId for a bad id or a cancelled appointment', async () => {
    const bad = await publish(a.token, { AppointmentId: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.[0]?.field).toContain('AppointmentId');
    const id = await bookedAppointment(t, a);
    await t.call({
      method: 'POST',
      url: `${V2}/web/patient-appointments/${id}/cancel`,
      headers: bearer(a.token),
      payload: { Reason: 'Feeling better' },
    });
    const cancelled = await publish(a.token, { AppointmentId: id });
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json.errors?.[0]).toMatchObject({ field: 'AppointmentId', rule: 'booked' });
    expect(await publications(id)).toEqual([]);
  });
});
