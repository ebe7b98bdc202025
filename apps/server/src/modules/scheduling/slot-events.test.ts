import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  SUBSCRIBE_EVENT,
  type RealtimeMessage,
  type SlotDeletedEvent,
  type SlotEvent,
  type SlotHoldInfo,
} from '@careslot/contracts';
import { bearer, createTestApp, guestHeaders, tokenFor, type TestApp } from '../../testing/app';
import { demoPerson } from '../../seed';
import { seedId } from '../../seed/ids';
import { publishSlotChanges, sweepExpiredHolds } from './index';

const CALENDAR = '/careslot-calendar/api/v2';
type ErrorBody = { status_code: number; message: string };

/** Jordan Ellis (patient A) and Marcus Johnson (patient B), unrelated patients of practice 1. */
const patientA = demoPerson('patient');
const patientBId = seedId('demo:patient:2:holder');

async function createSchedule(t: TestApp, capacity: number): Promise<string> {
  const id = randomUUID();
  await t.database.query(
    `insert into schedules (id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, 'America/New_York', 30, $2, 60)`,
    [id, capacity],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1) {
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  }
  return id;
}

function listenerFor(socket: Socket) {
  const seen: { event: string; message: RealtimeMessage }[] = [];
  socket.onAny((event: string, message: RealtimeMessage) => seen.push({ event, message }));
  return {
    seen,
    /** Resolves with the first message of this event not yet taken. */
    next<T>(event: string, timeoutMs = 5000): Promise<RealtimeMessage<T>> {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          const index = seen.findIndex((s) => s.event === event);
          if (index >= 0) {
            const [found] = seen.splice(index, 1);
            resolve(found!.message as RealtimeMessage<T>);
          } else if (Date.now() - started > timeoutMs)
            reject(new Error(`no ${event} within ${timeoutMs} ms`));
          else setTimeout(poll, 10);
        };
        poll();
      });
    },
  };
}

