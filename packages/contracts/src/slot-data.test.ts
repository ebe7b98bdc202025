import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { VISIT_TYPES } from './constants';
import { calendarSlotDataSchema } from './scheduling';
import { BOOKING_WORKFLOWS, isCalendarSlotData } from './slot-data';

const visitType = fc.constantFrom(...VISIT_TYPES);
const nullableString = fc.option(fc.string(), { nil: null });
const int = fc.integer({ min: -5, max: 500 });

/** Held selections as the calendars store them, every optional part present or absent. */
const slotData = fc.record(
  {
    calendarId: fc.string(),
    facilityId: nullableString,
    time_slot: fc.record(
      {
        ScheduleId: fc.uuid(),
        Status: fc.constantFrom('free', 'busy'),
        Start: fc.string(),
        End: fc.string(),
        Capacity: int,
        CapacityAvailable: int,
        SlotIds: fc.array(fc.string(), { maxLength: 3 }),
        SlotVisitType: fc.array(visitType, { maxLength: 3 }),
        ServiceCategory: fc.array(
          fc.record({
            Id: fc.string(),
            Name: fc.string(),
            Duration: int,
            Capacity: fc.option(int, { nil: null }),
            CapacityAvailable: fc.option(int, { nil: null }),
          }),
          { maxLength: 2 },
        ),
        ServiceType: fc.array(
          fc.record({
            Id: fc.string(),
            Name: fc.string(),
            Duration: int,
            ServiceCategoryId: nullableString,
            VisitType: visitType,
          }),
          { maxLength: 2 },
        ),
      },
      { requiredKeys: ['ScheduleId', 'Status', 'Start', 'End', 'Capacity', 'CapacityAvailable', 'SlotIds'] },
    ),
    entity: fc.record({
      Id: fc.string(),
      Type: fc.string(),
      Name: fc.string(),
      Speciality: nullableString,
      Photo: nullableString,
    }),
    selectedReason: fc.oneof(fc.string(), fc.integer()),
    actorLocationCalendars: fc.array(fc.string(), { maxLength: 3 }),
    workflow: fc.constantFrom(...BOOKING_WORKFLOWS),
    expiresAt: fc.string(),
    timeZone: fc.string(),
    facility: fc.record({ Name: fc.string(), Address: fc.string() }),
    visitType,
  },
  {
    requiredKeys: [
      'calendarId',
      'facilityId',
      'time_slot',
      'entity',
      'selectedReason',
      'actorLocationCalendars',
      'workflow',
      'expiresAt',
    ],
  },
);

/** Every path to a value inside a JSON-like value. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [
    prefix,
    ...keys.flatMap((key) => pathsOf((value as Record<string | number, unknown>)[key], [...prefix, key])),
  ];
}

/** A copy of value with the part at path replaced (or, with undefined, removed). */
function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  const inner = replaced(copy[head!], rest, next);
  if (inner === undefined && !Array.isArray(copy)) delete copy[head!];
  else copy[head!] = inner;
  return copy;
}

/** Values that break one part: wrong types, nulls, missing parts, bad ids, bad enum members, non-integers. */
const breakage = fc.constantFrom<unknown>(
  undefined,
  null,
  'x',
  '',
  1.5,
  7,
  Number.NaN,
  true,
  [],
  {},
  ['x'],
  'not-a-uuid',
  'Home',
);

describe('isCalendarSlotData', () => {
  it('accepts every held selection the schema accepts', () => {
    fc.assert(
      fc.property(slotData, (data) => {
        expect(calendarSlotDataSchema.safeParse(data).success).toBe(true);
        expect(isCalendarSlotData(data)).toBe(true);
      }),
    );
  });

  it('agrees with the schema when any one part of a held selection is broken', () => {
    fc.assert(
      fc.property(
        slotData.chain((data) => fc.tuple(fc.constant(data), fc.constantFrom(...pathsOf(data)), breakage)),
        ([data, path, next]) => {
          const broken = replaced(data, path, next);
          expect(isCalendarSlotData(broken)).toBe(calendarSlotDataSchema.safeParse(broken).success);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rejects what is not an object', () => {
    for (const value of [null, undefined, 'slot', 3, [], [{}]]) expect(isCalendarSlotData(value)).toBe(false);
  });
});
