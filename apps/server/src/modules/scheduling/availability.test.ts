import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { availabilityOfPractitioners } from './availability';
import { searchSlots } from './service';

// Friday before the end of daylight saving time in the US (Sunday 1 November 2026, 02:00 → 01:00).
const NOW = new Date('2026-10-30T12:00:00Z');

describe('availability of many schedules', () => {
  let t: TestApp;
  let schedule: { id: string; practitioner_id: string };
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    [schedule] = (await t.database.query<{ id: string; practitioner_id: string }>(
      `select id, practitioner_id from schedules where time_zone = 'America/New_York' and capacity = 1 order by id limit 1`,
    )) as [{ id: string; practitioner_id: string }];
    // Night hours on the Sundays around the change, so the repeated hour has slots.
    await t.database.query(
      `insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, 0, 0, 240)`,
      [schedule.id],
    );
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('lists the same slots as the single-schedule search across a daylight-saving change', async () => {
    const [mine] = (
      await availabilityOfPractitioners(t.database, {
        practitionerIds: [schedule.practitioner_id],
        fromDay: '2026-10-30',
        days: 5,
        now: NOW,
        perDay: 100,
        lookAheadDays: 90,
      })
    ).filter((a) => a.scheduleId === schedule.id);
    const reference = await searchSlots(t.database, {
      scheduleIds: [schedule.id],
      from: new Date('2026-10-30T04:00:00Z'),
      to: new Date('2026-11-04T05:00:00Z'),
      now: NOW,
      isAvailable: true,
    });
    expect(mine!.slots.map((s) => s.Start)).toEqual(reference.map((s) => s.Start));
    // Sunday 1 November, 00:00 to 04:00 local: eight wall times; the repeated 01:00 hour gives its first
    // occurrence only (decision 0006), so 01:00 EDT follows 00:30 EDT and 02:00 EST follows 01:30 EDT.
    const sunday = mine!.slots
      .filter((s) => s.Start.startsWith('2026-11-01'))
      .map((s) => s.Start.slice(11, 16));
    expect(sunday).toEqual(['04:00', '04:30', '05:00', '05:30', '07:00', '07:30', '08:00', '08:30']);
  });

  it('cuts each local day to the given number of slots and skips taken ones', async () => {
    const first = '2026-10-30T14:00:00.000Z';
    await t.database.query(
      'insert into slot_capacity (schedule_id, start_at, capacity, taken) values ($1, $2, 1, 1)',
      [schedule.id, first],
    );
    const [mine] = (
      await availabilityOfPractitioners(t.database, {
        practitionerIds: [schedule.practitioner_id],
        fromDay: '2026-10-30',
        days: 1,
        now: NOW,
        perDay: 3,
        lookAheadDays: 90,
      })
    ).filter((a) => a.scheduleId === schedule.id);
    // 09:00 EDT is 13:00 UTC; the 10:00 slot is taken.
    expect(mine!.slots.map((s) => s.Start)).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-10-30T13:30:00.000Z',
      '2026-10-30T14:30:00.000Z',
    ]);
    expect(mine!.nextAvailable).toBe('2026-10-30T13:00:00.000Z');
  });
  it('finds the next availability past a listed week that is fully taken', async () => {
    const week = { practitionerIds: [schedule.practitioner_id], now: NOW, perDay: 100, lookAheadDays: 90 };
    const mine = async (fromDay: string, days: number) =>
      (await availabilityOfPractitioners(t.database, { ...week, fromDay, days })).find(
        (a) => a.scheduleId === schedule.id,
      )!;
    // Take every slot of Monday 2 November and the first one of Tuesday.
    const monday = (await mine('2026-11-02', 1)).slots.map((s) => s.Start);
    const tuesday = (await mine('2026-11-03', 1)).slots.map((s) => s.Start);
    expect(monday.length).toBeGreaterThan(0);
    expect(tuesday.length).toBeGreaterThan(1);
    await t.database.query(
      `insert into slot_capacity (schedule_id, start_at, capacity, taken) select $1, t, 1, 1 from unnest($2::timestamptz[]) as t`,
      [schedule.id, [...monday, tuesday[0]]],
    );
    const listed = await mine('2026-11-02', 1);
    expect(listed.slots).toEqual([]);
    expect(listed.nextAvailable).toBe(tuesday[1]);
    // The same as reading the whole look-ahead at once (no week listed).
    expect((await mine('2026-11-02', 0)).nextAvailable).toBe(tuesday[1]);
  });
});
