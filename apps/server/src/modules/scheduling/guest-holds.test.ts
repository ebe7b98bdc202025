import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, guestHeaders, type TestApp } from '../../testing/app';
import { createTestPatient } from '../../testing/patients';

/**
 * Issue 24 item 4: a fresh guest token per hold costs nothing, so guest holds need a ticket per client address
 * and per calendar (guest-holds.ts). Four addresses cannot take a calendar of 42 open slots.
 */

const CALENDAR = '/careslot-calendar/api/v2';
const PER_ADDRESS = 6;
const PER_CALENDAR = 8;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    now: '2026-11-23T13:40:00Z', // Monday 08:40 in New York
    env: { GUEST_HOLDS_PER_ADDRESS: String(PER_ADDRESS), GUEST_HOLDS_PER_CALENDAR: String(PER_CALENDAR) },
  });
}, 60_000);
afterAll(() => t.close());

/** A calendar open Mon-Fri 09:00-12:00 in New York, 30-minute slots of one place: 42 slots over 7 working days. */
async function calendar(): Promise<{ id: string; slotIds: string[] }> {
  const id = randomUUID();
  await t.database.query(
    `insert into schedules (id, time_zone, slot_minutes, capacity, planning_horizon_days) values ($1, 'America/New_York', 30, 1, 60)`,
    [id],
  );
  for (let weekday = 1; weekday <= 5; weekday += 1)
    await t.database.query(
      'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
      [id, weekday],
    );
  const days = ['11-24', '11-25', '11-26', '11-27', '11-30', '12-01', '12-02'];
  const times = ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30'];
  return { id, slotIds: days.flatMap((d) => times.map((hm) => `${id}_2026-${d}T${hm}:00.000Z`)) };
}

/** One hold from a client address with a brand-new guest token, as the abuser did. */
async function guestHold(slotId: string, address: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `${CALENDAR}/slot/reserve`,
    remoteAddress: address,
    headers: await guestHeaders(t.tokens, randomUUID()),
    payload: { SlotIds: [slotId] },
  });
  return {
    status: answer.statusCode,
    body: answer.json<{ ExpiresAt?: string; errors?: { field: string; rule: string }[] }>(),
  };
}

describe('guest holds cost a ticket of the address and of the calendar', () => {
  it('four addresses with a fresh guest token per hold cannot take a calendar of 42 slots', async () => {
    const { slotIds } = await calendar();
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    const heldBy = new Map<string, number>(addresses.map((a) => [a, 0]));
    const refusals: string[] = [];
    for (const [index, slotId] of slotIds.entries()) {
      const address = addresses[index % addresses.length]!;
      const answer = await guestHold(slotId, address);
      if (answer.status === 200) heldBy.set(address, heldBy.get(address)! + 1);
      else {
        expect(answer.status).toBe(409);
        refusals.push(answer.body.errors?.[0]?.rule ?? 'none');
      }
    }
    const held = [...heldBy.values()].reduce((a, b) => a + b, 0);
    expect(held).toBe(PER_CALENDAR);
    expect(slotIds.length - held).toBe(34);
    expect(new Set(refusals)).toEqual(new Set(['guest_hold_limit']));

    // A signed-in patient still holds one of the 34 slots left open.
    const patient = await createTestPatient(t);
    const own = await t.call({
      method: 'POST',
      url: `${CALENDAR}/slot/reserve`,
      headers: bearer(patient.token),
      payload: { SlotIds: [slotIds[41]] },
    });
    expect(own.statusCode).toBe(200);
  });

  it('one address holds at most its ceiling across calendars, whatever its tokens; a guest hold lasts 5 minutes', async () => {
    const address = '198.51.100.7';
    const first = await calendar();
    const second = await calendar();
    const answers = [];
    for (const slotId of [...first.slotIds.slice(0, 4), ...second.slotIds.slice(0, 4)])
      answers.push(await guestHold(slotId, address));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 409, 409]);
    expect(answers[6]!.body.errors).toEqual([
      expect.objectContaining({ field: 'SlotIds', rule: 'guest_hold_limit' }),
    ]);
    expect(new Date(answers[0]!.body.ExpiresAt!).getTime() - t.clock.now().getTime()).toBe(5 * 60_000);
    // Another address is not held back by this one.
    expect((await guestHold(second.slotIds[5]!, '198.51.100.8')).status).toBe(200);
  });

  it('parallel guest holds from many addresses stop at the calendar ceiling', async () => {
    const { slotIds } = await calendar();
    const answers = await Promise.all(
      slotIds.slice(0, 20).map((slotId, i) => guestHold(slotId, `192.0.2.${i + 1}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_CALENDAR);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
  });
});
