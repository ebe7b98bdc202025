import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingResult, ReminderSettings } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import type { fixedClock } from '../../platform/clock';

const V1 = '/careslot-notification/api/v1';
const V2 = '/careslot-appointment-service/api/v2';
const PRACTICE = DEMO_PRACTICE_IDS[2];
const OTHER_PRACTICE = DEMO_PRACTICE_IDS[1];
const provider = demoPerson('provider');
// Tuesday 2026-11-24, 10:00 in New York; "now" is the day before, 08:40 there.
const NOW = '2026-11-23T13:40:00Z';
const TEN = '2026-11-24T15:00:00.000Z';
const HOUR = 3_600_000;
type Answer<T> = {
  status_code: number;
  message: string;
  data: T;
  errors?: { field: string; rule: string }[];
};

describe('reminder settings and the reminders of booked visits', () => {
  let t: TestApp;
  let clock: ReturnType<typeof fixedClock>;
  let admin: string;
  let otherAdmin: string;
  let staff: string;
  let calendar = '';
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    clock = t.clock as ReturnType<typeof fixedClock>;
    admin = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: PRACTICE,
      email: 'reminders-admin@example.com',
    });
    otherAdmin = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: OTHER_PRACTICE,
    });
    staff = await tokenFor(t.tokens, {
      user_roles: ['staff'],
      user_type: 'Practitioner',
      careslot_id: randomUUID(),
      PracticeId: PRACTICE,
    });
    const [location] = await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [PRACTICE],
    );
    calendar = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval) values ($1, $2, $3, 'America/New_York', 30, 5, 60, false)`,
      [calendar, provider.id, location!.id],
    );
    for (const weekday of [2, 3])
      await t.database.query(
        'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
        [calendar, weekday],
      );
  });
  afterAll(() => t.close());

  const get = (token: string, practiceId = PRACTICE) =>
    t.call<Answer<ReminderSettings>>({
      method: 'GET',
      url: `${V1}/ReminderSettings/practices/${practiceId}`,
      headers: bearer(token),
    });
  const save = (token: string, payload: Record<string, unknown>, method: 'PUT' | 'POST' = 'PUT') =>
    t.call<Answer<ReminderSettings>>({
      method,
      url: `${V1}/ReminderSettings`,
      headers: bearer(token),
      payload,
    });
  const audits = (workflow: string) =>
    t.database.query<{ action: string; outcome: string }>(
      'select action, outcome from audit_events where workflow = $1 order by id',
      [workflow],
    );

  async function book(who: TestPatient, start: string): Promise<string> {
    const res = await t.call<BookingResult>({
      method: 'POST',
      url: `${V2}/Appointments`,
      headers: bearer(who.token),
      payload: {
        CalendarId: calendar,
        StartTime: start,
        Participants: [{ Type: 'Patient', ParticipantId: who.id }],
        Reasons: [{ Id: null, Name: 'Check-up' }],
      },
    });
    if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
    await t.events.drain();
    return res.json.data;
  }
  const reminders = async (email: string) =>
    (await t.sent({ to: email, template: 'appointment-reminder' })).reverse();
  const jobsOf = (appointmentId: string) =>
    t.database.query<{ key: string; status: string; run_at: Date }>(
      'select key, status, run_at from scheduled_jobs where key like $1 order by key',
      [`reminder:${appointmentId}:%`],
    );

  it('shows the defaults (off, 24 h, e-mail and SMS) before the practice saved any; another practice answers 404, staff 403', async () => {
    const first = await get(admin);
    expect(first.statusCode).toBe(200);
    expect(first.json.data).toEqual({
      Id: null,
      PracticeId: PRACTICE,
      Enabled: false,
      HoursBefore: [24],
      Channels: ['Email', 'Sms'],
      ModifiedOn: null,
    });
    expect((await get(otherAdmin)).statusCode).toBe(404);
    expect((await get(staff)).statusCode).toBe(403);
    const denied = await audits('Reminder_Settings_View_Web');
    expect(denied.map((a) => a.outcome)).toEqual(['success', 'denied']);
  });

  it('adds without Id, updates with Id, refuses a second add, another practice’s Id or settings, and names the broken rule', async () => {
    const bad = await save(admin, { PracticeId: PRACTICE, Enabled: true, HoursBefore: [2, 2], Channels: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.map((e) => `${e.field}:${e.rule}`)).toEqual([
      'HoursBefore:unique',
      'Channels:required',
    ]);
    const tooFar = await save(admin, {
      PracticeId: PRACTICE,
      Enabled: true,
      HoursBefore: [169],
      Channels: ['Email'],
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json.errors?.[0]?.field).toBe('body.HoursBefore.0');

    const added = await save(
      admin,
      { PracticeId: PRACTICE, Enabled: true, HoursBefore: [2, 24], Channels: ['Email', 'Sms'] },
      'POST',
    );
    expect(added.statusCode).toBe(200);
    expect(added.json.data).toMatchObject({
      PracticeId: PRACTICE,
      Enabled: true,
      HoursBefore: [24, 2],
      Channels: ['Email', 'Sms'],
    });
    const id = added.json.data.Id!;
    expect(
      (
        await save(
          admin,
          { PracticeId: PRACTICE, Enabled: true, HoursBefore: [24], Channels: ['Email'] },
          'POST',
        )
      ).statusCode,
    ).toBe(409);

    // Another practice's admin: neither this practice's settings nor its Id.
    expect(
      (
        await save(otherAdmin, {
          Id: id,
          PracticeId: OTHER_PRACTICE,
          Enabled: false,
          HoursBefore: [24],
          Channels: [],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await save(otherAdmin, {
          Id: id,
          PracticeId: PRACTICE,
          Enabled: false,
          HoursBefore: [24],
          Channels: [],
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(admin)).json.data).toMatchObject({ Id: id, Enabled: true, HoursBefore: [24, 2] });

    const updated = await save(admin, {
      Id: id,
      PracticeId: PRACTICE,
      Enabled: true,
      HoursBefore: [24, 2],
      Channels: ['Email', 'Sms'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json.data.Id).toBe(id);
    // The saves brought upcoming visits in line (none yet).
    expect(await t.jobs.runDue()).toBeGreaterThan(0);
    const edits = await audits('Reminder_Settings_Edit_Web');
    expect(edits.map((a) => `${a.action}:${a.outcome}`)).toEqual([
      'create:success',
      'update:not_found',
      'update:denied',
      'update:success',
    ]);
  });

  it('sends each reminder once when due, by e-mail and SMS, and nothing for a cancelled visit', async () => {
    const patient = await createTestPatient(t, 'Riley');
    await t.database.query("update patients set mobile = '(555) 201-3344' where id = $1", [patient.id]);
    const id = await book(patient, TEN);
    expect((await jobsOf(id)).map((j) => [j.key, j.status, new Date(j.run_at).toISOString()])).toEqual([
      [`reminder:${id}:24h`, 'pending', new Date(Date.parse(TEN) - 24 * HOUR).toISOString()],
      [`reminder:${id}:2h`, 'pending', new Date(Date.parse(TEN) - 2 * HOUR).toISOString()],
    ]);
    // What is due now is the delivery of the booking's confirmation messages (decision 0081), no reminder.
    await t.jobs.runDue();
    expect(await reminders(patient.email)).toEqual([]);
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(['pending', 'pending']);

    clock.set(new Date(Date.parse(TEN) - 24 * HOUR));
    await t.jobs.runDue();
    const sent = await reminders(patient.email);
    expect(sent).toHaveLength(1);
    const texts = await t.sent({ to: '+15552013344', template: 'appointment-reminder' });
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(
      /^CareSlot reminder: your visit with .+ on Tuesday, November 24, 2026 at 10:00 AM EST\. Details: http/,
    );
    expect(sent[0]).toMatchObject({ channel: 'email', subject: 'Reminder: your upcoming appointment' });
    expect(sent[0]!.body).toContain('Hello Riley,');
    expect(sent[0]!.body).toMatch(
      /This is a reminder of your visit with .+ on Tuesday, November 24, 2026 at 10:00 AM EST\./,
    );
    // Run again, or the event delivered again: nothing more.
    expect(await t.jobs.runDue()).toBe(0);
    clock.set(new Date(Date.parse(TEN) - 2 * HOUR));
    await t.jobs.runDue();
    expect(await reminders(patient.email)).toHaveLength(2);
    expect(await t.sent({ to: '+15552013344', template: 'appointment-reminder' })).toHaveLength(2);

    // A second visit cancelled before its reminders: they are cancelled and never sent.
    clock.set(NOW);
    const other = await createTestPatient(t, 'Sam');
    const second = await book(other, '2026-11-24T15:30:00.000Z');
    const cancelled = await t.call({
      method: 'PUT',
      url: `${V2}/OfficeAppointments/${second}/status?status=Canceled`,
      headers: bearer(staff),
      payload: { Reason: 'Provider away' },
    });
    expect(cancelled.statusCode).toBe(200);
    await t.events.drain();
    expect((await jobsOf(second)).map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
    clock.set('2026-11-24T15:00:00Z');
    await t.jobs.runDue();
    expect(await reminders(other.email)).toEqual([]);
    clock.set(NOW);
  });

  it('moves the reminders with a moved visit; the old time sends nothing', async () => {
    const patient = await createTestPatient(t, 'Taylor');
    const id = await book(patient, '2026-11-24T16:00:00.000Z');
    const moved = await t.call({
      method: 'PUT',
      url: `${V2}/appointments/${id}`,
      headers: bearer(staff),
      payload: { CalendarId: calendar, StartTime: '2026-11-25T16:00:00.000Z' },
    });
    expect(moved.statusCode).toBe(200);
    await t.events.drain();
    expect((await jobsOf(id)).map((j) => [j.status, new Date(j.run_at).toISOString()])).toEqual([
      ['pending', '2026-11-24T16:00:00.000Z'],
      ['pending', '2026-11-25T14:00:00.000Z'],
    ]);
    // The visit's old 2-hour mark passes with no reminder (the job was moved); the old start time is the new 24-hour mark.
    clock.set('2026-11-24T14:00:00Z');
    await t.jobs.runDue();
    expect(await reminders(patient.email)).toEqual([]);
    clock.set('2026-11-24T16:00:00Z');
    await t.jobs.runDue();
    expect(await reminders(patient.email)).toHaveLength(1);
    expect((await reminders(patient.email))[0]!.body).toContain('November 25, 2026');
    clock.set(NOW);
  });

  it('brings upcoming visits in line when the settings change: off cancels their reminders, on schedules them', async () => {
    const current = (await get(admin)).json.data;
    const patient = await createTestPatient(t, 'Uma');
    const id = await book(patient, '2026-11-25T15:30:00.000Z');
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(['pending', 'pending']);

    expect(
      (
        await save(admin, {
          Id: current.Id,
          PracticeId: PRACTICE,
          Enabled: false,
          HoursBefore: [24, 2],
          Channels: ['Email'],
        })
      ).statusCode,
    ).toBe(200);
    await t.jobs.runDue();
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
    // Booked while reminders are off: none.
    const later = await book(patient, '2026-11-25T16:30:00.000Z');
    expect(await jobsOf(later)).toEqual([]);

    expect(
      (
        await save(admin, {
          Id: current.Id,
          PracticeId: PRACTICE,
          Enabled: true,
          HoursBefore: [3],
          Channels: ['Email'],
        })
      ).statusCode,
    ).toBe(200);
    await t.jobs.runDue();
    expect((await jobsOf(later)).map((j) => [j.key, j.status, new Date(j.run_at).toISOString()])).toEqual([
      [`reminder:${later}:3h`, 'pending', '2026-11-25T13:30:00.000Z'],
    ]);
    expect((await jobsOf(id)).map((j) => [j.key, j.status])).toEqual([
      [`reminder:${id}:24h`, 'cancelled'],
      [`reminder:${id}:2h`, 'cancelled'],
      [`reminder:${id}:3h`, 'pending'],
    ]);
  });

  it("sends the practice's own reminder template in the patient's language", async () => {
    clock.set(new Date('2026-11-25T12:00:00.000Z'));
    // A token of this (moved) clock's time.
    const admin = await tokenFor(
      t.tokens,
      {
        user_roles: ['practiceadmin'],
        user_type: 'Practitioner',
        careslot_id: randomUUID(),
        PracticeId: PRACTICE,
        email: 'reminders-admin@example.com',
      },
      3600,
    );
    const current = (await get(admin)).json.data;
    const settings = { PracticeId: PRACTICE, Enabled: true, HoursBefore: [3], Channels: ['Email'] };
    expect(
      (
        await save(
          admin,
          current.Id ? { ...settings, Id: current.Id } : settings,
          current.Id ? 'PUT' : 'POST',
        )
      ).statusCode,
    ).toBe(200);
    await t.jobs.runDue();
    const patient = await createTestPatient(t, 'Ana');
    await t.database.query("update patients set languages = '{es}' where id = $1", [patient.id]);
    const saved = await t.call<Answer<unknown>>({
      method: 'POST',
      url: `${V1}/practice-emails/upsert`,
      headers: bearer(admin),
      payload: {
        OrganizationId: PRACTICE,
        WorkflowKey: 'reminder',
        Language: 'es',
        Subject: 'Su cita con {{providerName}}',
        Body: 'Hola {{patientFirstName}}, le esperamos el {{appointmentDate}} a las {{appointmentTime}}. {{link}}',
      },
    });
    expect(saved.statusCode).toBe(200);
    const id = await book(patient, '2026-11-25T16:30:00.000Z');
    clock.set(new Date(Date.parse('2026-11-25T16:30:00.000Z') - 3 * HOUR));
    await t.jobs.runDue();
    const [email] = await reminders(patient.email);
    expect(email?.channel).toBe('email');
    expect(email?.subject).toMatch(/^Su cita con .+/);
    expect(email!.body).toMatch(
      /^Hola Ana, le esperamos el miércoles, 25 de noviembre de 2026 a las 11:30 a\.\s?m\. EST\. http.+/,
    );
    expect(email!.body).toContain(id);
  });
});
