import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Slot, SlotHoldInfo } from '@careslot/contracts';
import { bearer, createTestApp, guestHeaders, tokenFor, type TestApp } from '../../testing/app';
import { createTestPatient } from '../../testing/patients';
import { generateSlots, localToUtc } from './slots';
import { demoPerson } from '../../seed';
import { loadConfig } from '../../config';

const CALENDAR = '/careslot-calendar/api/v2';
type List<T> = { Data: T[]; Total: number };
type ErrorBody = { status_code: number; message: string };

/** A schedule working Mon-Fri 09:00-12:00 in New York with 30-minute slots of the given capacity. */
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

/** Holds the slot as the guest browser named `session` (its own guest token). */
async function hold(t: TestApp, slotId: string, session: string) {
  return t.call<SlotHoldInfo & ErrorBody & { errors?: { field: string; rule: string }[] }>({
    method: 'POST',
    url: `${CALENDAR}/slot/reserve`,
    headers: await guestHeaders(t.tokens, session),
    payload: { SlotIds: [slotId] },
  });
}

async function release(t: TestApp, slotIds: string[], session: string) {
  return t.call<{ Released: number }>({
    method: 'POST',
    url: `${CALENDAR}/slot/release`,
    headers: await guestHeaders(t.tokens, session),
    payload: { SlotIds: slotIds },
  });
}

describe('slot generation in a facility time zone', () => {
  it('keeps local 9:00 across the March and November daylight-saving changes', () => {
    // 2026-03-08 and 2026-11-01 are the US transitions; Monday before and after each.
    const slots = generateSlots({
      timeZone: 'America/New_York',
      slotMinutes: 60,
      hours: [{ weekday: 1, startMinute: 540, endMinute: 600 }],
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-17T00:00:00Z'),
    });
    expect(slots.map((s) => s.start.toISOString())).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-16T13:00:00.000Z',
    ]);
    const autumn = generateSlots({
      timeZone: 'Europe/Berlin',
      slotMinutes: 60,
      hours: [{ weekday: 1, startMinute: 540, endMinute: 600 }],
      from: new Date('2026-10-19T00:00:00Z'),
      to: new Date('2026-11-03T00:00:00Z'),
    });
    expect(autumn.map((s) => s.start.toISOString())).toEqual([
      '2026-10-19T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
      '2026-11-02T08:00:00.000Z',
    ]);
  });

  it('yields no slot for a wall time skipped by the spring change', () => {
    expect(localToUtc('America/Chicago', 2026, 3, 8, 150)).toBeNull();
    expect(localToUtc('America/Chicago', 2026, 3, 8, 180)?.toISOString()).toBe('2026-03-08T08:00:00.000Z');
  });

  it('never yields a slot outside working hours or overlapping another', () => {
    for (const timeZone of ['America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney', 'Europe/London']) {
      const slots = generateSlots({
        timeZone,
        slotMinutes: 25,
        hours: [
          { weekday: 0, startMinute: 60, endMinute: 200 },
          { weekday: 3, startMinute: 480, endMinute: 1020 },
        ],
        from: new Date('2026-01-01T00:00:00Z'),
        to: new Date('2026-12-31T00:00:00Z'),
      });
      expect(slots.length).toBeGreaterThan(100);
      for (let i = 1; i < slots.length; i += 1)
        expect(slots[i]!.start.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.end.getTime());
      for (const slot of slots) {
        const parts = new Intl.DateTimeFormat('en-US', {
          timeZone,
          weekday: 'short',
          hour: 'numeric',
          minute: 'numeric',
          hourCycle: 'h23',
        }).formatToParts(slot.start);
        const minute =
          Number(parts.find((p) => p.type === 'hour')!.value) * 60 +
          Number(parts.find((p) => p.type === 'minute')!.value);
        const weekday = parts.find((p) => p.type === 'weekday')!.value;
        const period = weekday === 'Sun' ? [60, 200] : weekday === 'Wed' ? [480, 1020] : null;
        expect(period, `${timeZone} ${slot.start.toISOString()}`).not.toBeNull();
        expect(minute).toBeGreaterThanOrEqual(period![0]!);
        expect(minute + 25).toBeLessThanOrEqual(period![1]! + 60); // a fall-back hour may stretch the wall clock
      }
    }
  }, 120_000);
});

