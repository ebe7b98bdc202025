import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SUBSCRIBE_EVENT } from '@careslot/contracts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient, type TestPatient } from '../../testing/patients';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';

const provider = demoPerson('provider-admin'); // provider and admin of the second practice
const otherAdmin = demoPerson('admin'); // admin of the first practice

describe("a video visit's meeting rooms (the telehealth module)", () => {
  let t: TestApp;
  let origin: string;
  let patient: TestPatient;
  let stranger: TestPatient;
  const meetingId = `meet-${randomUUID().slice(0, 8)}`;
  let appointmentId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const [location] = await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [DEMO_PRACTICE_IDS[1]],
    );
    const scheduleId = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval)
       values ($1, $2, $3, 'America/New_York', 30, 5, 60, false)`,
      [scheduleId, provider.id, location!.id],
    );
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, 2, 540, 720)',
      [scheduleId],
    );
    patient = await createTestPatient(t, 'Quinn');
    stranger = await createTestPatient(t, 'Sasha');
    const booked = await t.call<{ data: string }>({
      method: 'POST',
      url: '/careslot-appointment-service/api/v2/Appointments',
      headers: bearer(patient.token),
      payload: {
        CalendarId: scheduleId,
        StartTime: '2026-11-24T15:00:00.000Z',
        Participants: [{ Type: 'Patient', ParticipantId: patient.id }],
        Reasons: [{ Name: 'Video follow-up' }],
      },
    });
    expect(booked.statusCode).toBe(200);
    appointmentId = booked.json.data;
    // The visit's meeting (the video issue will create it when a virtual visit is booked).
    await t.database.query('update appointments set meeting_id = $1 where id = $2', [
      meetingId,
      appointmentId,
    ]);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const follow = async (hub: string, token: string, rooms: string[]) => {
    const socket = connect(`${origin}/hubs/${hub}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return ((await socket.emitWithAck(SUBSCRIBE_EVENT, { rooms })) as { rooms: string[] }).rooms;
  };
  const joins = (actorId: string) =>
    t.database.query<{
      outcome: string;
      entity_type: string;
      entity_id: string;
      detail: Record<string, unknown>;
    }>(
      `select outcome, entity_type, entity_id, detail from audit_events
        where workflow = 'Realtime_Room_Join' and actor_id = $1 order by id`,
      [actorId],
    );
  const room = `meeting:${meetingId}`;

  it("lets the visit's patient and its practice's users join, on both meeting hubs, each join audited", async () => {
    expect(await follow('meetings', patient.token, [room])).toEqual([room]);
    expect(await follow('meeting-attendees', patient.token, [room])).toEqual([room]);
    const providerToken = await tokenFor(t.tokens, {
      user_roles: ['provider'],
      user_type: 'Practitioner',
      careslot_id: provider.id,
      PracticeId: DEMO_PRACTICE_IDS[1],
      email: provider.email,
    });
    expect(await follow('meetings', providerToken, [room])).toEqual([room]);
    expect(await joins(patient.id)).toEqual([
      {
        outcome: 'success',
        entity_type: 'Appointment',
        entity_id: appointmentId,
        detail: { meetingId, room, hub: 'meetings', relation: 'self' },
      },
      {
        outcome: 'success',
        entity_type: 'Appointment',
        entity_id: appointmentId,
        detail: { meetingId, room, hub: 'meeting-attendees', relation: 'self' },
      },
    ]);
  });

  it('refuses everyone else, audited: another patient, another practice, support, a guest, an unknown meeting', async () => {
    expect(await follow('meetings', stranger.token, [room])).toEqual([]);
    const otherToken = await tokenFor(t.tokens, {
      user_roles: ['practiceadmin'],
      user_type: 'Practitioner',
      careslot_id: otherAdmin.id,
      PracticeId: DEMO_PRACTICE_IDS[0],
      email: otherAdmin.email,
    });
    expect(await follow('meetings', otherToken, [room])).toEqual([]);
    const support = randomUUID();
    expect(
      await follow(
        'meetings',
        await tokenFor(t.tokens, { user_roles: ['superuser'], careslot_id: support }),
        [room],
      ),
    ).toEqual([]);
    expect(
      await follow('meetings', await tokenFor(t.tokens, { user_roles: [], guest: true }), [room]),
    ).toEqual([]);
    // Meeting rooms are not followed on other hubs.
    expect(await follow('appointments', patient.token, [room])).toEqual([]);

    expect((await joins(stranger.id)).map((row) => [row.outcome, row.detail.reason])).toEqual([
      ['denied', 'no_relation'],
    ]);
    expect((await joins(otherAdmin.id)).map((row) => [row.outcome, row.detail.reason])).toEqual([
      ['denied', 'other_practice'],
    ]);
    expect((await joins(support)).map((row) => [row.outcome, row.detail.reason])).toEqual([
      ['denied', 'purpose_required'],
    ]);
    expect(await follow('meetings', stranger.token, ['meeting:no-such-meeting'])).toEqual([]);
    expect((await joins(stranger.id)).at(-1)).toMatchObject({
      outcome: 'not_found',
      entity_type: 'TelehealthMeeting',
      entity_id: 'no-such-meeting',
    });
  });
});
