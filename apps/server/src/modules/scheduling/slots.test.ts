import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateSlots, LEAD_TIME_MS, offeredSlots, type OfferRules, type WorkingHours } from './slots';

/** Wall-clock weekday and minute of an instant in a zone, read through Intl (not the code under test). */
const walls = new Map<string, Intl.DateTimeFormat>();
function wallOf(timeZone: string, at: Date): { weekday: number; minute: number; date: string } {
  let format = walls.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    walls.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  return {
    weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'America/Sao_Paulo',
];

/** Windows that straddle daylight-saving changes somewhere (March, April, October, November) or none. */
const WINDOW_STARTS = [
  '2026-03-05',
  '2026-03-26',
  '2026-04-02',
  '2026-09-30',
  '2026-10-22',
  '2026-10-29',
  '2027-03-11',
  '2026-07-01',
].map((d) => Date.parse(`${d}T00:00:00Z`));

const periodArb = fc
  .record({
    weekday: fc.integer({ min: 0, max: 6 }),
    startMinute: fc.integer({ min: 0, max: 1430 }),
    length: fc.integer({ min: 5, max: 600 }),
  })
  .map(({ weekday, startMinute, length }) => ({
    weekday,
    startMinute,
    endMinute: Math.min(1440, startMinute + length),
  }));

const rulesArb = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    slotMinutes: fc.constantFrom(5, 10, 15, 20, 25, 30, 45, 60, 90, 120),
    hours: fc.array(periodArb, { minLength: 1, maxLength: 6 }),
    windowStart: fc.constantFrom(...WINDOW_STARTS),
    windowDays: fc.integer({ min: 1, max: 12 }),
    nowOffsetMinutes: fc.integer({ min: -3 * 1440, max: 5 * 1440 }),
    slotHideHours: fc.integer({ min: 0, max: 72 }),
    planningHorizonDays: fc.integer({ min: 1, max: 30 }),
    exceptions: fc.array(
      fc.record({
        startOffsetMinutes: fc.integer({ min: -1440, max: 14 * 1440 }),
        lengthMinutes: fc.integer({ min: 1, max: 3 * 1440 }),
      }),
      {
        maxLength: 4,
      },
    ),
  })
  .map((r) => {
    const from = new Date(r.windowStart);
    const rules: OfferRules = {
      timeZone: r.timeZone,
      slotMinutes: r.slotMinutes,
      hours: r.hours,
      slotHideHours: r.slotHideHours,
      planningHorizonDays: r.planningHorizonDays,
      exceptions: r.exceptions.map((e) => {
        const start = new Date(r.windowStart + e.startOffsetMinutes * 60_000);
        return { start, end: new Date(start.getTime() + e.lengthMinutes * 60_000) };
      }),
    };
    return {
      rules,
      range: {
        from,
        to: new Date(r.windowStart + r.windowDays * 86_400_000),
        now: new Date(r.windowStart + r.nowOffsetMinutes * 60_000),
      },
    };
  });

function insideWorkingHours(
  hours: WorkingHours[],
  timeZone: string,
  slotMinutes: number,
  start: Date,
): boolean {
  const wall = wallOf(timeZone, start);
  return hours.some(
    (p) =>
      p.weekday === wall.weekday &&
      wall.minute >= p.startMinute &&
      wall.minute + slotMinutes <= p.endMinute &&
      (wall.minute - p.startMinute) % slotMinutes === 0,
  );
}

