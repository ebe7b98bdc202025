import { z } from 'zod';

/** Calendar slots (patient-booking.md 3.4): times in UTC ISO-8601. */
export const slotSchema = z.object({
  ScheduleId: z.string().uuid(),
  Status: z.enum(['free', 'busy']),
  Start: z.string(),
  End: z.string(),
  Capacity: z.number().int(),
  CapacityAvailable: z.number().int(),
  SlotIds: z.array(z.string()),
});
export type Slot = z.infer<typeof slotSchema>;

const utcDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { message: "must be 'YYYY-MM-DD HH:mm:ss' (UTC)" });

/** Availability query (3.4). EndDate null asks for the next availability. */
export const slotSearchSchema = z.object({
  ScheduleIds: z.array(z.string().uuid()).min(1),
  StartDate: utcDateTime,
  EndDate: utcDateTime.nullable().optional(),
  IsAvailable: z.boolean().default(true),
});
export type SlotSearch = z.infer<typeof slotSearchSchema>;

export const slotListSchema = z.object({ Data: z.array(slotSchema), Total: z.number().int() });

/** A slot to hold or release: the slot's SlotIds (ScheduleId and Start may accompany them). */
export const slotHoldRequestSchema = z.object({ SlotIds: z.array(z.string().min(1)).min(1).max(20) });

export const slotHoldInfoSchema = z.object({ SlotIds: z.array(z.string()), Slot: slotSchema, ExpiresAt: z.string() });
export type SlotHoldInfo = z.infer<typeof slotHoldInfoSchema>;

export const slotReleaseResultSchema = z.object({ Released: z.number().int() });

export const patientIdQuerySchema = z.object({ patientId: z.string().uuid().optional() });

/** update-reserved-slot?PatientId=: the patient a held slot is being booked for. */
export const updateReservedSlotQuerySchema = z.object({ PatientId: z.string().uuid() });

/** validate-reserved-slot?cookieSessionId=&patientId=: is this hold still ours (and this patient's)? */
export const validateReservedSlotQuerySchema = z.object({
  cookieSessionId: z.string().min(1).max(200).optional(),
  patientId: z.string().uuid().optional(),
});

/**
 * A pushed slot event (patient-booking.md 3.4 "Pushed slot event"; 4.4; practice-portal.md 4.7): ids,
 * times and capacities of one slot, never who holds or booked it.
 */
export const slotEventSchema = slotSchema.extend({ Id: z.string(), SlotId: z.string() });
export type SlotEvent = z.infer<typeof slotEventSchema>;

/** SlotDeleted: the slot no longer exists (a schedule edit); the listed ids are gone. */
export const slotDeletedEventSchema = z.object({
  Id: z.string(),
  SlotId: z.string(),
  SlotIds: z.array(z.string()),
  ScheduleId: z.string(),
  Start: z.string(),
});
export type SlotDeletedEvent = z.infer<typeof slotDeletedEventSchema>;

/** ReservedSlotUpdatedEvent: a hold changed (its patient was set); ids and expiry only. */
export const reservedSlotUpdatedEventSchema = z.object({
  SlotId: z.string(),
  SlotIds: z.array(z.string()),
  ScheduleId: z.string(),
  ExpiresAt: z.string(),
});

/** The calendar hub's slot events: the plain ones and their reason-based variants. */
export const SLOT_EVENTS = {
  added: 'SlotAdded',
  updated: 'SlotUpdated',
  deleted: 'SlotDeleted',
} as const;
export const REASON_BASED_SLOT_EVENTS = {
  added: 'ReasonBasedSlotAdded',
  updated: 'ReasonBasedSlotUpdated',
  deleted: 'ReasonBasedSlotDeleted',
} as const;

/** The room of the calendar hub that carries one schedule's slot events. */
export const scheduleRoom = (scheduleId: string) => `schedule:${scheduleId}` as const;

/** A schedule (calendar) as search and profiles need it (3.4): its actor, facility and zone. */
export const scheduleSummarySchema = z.object({
  Id: z.string(),
  PractitionerId: z.string().nullable(),
  LocationId: z.string().nullable(),
  TimeZone: z.string().describe('IANA zone of the facility'),
  SlotMinutes: z.number().int(),
  Capacity: z.number().int(),
  PlanningHorizonDays: z.number().int(),
  SlotHideHours: z.number().int(),
  OnlineBookingEnabled: z.boolean(),
});
export type ScheduleSummary = z.infer<typeof scheduleSummarySchema>;
export const scheduleListSchema = z.object({ Data: z.array(scheduleSummarySchema), Total: z.number().int() });

export const scheduleSearchSchema = z
  .object({
    PractitionerId: z.string().uuid().optional(),
    LocationId: z.string().uuid().optional(),
    Ids: z.array(z.string().uuid()).max(100).optional(),
  })
  .refine((q) => q.PractitionerId || q.LocationId || q.Ids?.length, {
    message: 'one of PractitionerId, LocationId or Ids is required',
    path: ['PractitionerId'],
  });

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

/** The reason 'All' (3.4): id -1 means every reason. */
export const ALL_REASONS_ID = -1;

/** Calendar slot data, the held selection stored as slot_data (3.4). */
export const calendarSlotDataSchema = z.object({
  calendarId: z.string(),
  facilityId: z.string().nullable(),
  time_slot: slotSchema,
  entity: z.object({
    Id: z.string(),
    Type: z.string(),
    Name: z.string(),
    Speciality: z.string().nullable(),
    Photo: z.string().nullable(),
  }),
  selectedReason: z.union([z.string(), z.number()]),
  actorLocationCalendars: z.array(z.string()),
  workflow: z.enum(BOOKING_WORKFLOWS),
  expiresAt: z.string(),
});
export type CalendarSlotData = z.infer<typeof calendarSlotDataSchema>;

/** A countdown (such as the time left on a hold) ticks every 60 s (patient-booking.md §9). */
export const COUNTDOWN_TICK_MS = 60_000;