describe('calendar: search and holds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z' }); // Monday 08:40 in New York
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists slots from now + 30 minutes in UTC', async () => {
    const id = await createSchedule(t, 1);
    const res = await t.call<List<Slot>>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      payload: { ScheduleIds: [id], StartDate: '2026-11-23 00:00:00', EndDate: '2026-11-24 00:00:00' },
    });
    expect(res.statusCode).toBe(200);
    // 09:00 is within 30 minutes of 08:40, so the day starts at 09:30 local = 14:30 UTC.
    expect(res.json.Data.map((s) => s.Start)).toEqual([
      '2026-11-23T14:30:00.000Z',
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T15:30:00.000Z',
      '2026-11-23T16:00:00.000Z',
      '2026-11-23T16:30:00.000Z',
    ]);
    expect(res.json.Data[0]).toMatchObject({
      ScheduleId: id,
      Status: 'free',
      Capacity: 1,
      CapacityAvailable: 1,
      End: '2026-11-23T15:00:00.000Z',
    });
  });

  it('has demo schedules with slots for the demo provider', async () => {
    const schedules = await t.database.query<{ id: string }>(
      'select id from schedules where practitioner_id = $1',
      [demoPerson('provider').id],
    );
    expect(schedules.length).toBeGreaterThan(0);
    const res = await t.call<List<Slot>>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      payload: {
        ScheduleIds: schedules.map((s) => s.id),
        StartDate: '2026-11-23 00:00:00',
        EndDate: '2026-11-28 00:00:00',
      },
    });
    expect(res.json.Total).toBeGreaterThan(20);
  });

  it('answers the next availability when EndDate is null', async () => {
    const id = await createSchedule(t, 1);
    const res = await t.call<List<Slot>>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      payload: { ScheduleIds: [id], StartDate: '2026-11-28 00:00:00', EndDate: null },
    });
    expect(res.json.Data.map((s) => s.Start)).toEqual(['2026-11-30T14:00:00.000Z']);
  });

  it('rejects a malformed StartDate naming the field', async () => {
    const res = await t.call<{ errors: { field: string }[] }>({
      method: 'POST',
      url: `${CALENDAR}/slot/advance-search`,
      payload: { ScheduleIds: [randomUUID()], StartDate: '2026-11-28' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.errors[0]?.field).toBe('body.StartDate');
  });

  it('holds a slot, hides it from search, and gives it back on release', async () => {
    const id = await createSchedule(t, 1);
    const search = () =>
      t.call<List<Slot>>({
        method: 'POST',
        url: `${CALENDAR}/slot/advance-search`,
        payload: { ScheduleIds: [id], StartDate: '2026-11-24 14:00:00', EndDate: '2026-11-24 15:00:00' },
      });
    const [first] = (await search()).json.Data;
    const held = await hold(t, first!.SlotIds[0]!, 'browser-a');
    expect(held.statusCode).toBe(200);
    expect(held.json.Slot).toMatchObject({ CapacityAvailable: 0, Status: 'busy' });
    expect((await search()).json.Data.map((s) => s.Start)).toEqual(['2026-11-24T14:30:00.000Z']);

    const other = await hold(t, first!.SlotIds[0]!, 'browser-b');
    expect(other.statusCode).toBe(409);
    expect(other.json.message).toBe('Could not reserve the selected slot. Please try another slot.');

    const notMine = await release(t, first!.SlotIds, 'browser-b');
    expect(notMine.json.Released).toBe(0);
    const released = await release(t, first!.SlotIds, 'browser-a');
    expect(released.json.Released).toBe(1);
    expect((await search()).json.Data).toHaveLength(2);
  });

  it('gives an expired hold its capacity back by itself', async () => {
    const id = await createSchedule(t, 1);
    const slotId = `${id}_2026-11-25T15:00:00.000Z`;
    expect((await hold(t, slotId, 'browser-c')).statusCode).toBe(200);
    expect((await hold(t, slotId, 'browser-d')).statusCode).toBe(409);
    (t.clock as unknown as { advance(ms: number): void }).advance(11 * 60_000);
    expect((await hold(t, slotId, 'browser-d')).statusCode).toBe(200);
  });

  it('refuses a time that is not one of the schedule slots', async () => {
    const id = await createSchedule(t, 1);
    const res = await hold(t, `${id}_2026-11-25T15:10:00.000Z`, 'browser-e');
    expect(res.statusCode).toBe(409);
  });

  it('caps active holds per token, naming the limit, and releases them all on request', async () => {
    const id = await createSchedule(t, 1);
    const starts = ['14:00', '14:30', '15:00', '15:30'].map((hm) => `${id}_2026-11-26T${hm}:00.000Z`);
    const results = [];
    for (const slotId of starts) results.push(await hold(t, slotId, 'hoarder'));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 409]);
    expect(results[3]!.json.message).toBe('Could not reserve the selected slot. Please try another slot.');
    expect(results[3]!.json.errors?.[0]).toMatchObject({ field: 'SlotIds', rule: 'max_active_holds' });
    // A plain slot conflict does not claim the limit.
    expect((await hold(t, starts[0]!, 'someone-else')).json.errors).toBeUndefined();

    const all = await t.call<{ Released: number }>({
      method: 'POST',
      url: `${CALENDAR}/slot/release-all`,
      headers: await guestHeaders(t.tokens, 'hoarder'),
    });
    expect(all.json.Released).toBe(3);
    expect((await hold(t, starts[3]!, 'hoarder')).statusCode).toBe(200);
    expect((await hold(t, starts[0]!, 'someone-else')).statusCode).toBe(200);
  });

  it('refuses a hold, a release or a release-all without a guest or user token (401), whatever SessionId cookie is sent', async () => {
    const id = await createSchedule(t, 1);
    const slotId = `${id}_2026-11-26T16:00:00.000Z`;
    for (const url of [
      'reserve',
      'release',
      'update-reserved-slot?PatientId=' + randomUUID(),
      'validate-reserved-slot',
    ]) {
      const res = await t.call({
        method: 'POST',
        url: `${CALENDAR}/slot/${url}`,
        headers: { cookie: `SessionId=anon-${url}` },
        payload: { SlotIds: [slotId] },
      });
      expect(res.statusCode, url).toBe(401);
    }
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${CALENDAR}/slot/release-all`,
          headers: { cookie: 'SessionId=anon' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.database.query('select 1 from slot_holds where schedule_id = $1', [id])).length).toBe(0);
  });

  it('caps active holds per patient across tokens, and frees a place when one is released', async () => {
    const id = await createSchedule(t, 1);
    const patient = await createTestPatient(t);
    // The same patient signed in on four devices: four tokens, four subjects.
    const device = (name: string) =>
      tokenFor(
        t.tokens,
        {
          sub: `sub-${patient.id}-${name}`,
          user_roles: ['patient'],
          user_type: 'Patient',
          careslot_id: patient.id,
          email: patient.email,
        },
        3600,
      );
    const holdFor = async (hm: string, session: string) =>
      t.call<SlotHoldInfo & ErrorBody>({
        method: 'POST',
        url: `${CALENDAR}/slot/reserve?patientId=${patient.id}`,
        headers: bearer(await device(session)),
        payload: { SlotIds: [`${id}_2026-11-26T${hm}:00.000Z`] },
      });
    const codes = [];
    for (const [hm, session] of [
      ['14:00', 'phone'],
      ['14:30', 'laptop'],
      ['15:00', 'tablet'],
      ['15:30', 'library'],
    ] as const) {
      codes.push((await holdFor(hm, session)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 409]);
    const refused = await holdFor('15:30', 'library');
    expect(refused.json.message).toBe('Could not reserve the selected slot. Please try another slot.');
    await t.call({
      method: 'POST',
      url: `${CALENDAR}/slot/release`,
      headers: bearer(await device('phone')),
      payload: { SlotIds: [`${id}_2026-11-26T14:00:00.000Z`] },
    });
    expect((await holdFor('15:30', 'library')).statusCode).toBe(200);
  });

  it('lets exactly 3 of 12 parallel holds of one token pass the cap', async () => {
    const id = await createSchedule(t, 1);
    const starts = ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30'].flatMap((hm) => [
      `${id}_2026-12-03T${hm}:00.000Z`,
      `${id}_2026-12-04T${hm}:00.000Z`,
    ]);
    const headers = await guestHeaders(t.tokens, 'parallel-hoarder');
    const results = await Promise.all(
      starts.map((slotId) =>
        t.call({ method: 'POST', url: `${CALENDAR}/slot/reserve`, headers, payload: { SlotIds: [slotId] } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const live = await t.database.query<{ n: number }>(
      "select count(*)::int as n from slot_holds where session_id = 'user:guest:parallel-hoarder'",
    );
    expect(live[0]!.n).toBe(3);
  });

  it('counts only live holds toward the cap: expired ones no longer block a session', async () => {
    const id = await createSchedule(t, 1);
    for (const hm of ['14:00', '14:30', '15:00'])
      expect((await hold(t, `${id}_2026-12-01T${hm}:00.000Z`, 'returning')).statusCode).toBe(200);
    expect((await hold(t, `${id}_2026-12-01T15:30:00.000Z`, 'returning')).statusCode).toBe(409);
    (t.clock as unknown as { advance(ms: number): void }).advance(11 * 60_000);
    expect((await hold(t, `${id}_2026-12-01T15:30:00.000Z`, 'returning')).statusCode).toBe(200);
  });

  it("hands a guest's holds over to the account the browser signs in with (§4.8 pending slot hand-off)", async () => {
    const id = await createSchedule(t, 1);
    const slotId = `${id}_2026-12-02T15:00:00.000Z`;
    const guestToken = (
      await t.call<{ data: { access_token: string } }>({ method: 'POST', url: '/api/account/login/guest' })
    ).json.data.access_token;
    const guest = bearer(guestToken);
    const held = await t.call<SlotHoldInfo>({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve`,
      headers: guest,
      payload: { SlotIds: [slotId] },
    });
    expect(held.statusCode).toBe(200);
    const patient = await createTestPatient(t);
    const validate = (headers: Record<string, string>) =>
      t.call<boolean>({
        method: 'POST',
        url: `${CALENDAR}/slot/validate-reserved-slot`,
        headers,
        payload: { SlotIds: [slotId] },
      });
    // Signed in, the browser's calls carry the account's token: the guest's hold is not yet the account's.
    expect((await validate(bearer(patient.token))).json).toBe(false);

    const handOver = (headers: Record<string, string>, GuestToken: string) =>
      t.call<{ HandedOver: number } & { errors?: { field: string }[] }>({
        method: 'POST',
        url: `${CALENDAR}/slot/hand-over`,
        headers,
        payload: { GuestToken },
      });
    // Only a signed-in caller, and only with a real guest token.
    expect((await handOver(guest, guestToken)).statusCode).toBe(401);
    const forged = await handOver(bearer(patient.token), `${guestToken.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json.errors?.[0]?.field).toBe('GuestToken');
    expect((await handOver(bearer(patient.token), patient.token)).statusCode).toBe(400);

    const moved = await handOver(bearer(patient.token), guestToken);
    expect(moved.statusCode).toBe(200);
    expect(moved.json.HandedOver).toBe(1);
    expect((await validate(bearer(patient.token))).json).toBe(true);
    expect((await validate(guest)).json).toBe(false);
    // The place stays taken (no second hold), and a second hand-over finds nothing left to move.
    expect(
      (
        await t.database.query<{ taken: number }>('select taken from slot_capacity where schedule_id = $1', [
          id,
        ])
      )[0]?.taken,
    ).toBe(1);
    expect((await handOver(bearer(patient.token), guestToken)).json.HandedOver).toBe(0);
  });

  it('hands over no more holds than the account has room for (3 live holds)', async () => {
    const id = await createSchedule(t, 1);
    const patient = await createTestPatient(t);
    const mine = ['14:00', '14:30'].map((hm) => `${id}_2026-12-07T${hm}:00.000Z`);
    for (const slotId of mine) {
      expect(
        (
          await t.call({
            method: 'POST',
            url: `${CALENDAR}/slot/reserve`,
            headers: bearer(patient.token),
            payload: { SlotIds: [slotId] },
          })
        ).statusCode,
      ).toBe(200);
    }
    const guestToken = (
      await t.call<{ data: { access_token: string } }>({ method: 'POST', url: '/api/account/login/guest' })
    ).json.data.access_token;
    for (const hm of ['15:00', '15:30', '16:00']) {
      expect(
        (
          await t.call({
            method: 'POST',
            url: `${CALENDAR}/slot/reserve`,
            headers: bearer(guestToken),
            payload: { SlotIds: [`${id}_2026-12-07T${hm}:00.000Z`] },
          })
        ).statusCode,
      ).toBe(200);
    }
    const moved = await t.call<{ HandedOver: number }>({
      method: 'POST',
      url: `${CALENDAR}/slot/hand-over`,
      headers: bearer(patient.token),
      payload: { GuestToken: guestToken },
    });
    expect(moved.json.HandedOver).toBe(1);
    const live = await t.database.query<{ n: number }>(
      'select count(*)::int as n from slot_holds where session_id = $1',
      [`user:sub-${patient.id}`],
    );
    expect(live[0]!.n).toBe(3);
  });

  for (const capacity of [1, 3]) {
    it(`lets exactly ${capacity} of 50 concurrent holds win a slot of capacity ${capacity}, every time`, async () => {
      for (let round = 0; round < 3; round += 1) {
        const id = await createSchedule(t, capacity);
        const slotId = `${id}_2026-11-27T15:00:00.000Z`;
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => hold(t, slotId, `race-${capacity}-${round}-${i}`)),
        );
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 200)).toHaveLength(capacity);
        expect(codes.filter((c) => c === 409)).toHaveLength(50 - capacity);
        for (const r of results.filter((x) => x.statusCode === 409))
          expect(r.json.message).toBe('Could not reserve the selected slot. Please try another slot.');
        const rows = await t.database.query<{ taken: number }>(
          'select taken from slot_capacity where schedule_id = $1',
          [id],
        );
        expect(rows).toEqual([{ taken: capacity }]);
      }
    }, 300_000);
  }
});

describe('calendar: how long a hold lasts (SLOT_HOLD_SECONDS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z', env: { SLOT_HOLD_SECONDS: '45' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends a hold after the configured time instead of the default 10 minutes', async () => {
    const id = await createSchedule(t, 1);
    const slotId = `${id}_2026-11-25T15:00:00.000Z`;
    const held = await hold(t, slotId, 'short-a');
    expect(held.statusCode).toBe(200);
    expect(held.json.ExpiresAt).toBe('2026-11-23T13:40:45.000Z');
    (t.clock as unknown as { advance(ms: number): void }).advance(44_000);
    expect((await hold(t, slotId, 'short-b')).statusCode).toBe(409);
    (t.clock as unknown as { advance(ms: number): void }).advance(2_000);
    expect((await hold(t, slotId, 'short-b')).statusCode).toBe(200);
  });

  it('refuses a setting outside 5 to 3600 seconds, naming it', async () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SLOT_HOLD_SECONDS: '2' })).toThrow(
      /SLOT_HOLD_SECONDS: Too small: expected number to be >=5/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SLOT_HOLD_SECONDS: 'ten' })).toThrow(/SLOT_HOLD_SECONDS/);
    expect(loadConfig({ NODE_ENV: 'test' }).SLOT_HOLD_SECONDS).toBe(600);
  });
});

describe('calendar: holds are rate-limited per client address (HOLD_RATE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T13:40:00Z', env: { HOLD_RATE_LIMIT: '4' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 to the fifth hold in a minute from one address, even with a new guest token each time', async () => {
    const id = await createSchedule(t, 5);
    const codes = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await hold(t, `${id}_2026-11-25T15:00:00.000Z`, `rotating-${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    // Another address is not affected.
    const other = await t.call({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve`,
      remoteAddress: '203.0.113.9',
      headers: await guestHeaders(t.tokens, 'elsewhere'),
      payload: { SlotIds: [`${id}_2026-11-25T15:00:00.000Z`] },
    });
    expect(other.statusCode).toBe(200);
  });
});