describe('calendar hub: every hold, release and expiry is announced', () => {
  let t: TestApp;
  let socket: Socket;
  let events: ReturnType<typeof listenerFor>;
  let scheduleId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    scheduleId = await createSchedule(t, 2);
    socket = connect(`${origin}/hubs/calendar`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await tokenFor(t.tokens, { user_roles: [], guest: true }) },
    });
    events = listenerFor(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await socket.emitWithAck(SUBSCRIBE_EVENT, {
      rooms: [`schedule:${scheduleId}`, `schedule-reasons:${scheduleId}`],
    });
  }, 60_000);
  afterAll(async () => {
    socket.disconnect();
    await t.close();
  });

  const hold = async (slotId: string, session: string) =>
    t.call<SlotHoldInfo>({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve`,
      headers: await guestHeaders(t.tokens, session),
      payload: { SlotIds: [slotId] },
    });

  it('sends SlotUpdated and ReasonBasedSlotUpdated with the capacity left after a hold, and no patient data', async () => {
    const slotId = `${scheduleId}_2026-11-24T15:00:00.000Z`;
    expect((await hold(slotId, 'ev-a')).statusCode).toBe(200);
    const updated = await events.next<SlotEvent>('SlotUpdated');
    expect(updated.data).toEqual({
      event: 'SlotUpdated',
      Id: slotId,
      SlotId: slotId,
      SlotIds: [slotId],
      ScheduleId: scheduleId,
      Start: '2026-11-24T15:00:00.000Z',
      End: '2026-11-24T15:30:00.000Z',
      Status: 'free',
      Capacity: 2,
      CapacityAvailable: 1,
      SlotVisitType: ['Office'],
      ServiceCategory: [],
      ServiceType: [],
    });
    expect((await events.next<SlotEvent>('ReasonBasedSlotUpdated')).data).toMatchObject({
      SlotId: slotId,
      CapacityAvailable: 1,
    });

    expect((await hold(slotId, 'ev-b')).statusCode).toBe(200);
    expect((await events.next<SlotEvent>('SlotUpdated')).data).toMatchObject({
      SlotId: slotId,
      CapacityAvailable: 0,
      Status: 'busy',
    });
  });

  it('sends SlotAdded when a release gives capacity back', async () => {
    const slotId = `${scheduleId}_2026-11-24T15:00:00.000Z`;
    const res = await t.call<{ Released: number }>({
      method: 'POST',
      url: `${CALENDAR}/slot/release`,
      headers: await guestHeaders(t.tokens, 'ev-b'),
      payload: { SlotIds: [slotId] },
    });
    expect(res.json.Released).toBe(1);
    expect((await events.next<SlotEvent>('SlotAdded')).data).toMatchObject({
      SlotId: slotId,
      CapacityAvailable: 1,
      Status: 'free',
    });
    expect((await events.next<SlotEvent>('ReasonBasedSlotAdded')).data).toMatchObject({
      SlotId: slotId,
      CapacityAvailable: 1,
    });
  });

  it('announces nothing for a release that released nothing', async () => {
    const slotId = `${scheduleId}_2026-11-24T16:00:00.000Z`;
    const res = await t.call<{ Released: number }>({
      method: 'POST',
      url: `${CALENDAR}/slot/release`,
      headers: await guestHeaders(t.tokens, 'ev-nobody'),
      payload: { SlotIds: [slotId] },
    });
    expect(res.json.Released).toBe(0);
    // A marker event published afterwards arrives first: nothing was sent for the empty release.
    await publishSlotChanges(t, [
      { kind: 'removed', scheduleId, start: new Date('2026-11-30T14:00:00.000Z') },
    ]);
    await events.next('SlotDeleted');
    await events.next('ReasonBasedSlotDeleted');
    expect(events.seen.filter((s) => s.event === 'SlotAdded')).toEqual([]);
  });

  it('sends SlotAdded when an expired hold is swept', async () => {
    const slotId = `${scheduleId}_2026-11-25T14:00:00.000Z`;
    expect((await hold(slotId, 'ev-c')).statusCode).toBe(200);
    expect((await events.next<SlotEvent>('SlotUpdated')).data).toMatchObject({
      SlotId: slotId,
      CapacityAvailable: 1,
    });
    expect(await sweepExpiredHolds(t, t.clock.now())).toBe(0);
    (t.clock as unknown as { advance(ms: number): void }).advance(11 * 60_000);
    expect(await sweepExpiredHolds(t, t.clock.now())).toBeGreaterThanOrEqual(1);
    const added: RealtimeMessage<SlotEvent>[] = [];
    for (;;) {
      const next = await events.next<SlotEvent>('SlotAdded');
      added.push(next);
      if (next.data.SlotId === slotId) break;
    }
    expect(added.at(-1)!.data).toMatchObject({ CapacityAvailable: 2, Capacity: 2 });
  });

  it('lets the appointments module announce a booking, a cancellation and a removed slot', async () => {
    const start = new Date('2026-11-26T14:30:00.000Z');
    await publishSlotChanges(t, [{ kind: 'taken', scheduleId, start }]);
    expect((await events.next<SlotEvent>('SlotUpdated')).data).toMatchObject({
      Start: start.toISOString(),
      CapacityAvailable: 2,
    });
    await publishSlotChanges(t, [{ kind: 'returned', scheduleId, start }]);
    // Expired holds of earlier tests may be announced by the background sweep meanwhile: skip those.
    let added = await events.next<SlotEvent>('SlotAdded');
    while (added.data.Start !== start.toISOString()) added = await events.next<SlotEvent>('SlotAdded');
    expect(added.data).toMatchObject({ ScheduleId: scheduleId, CapacityAvailable: 2 });
    await publishSlotChanges(t, [{ kind: 'removed', scheduleId, start }]);
    const deleted = await events.next<SlotDeletedEvent>('SlotDeleted');
    expect(deleted.data).toEqual({
      event: 'SlotDeleted',
      Id: `${scheduleId}_${start.toISOString()}`,
      SlotId: `${scheduleId}_${start.toISOString()}`,
      SlotIds: [`${scheduleId}_${start.toISOString()}`],
      ScheduleId: scheduleId,
      Start: start.toISOString(),
    });
    expect((await events.next<SlotDeletedEvent>('ReasonBasedSlotDeleted')).data.SlotIds).toEqual(
      deleted.data.SlotIds,
    );
  });
});

describe('calendar: holds for a patient are the patient’s own', () => {
  let t: TestApp;
  let tokenA: string;
  const subjectA = 'sub-patient-a';
  let tokenB: string;
  let scheduleId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' });
    tokenA = await tokenFor(t.tokens, {
      sub: subjectA,
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: patientA.id,
      email: patientA.email,
    });
    tokenB = await tokenFor(t.tokens, {
      user_roles: ['patient'],
      user_type: 'Patient',
      careslot_id: patientBId,
      email: 'marcus@example.com',
    });
    scheduleId = await createSchedule(t, 1);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string, session: string) => ({ ...bearer(token), cookie: `SessionId=${session}` });
  const slot = (hm: string) => `${scheduleId}_2026-11-24T${hm}:00.000Z`;
  const reserve = (token: string, session: string, slotId: string, patientId: string) =>
    t.call<SlotHoldInfo & ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve?patientId=${patientId}`,
      headers: as(token, session),
      payload: { SlotIds: [slotId] },
    });
  const update = (token: string, session: string, slotId: string, patientId: string) =>
    t.call<SlotHoldInfo & ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/slot/update-reserved-slot?PatientId=${patientId}`,
      headers: as(token, session),
      payload: { SlotIds: [slotId] },
    });
  const validate = (token: string, session: string, slotId: string, query: string) =>
    t.call<boolean | ErrorBody>({
      method: 'POST',
      url: `${CALENDAR}/slot/validate-reserved-slot?${query}`,
      headers: as(token, session),
      payload: { SlotIds: [slotId] },
    });
  const release = (token: string, session: string, slotId: string) =>
    t.call<{ Released: number }>({
      method: 'POST',
      url: `${CALENDAR}/slot/release`,
      headers: as(token, session),
      payload: { SlotIds: [slotId] },
    });

  it('answers patient B holding a slot for patient A like an unknown patient (404), and audits the refusal', async () => {
    const res = await reserve(tokenB, 'b-browser', slot('14:00'), patientA.id);
    expect(res.statusCode).toBe(404);
    expect(res.json.message).toBe('This page cannot be reached.');
    const rows = await t.database.query<{ outcome: string; patient_id: string }>(
      "select outcome, patient_id from audit_events where entity_type = 'SlotHold' and actor_id = $1",
      [patientBId],
    );
    expect(rows).toContainEqual({ outcome: 'denied', patient_id: patientA.id });
    // The refused hold took nothing: patient A can still hold the slot.
    expect((await reserve(tokenA, 'a-browser', slot('14:00'), patientA.id)).statusCode).toBe(200);
  });

  it('refuses a guest holding for a patient', async () => {
    const guest = await tokenFor(t.tokens, { user_roles: [], guest: true });
    const res = await reserve(guest, 'guest-browser', slot('14:30'), patientA.id);
    expect(res.statusCode).toBe(401);
  });

  it('does not let patient B release patient A’s hold', async () => {
    const res = await release(tokenB, 'b-browser', slot('14:00'));
    expect(res.json.Released).toBe(0);
    const again = await reserve(tokenB, 'b-browser', slot('14:00'), patientBId);
    expect(again.statusCode).toBe(409);
    expect(again.json.message).toBe('Could not reserve the selected slot. Please try another slot.');
  });

  it('refuses patient B updating or validating a hold for patient A', async () => {
    expect((await update(tokenB, 'b-browser', slot('14:00'), patientA.id)).statusCode).toBe(404);
    // Naming themself does not reach A's hold either: B's session holds nothing there.
    const own = await update(tokenB, 'b-browser', slot('14:00'), patientBId);
    expect(own.statusCode).toBe(404);
    expect(own.json.message).toBe('Unable to find reserved slot(s)');
    expect((await validate(tokenB, 'b-browser', slot('14:00'), `patientId=${patientA.id}`)).statusCode).toBe(
      404,
    );
    const probe = await validate(tokenB, 'b-browser', slot('14:00'), 'cookieSessionId=a-browser');
    expect(probe.statusCode).toBe(200);
    expect(probe.json).toBe(false);
  });

  it('lets patient A validate and update their own hold, keeping its expiry', async () => {
    const held = await reserve(tokenA, 'a-browser', slot('15:00'), patientA.id);
    expect(held.statusCode).toBe(200);
    const check = await validate(
      tokenA,
      'a-browser',
      slot('15:00'),
      `cookieSessionId=${encodeURIComponent(subjectA)}&patientId=${patientA.id}`,
    );
    expect(check.json).toBe(true);
    const updated = await update(tokenA, 'a-browser', slot('15:00'), patientA.id);
    expect(updated.statusCode).toBe(200);
    expect(updated.json.ExpiresAt).toBe(held.json.ExpiresAt);
    // ReservedSlotUpdated goes out through a durable event committed with the claim, delivered by the time the call answers.
    const events = await t.database.query<{
      payload: { kind: string; expiresAt: string };
      dispatched_at: Date | null;
    }>(
      "select payload, dispatched_at from domain_events where type = 'slot.changed' and aggregate_id = $1 and payload->>'kind' = 'hold-updated'",
      [slot('15:00')],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.expiresAt).toBe(held.json.ExpiresAt);
    expect(events[0]!.dispatched_at).not.toBeNull();
    expect(
      await validate(tokenA, 'a-browser', slot('15:30'), `patientId=${patientA.id}`).then((r) => r.json),
    ).toBe(false);
  });

  it('names the field when PatientId is missing or malformed', async () => {
    const res = await t.call<{ errors: { field: string }[] }>({
      method: 'POST',
      url: `${CALENDAR}/slot/update-reserved-slot?PatientId=nope`,
      headers: as(tokenA, 'a-browser'),
      payload: { SlotIds: [slot('15:00')] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors[0]?.field).toBe('querystring.PatientId');
  });
});
