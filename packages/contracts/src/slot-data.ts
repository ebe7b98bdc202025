// The held selection (slot_data, 3.4) checked without zod: every booking page reads it from the session before
// it renders, and the booking pages load without the schemas (docs/performance.md, patient pages' initial
// JavaScript). calendarSlotDataSchema (scheduling.ts) is the same shape; slot-data.test.ts holds them to agreeing.
import { VISIT_TYPES } from './constants';
import type { CalendarSlotData } from './scheduling';

/** Booking workflows (patient-booking.md §9); a slot pick sets PRACTICE_PROFILE or PROVIDER_PROFILE (4.3 step 6). */
export const BOOKING_WORKFLOWS = [
  'CALENDAR',
  'PROVIDER_SEARCH',
  'PRACTICE_PROFILE',
  'PROVIDER_PROFILE',
  'EXTERNAL_APP',
  'careslot-iOS',
  'careslot-android',
  'External',
] as const;
export type BookingWorkflow = (typeof BOOKING_WORKFLOWS)[number];

/** An RFC 9562 UUID, as zod's uuid() reads it. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
const isNullable = (check: (v: unknown) => boolean) => (v: unknown) => v === null || check(v);
const isOneOf = (values: readonly string[]) => (v: unknown) => isString(v) && values.includes(v);
const isListOf = (check: (v: unknown) => boolean) => (v: unknown) => Array.isArray(v) && v.every(check);
const isOptional = (check: (v: unknown) => boolean) => (v: unknown) => v === undefined || check(v);
const hasFields = (shape: Record<string, (v: unknown) => boolean>) => (v: unknown) =>
  isObject(v) && Object.entries(shape).every(([key, check]) => check(v[key]));

const isServiceCategory = hasFields({
  Id: isString,
  Name: isString,
  Duration: isInt,
  Capacity: isNullable(isInt),
  CapacityAvailable: isNullable(isInt),
});
const isServiceType = hasFields({
  Id: isString,
  Name: isString,
  Duration: isInt,
  ServiceCategoryId: isNullable(isString),
  VisitType: isOneOf(VISIT_TYPES),
});
const isSlot = hasFields({
  ScheduleId: (v) => isString(v) && UUID.test(v),
  Status: isOneOf(['free', 'busy']),
  Start: isString,
  End: isString,
  Capacity: isInt,
  CapacityAvailable: isInt,
  SlotIds: isListOf(isString),
  SlotVisitType: isOptional(isListOf(isOneOf(VISIT_TYPES))),
  ServiceCategory: isOptional(isListOf(isServiceCategory)),
  ServiceType: isOptional(isListOf(isServiceType)),
});
const isSlotData = hasFields({
  calendarId: isString,
  facilityId: isNullable(isString),
  time_slot: isSlot,
  entity: hasFields({
    Id: isString,
    Type: isString,
    Name: isString,
    Speciality: isNullable(isString),
    Photo: isNullable(isString),
  }),
  selectedReason: (v) => isString(v) || (typeof v === 'number' && Number.isFinite(v)),
  actorLocationCalendars: isListOf(isString),
  workflow: isOneOf(BOOKING_WORKFLOWS),
  expiresAt: isString,
  timeZone: isOptional(isString),
  facility: isOptional(hasFields({ Name: isString, Address: isString })),
  visitType: isOptional(isOneOf(VISIT_TYPES)),
});

/** Whether a value is a held selection (slot_data): what calendarSlotDataSchema accepts. */
export function isCalendarSlotData(value: unknown): value is CalendarSlotData {
  return isSlotData(value);
}