describe('slot generation properties', () => {
  it('never yields a slot outside working hours, inside an exception, or overlapping another of the same schedule', () => {
    fc.assert(
      fc.property(rulesArb, ({ rules, range }) => {
        const slots = offeredSlots(rules, range);
        for (let i = 0; i < slots.length; i += 1) {
          const slot = slots[i]!;
          expect(slot.end.getTime() - slot.start.getTime()).toBe(rules.slotMinutes * 60_000);
          expect(
            insideWorkingHours(rules.hours, rules.timeZone, rules.slotMinutes, slot.start),
            slot.start.toISOString(),
          ).toBe(true);
          for (const e of rules.exceptions)
            expect(
              slot.start < e.end && slot.end > e.start,
              `${slot.start.toISOString()} in an exception`,
            ).toBe(false);
          if (i > 0) expect(slot.start.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.end.getTime());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('blocks a slot that starts before the asked range ends and runs into an exception starting at its end (found by the property)', () => {
    const rules = {
      timeZone: 'Pacific/Honolulu',
      slotMinutes: 5,
      hours: [{ weekday: 4, startMinute: 746, endMinute: 841 }],
      slotHideHours: 0,
      planningHorizonDays: 1,
      exceptions: [
        { start: new Date('2026-03-06T00:00:00.000Z'), end: new Date('2026-03-06T00:01:00.000Z') },
      ],
    };
    const range = {
      from: new Date('2026-03-05T00:00:00.000Z'),
      to: new Date('2026-03-06T00:00:00.000Z'),
      now: new Date('2026-03-05T00:00:00.000Z'),
    };
    const starts = offeredSlots(rules, range).map((slot) => slot.start.toISOString());
    expect(starts).toContain('2026-03-05T23:51:00.000Z');
    expect(starts).not.toContain('2026-03-05T23:56:00.000Z');
  });

  it('respects now + 30 minutes, SlotHideHours, the planning horizon and the asked range', () => {
    fc.assert(
      fc.property(rulesArb, ({ rules, range }) => {
        const earliest = range.now.getTime() + Math.max(LEAD_TIME_MS, rules.slotHideHours * 3_600_000);
        const latest = range.now.getTime() + rules.planningHorizonDays * 86_400_000;
        for (const slot of offeredSlots(rules, range)) {
          expect(slot.start.getTime()).toBeGreaterThanOrEqual(Math.max(earliest, range.from.getTime()));
          expect(slot.start.getTime()).toBeLessThan(Math.min(latest, range.to.getTime()));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('daylight-saving changes', () => {
  // [zone, spring-forward local day, autumn fall-back local day] in 2026.
  const TRANSITIONS: [string, string, string][] = [
    ['America/New_York', '2026-03-08', '2026-11-01'],
    ['America/Chicago', '2026-03-08', '2026-11-01'],
    ['America/Denver', '2026-03-08', '2026-11-01'],
    ['America/Los_Angeles', '2026-03-08', '2026-11-01'],
    ['America/Anchorage', '2026-03-08', '2026-11-01'],
    ['Europe/London', '2026-03-29', '2026-10-25'],
    ['Europe/Berlin', '2026-03-29', '2026-10-25'],
  ];
  const dayRange = (day: string) => ({
    from: new Date(`${day}T00:00:00Z`),
    days: (n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000),
  });
  const everyDay = (startMinute: number, endMinute: number): WorkingHours[] =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute, endMinute }));

  for (const [zone, spring, autumn] of TRANSITIONS) {
    it(`${zone}: 09:00 stays 09:00 local across ${spring} and ${autumn}, one hour earlier or later in UTC`, () => {
      for (const day of [spring, autumn]) {
        const { days } = dayRange(day);
        const slots = generateSlots({
          timeZone: zone,
          slotMinutes: 60,
          hours: everyDay(540, 600),
          from: days(-3),
          to: days(4),
        });
        expect(slots.length).toBeGreaterThanOrEqual(6);
        for (const slot of slots) expect(wallOf(zone, slot.start).minute).toBe(540);
        const utcHours = new Set(slots.map((s) => s.start.getUTCHours()));
        expect(utcHours.size).toBe(2);
      }
    });

    it(`${zone}: the skipped hour on ${spring} yields no slot, the repeated hour on ${autumn} yields each slot once`, () => {
      const night = everyDay(0, 240); // 00:00-04:00 local, 30-minute slots
      const springSlots = generateSlots({
        timeZone: zone,
        slotMinutes: 30,
        hours: night,
        from: dayRange(spring).days(-1),
        to: dayRange(spring).days(2),
      }).filter((s) => wallOf(zone, s.start).date === spring);
      const autumnSlots = generateSlots({
        timeZone: zone,
        slotMinutes: 30,
        hours: night,
        from: dayRange(autumn).days(-1),
        to: dayRange(autumn).days(2),
      }).filter((s) => wallOf(zone, s.start).date === autumn);
      // Spring: one wall hour does not exist (02:00 in America, 01:00 in Europe): 8 wall slots, 6 real ones.
      expect(springSlots).toHaveLength(6);
      // Autumn: every wall slot once (the repeated hour at its first occurrence), never overlapping.
      expect(autumnSlots.map((s) => wallOf(zone, s.start).minute)).toEqual([
        0, 30, 60, 90, 120, 150, 180, 210,
      ]);
      for (let i = 1; i < autumnSlots.length; i += 1)
        expect(autumnSlots[i]!.start.getTime()).toBeGreaterThanOrEqual(autumnSlots[i - 1]!.end.getTime());
    });
  }

  it('Australia/Sydney changes the other way round: back in April, forward in October', () => {
    const april = generateSlots({
      timeZone: 'Australia/Sydney',
      slotMinutes: 60,
      hours: everyDay(540, 600),
      from: new Date('2026-04-02T00:00:00Z'),
      to: new Date('2026-04-08T00:00:00Z'),
    });
    expect(new Set(april.map((s) => s.start.getUTCHours()))).toEqual(new Set([22, 23]));
    const october = generateSlots({
      timeZone: 'Australia/Sydney',
      slotMinutes: 60,
      hours: everyDay(540, 600),
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2026-10-07T00:00:00Z'),
    });
    expect(new Set(october.map((s) => s.start.getUTCHours()))).toEqual(new Set([22, 23]));
    for (const slot of [...april, ...october])
      expect(wallOf('Australia/Sydney', slot.start).minute).toBe(540);
  });

  it('America/Phoenix keeps one UTC hour all year', () => {
    const slots = generateSlots({
      timeZone: 'America/Phoenix',
      slotMinutes: 60,
      hours: everyDay(540, 600),
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-11-10T00:00:00Z'),
    });
    expect(new Set(slots.map((s) => s.start.getUTCHours()))).toEqual(new Set([16]));
  });
});
