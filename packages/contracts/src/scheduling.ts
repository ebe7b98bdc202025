import { z } from 'zod';
import { isoInstant as isoDateTime, realCalendarDay } from './input';
import { REGIONS, VISIT_TYPES } from './constants';
import { BOOKING_WORKFLOWS } from './slot-data';

/**
 * A service category of a slot (3.4): when categories carry capacities, each counts its own places and
 * the slot's Capacity and CapacityAvailable are their sums; otherwise both are null.
 */
export const slotServiceCategorySchema = z.object({
  Id: z.string(),
  Name: z.string(),
  Duration: z.number().int(),
  Capacity: z.number().int().nullable(),
  CapacityAvailable: z.number().int().nullable(),
});
export type SlotServiceCategory = z.infer<typeof slotServiceCategorySchema>;

/** A service type (reason) of a slot (3.4). */
export const slotServiceTypeSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  Duration: z.number().int(),
  ServiceCategoryId: z.string().nullable(),
  VisitType: z.enum(VISIT_TYPES),
});
export type SlotServiceType = z.infer<typeof slotServiceTypeSchema>;

/** Calendar slots (patient-booking.md 3.4): times in UTC ISO-8601. */
export const slotSchema = z.object({
  ScheduleId: z.string().uuid(),
  Status: z.enum(['free', 'busy']),
  Start: z.string(),
  End: z.string(),
  Capacity: z.number().int(),
  CapacityAvailable: z.number().int(),
  SlotIds: z.array(z.string()),
  SlotVisitType: z.array(z.enum(VISIT_TYPES)).optional(),
  ServiceCategory: z.array(slotServiceCategorySchema).optional(),
  ServiceType: z.array(slotServiceTypeSchema).optional(),
});
export type Slot = z.infer<typeof slotSchema>;

const utcDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { message: "must be 'YYYY-MM-DD HH:mm:ss' (UTC)" })
  .refine(...realCalendarDay);

/**
 * Availability query (3.4). EndDate null asks for the next availability. The schedules are named by
 * ScheduleIds, or found by LocationId and/or EntityId (the actor); ServiceTypeId narrows every slot to
 * that reason (and its category's capacity), VisitType to schedules offering it. The reason 'All' (-1)
 * means no narrowing.
 */
export const slotSearchSchema = z
  .object({
    ScheduleIds: z.array(z.string().uuid()).max(200).default([]),
    LocationId: z.string().uuid().nullable().optional(),
    EntityId: z.string().uuid().nullable().optional(),
    VisitType: z.enum(VISIT_TYPES).nullable().optional(),
    StartDate: utcDateTime,
    EndDate: utcDateTime.nullable().optional(),
    ServiceTypeId: z
      .union([z.string().uuid(), z.literal(-1), z.literal('-1')])
      .nullable()
      .optional(),
    ServiceTypeDuration: z.number().int().min(0).max(1440).default(0),
    TimeZone: z.string().max(64).nullable().optional(),
    IsAvailable: z.boolean().default(true),
  })
  .refine((q) => q.ScheduleIds.length > 0 || q.LocationId || q.EntityId, {
    message: 'one of ScheduleIds, LocationId or EntityId is required',
    path: ['ScheduleIds'],
  });
export type SlotSearch = z.infer<typeof slotSearchSchema>;

export const slotListSchema = z.object({ Data: z.array(slotSchema), Total: z.number().int() });

/**
 * A slot to hold or release: the slot's SlotIds (the rest of the slot may accompany them). A hold narrowed
 * to a reason (4.3 step 2) carries its ServiceType and ServiceCategory and takes that category's place; a
 * hold for 'All' carries none and takes a place of any category with room.
 */
export const slotHoldRequestSchema = z.object({
  SlotIds: z.array(z.string().min(1)).min(1).max(20),
  ServiceCategory: z
    .array(z.object({ Id: z.string().max(100) }).passthrough())
    .max(10)
    .optional(),
  ServiceType: z
    .array(z.object({ Id: z.string().max(100) }).passthrough())
    .max(10)
    .optional(),
});

export const slotHoldInfoSchema = z.object({
  SlotIds: z.array(z.string()),
  Slot: slotSchema,
  ExpiresAt: z.string(),
});
export type SlotHoldInfo = z.infer<typeof slotHoldInfoSchema>;

export const slotReleaseResultSchema = z.object({ Released: z.number().int() });

/**
 * slot/hand-over: a guest who held a time and then signed in or registered (patient-booking.md §4.8 steps 5
 * and 8) proves the guest session with its guest token; the holds it made move to the signed-in session.
 */
export const slotHandOverRequestSchema = z.object({ GuestToken: z.string().min(1).max(4096) });
export const slotHandOverResultSchema = z.object({ HandedOver: z.number().int() });

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

export const SCHEDULE_ACTOR_TYPES = ['Practitioner', 'HealthCareService'] as const;
export const SCHEDULE_EXCEPTION_KINDS = ['TimeOff', 'Holiday'] as const;
export type ScheduleExceptionKind = (typeof SCHEDULE_EXCEPTION_KINDS)[number];

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: "must be 'HH:mm' (00:00 to 24:00)" });
const isoInstant = isoDateTime('must be an ISO-8601 date-time with a zone, e.g. 2026-12-24T00:00:00.000Z');

/** Working hours of one weekday (0 = Sunday), in the facility's local time. */
export const workingHoursSchema = z.object({
  DayOfWeek: z.number().int().min(0).max(6),
  Start: hhmm,
  End: hhmm,
});
export type WorkingHoursInput = z.infer<typeof workingHoursSchema>;

/** Time off or a holiday: no slot starts or runs inside [Start, End). */
export const scheduleExceptionSchema = z.object({
  Id: z.string(),
  ScheduleId: z.string(),
  Kind: z.enum(SCHEDULE_EXCEPTION_KINDS),
  Start: z.string(),
  End: z.string(),
  Note: z.string().nullable(),
});
export type ScheduleException = z.infer<typeof scheduleExceptionSchema>;
export const scheduleExceptionInputSchema = z
  .object({
    Kind: z.enum(SCHEDULE_EXCEPTION_KINDS).default('TimeOff'),
    Start: isoInstant,
    End: isoInstant,
    Note: z.string().trim().max(500).nullable().optional(),
  })
  .refine((e) => Date.parse(e.End) > Date.parse(e.Start), {
    message: 'End must be after Start',
    path: ['End'],
  })
  .refine((e) => Date.parse(e.End) - Date.parse(e.Start) <= 366 * 86_400_000, {
    message: 'an exception lasts at most 366 days',
    path: ['End'],
  });
export type ScheduleExceptionInput = z.infer<typeof scheduleExceptionInputSchema>;

/** Service category (practice-portal.md 3.4): Duration in minutes; Capacity null when it has none. */
export const serviceCategorySchema = z.object({
  Id: z.string(),
  OrganizationId: z.string(),
  Name: z.string(),
  Duration: z.number().int(),
  Capacity: z.number().int().nullable(),
});
export type ServiceCategory = z.infer<typeof serviceCategorySchema>;
export const serviceCategoryInputSchema = z.object({
  Name: z.string().trim().min(1).max(200),
  Duration: z.number().int().min(5).max(480),
  Capacity: z.number().int().min(1).max(100).nullable().optional(),
});
export const serviceCategorySearchSchema = z.object({
  OrganizationId: z.string().uuid().optional(),
  ScheduleId: z.string().uuid().optional(),
  Ids: z.array(z.string().uuid()).max(200).optional(),
  Name: z.string().trim().max(200).optional(),
});

/** Service type, the booking reason (3.4). The reason 'All' (id -1) is not stored: it means every type. */
export const serviceTypeSchema = z.object({
  Id: z.string(),
  OrganizationId: z.string(),
  Name: z.string(),
  Alias: z.string().nullable(),
  Duration: z.number().int(),
  ServiceCategoryId: z.string().nullable(),
  VisitType: z.enum(VISIT_TYPES),
  Services: z.array(z.string()),
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;
export const serviceTypeInputSchema = z.object({
  Name: z.string().trim().min(1).max(200),
  Alias: z.string().trim().max(200).nullable().optional(),
  Duration: z.number().int().min(5).max(480),
  ServiceCategoryId: z.string().uuid().nullable().optional(),
  VisitType: z.enum(VISIT_TYPES).default('Office'),
  Services: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
});
export const serviceTypeSearchSchema = serviceCategorySearchSchema.extend({
  ServiceCategoryId: z.string().uuid().optional(),
  VisitType: z.enum(VISIT_TYPES).optional(),
});
/** PUT servicetype/serviceCategory/{id}: these types move into the category. */
export const serviceTypeCategoryAssignSchema = z.object({
  ServiceTypeIds: z.array(z.string().uuid()).min(1).max(200),
});
/** PUT schedule/{id}/update-services: the service types (reasons) the schedule offers, replacing the list. */
export const scheduleServicesSchema = z.object({ ServiceTypeIds: z.array(z.string().uuid()).max(200) });

/**
 * Writing schedule settings (3.4): POST schedulesetting names the schedule; PUT schedulesetting/{id} takes
 * the schedule's id (a schedule has exactly one set of settings, kept on the schedule). Both answer what
 * GET schedulesetting/schedule/{id} answers.
 */
export const scheduleSettingUpdateSchema = z.object({
  CollectPatientDemographics: z.boolean().optional(),
  EnableInsurance: z.boolean().optional(),
  EnableSelfPay: z.boolean().optional(),
  /** May a patient booked elsewhere at the same minute also be booked on this calendar? Off by default. */
  AllowConcurrentBookings: z.boolean().optional(),
});
export const scheduleSettingCreateSchema = scheduleSettingUpdateSchema.extend({
  ScheduleId: z.string().uuid(),
});

/**
 * A schedule (calendar) as the spec lists it (patient-booking.md and practice-portal.md 3.4), plus the
 * fields a practice edits: working hours, exceptions, slot length and capacity. requires_approval is the
 * approval setting: online bookings start Pending until the practice accepts them.
 */
export const scheduleSchema = scheduleSummarySchema.extend({
  Name: z.string().nullable(),
  OrganizationId: z.string().nullable(),
  HealthcareServiceId: z.string().nullable(),
  Identifier: z.array(z.object({ System: z.string(), Value: z.string() })),
  Specialty: z.array(z.string()),
  VisitType: z.array(z.enum(VISIT_TYPES)),
  Actor: z.array(z.object({ Type: z.enum(SCHEDULE_ACTOR_TYPES), Id: z.string() })),
  ApprovalSettings: z.object({ RequiresApproval: z.boolean(), Mode: z.enum(['AutoConfirm', 'Pending']) }),
  requires_approval: z.boolean(),
  ServiceCategory: z.array(serviceCategorySchema),
  ServiceType: z.array(serviceTypeSchema),
  PlanningHorizon: z.array(z.object({ Start: z.string(), End: z.string() })),
  supported_regions: z.array(z.enum(REGIONS)),
  WorkingHours: z.array(workingHoursSchema),
  Exceptions: z.array(scheduleExceptionSchema),
  Version: z.number().int(),
});
export type Schedule = z.infer<typeof scheduleSchema>;
export const scheduleListSchema = z.object({ Data: z.array(scheduleSchema), Total: z.number().int() });

const scheduleFields = {
  Name: z.string().trim().min(1).max(200).nullable().optional(),
  LocationId: z.string().uuid(),
  TimeZone: z.string().max(64).optional(),
  SlotMinutes: z.number().int().min(5).max(480).default(30),
  Capacity: z.number().int().min(1).max(100).default(1),
  PlanningHorizonDays: z.number().int().min(1).max(730).default(90),
  SlotHideHours: z.number().int().min(0).max(8760).default(0),
  OnlineBookingEnabled: z.boolean().default(true),
  requires_approval: z.boolean().default(false),
  VisitType: z.array(z.enum(VISIT_TYPES)).min(1).max(3).default(['Office']),
  supported_regions: z.array(z.enum(REGIONS)).min(1).max(2).default(['US']),
  Specialty: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  Identifier: z
    .array(z.object({ System: z.string().trim().min(1).max(200), Value: z.string().trim().min(1).max(200) }))
    .max(10)
    .default([]),
  WorkingHours: z.array(workingHoursSchema).max(50).default([]),
};
/** POST schedule: the actor (one practitioner or healthcare service) and the facility. */
export const scheduleCreateSchema = z.object({
  ...scheduleFields,
  Actor: z.array(z.object({ Type: z.enum(SCHEDULE_ACTOR_TYPES), Id: z.string().uuid() })).length(1),
});
export type ScheduleCreate = z.infer<typeof scheduleCreateSchema>;
/** PUT schedule/{id}: the fields to change (the actor stays). */
export const scheduleUpdateSchema = z.object({
  Name: scheduleFields.Name,
  LocationId: scheduleFields.LocationId.optional(),
  TimeZone: scheduleFields.TimeZone,
  SlotMinutes: z.number().int().min(5).max(480).optional(),
  Capacity: z.number().int().min(1).max(100).optional(),
  PlanningHorizonDays: z.number().int().min(1).max(730).optional(),
  SlotHideHours: z.number().int().min(0).max(8760).optional(),
  OnlineBookingEnabled: z.boolean().optional(),
  requires_approval: z.boolean().optional(),
  VisitType: z.array(z.enum(VISIT_TYPES)).min(1).max(3).optional(),
  supported_regions: z.array(z.enum(REGIONS)).min(1).max(2).optional(),
  Specialty: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
  Identifier: scheduleFields.Identifier.unwrap().optional(),
  WorkingHours: z.array(workingHoursSchema).max(50).optional(),
});
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>;

export const scheduleSearchSchema = z
  .object({
    PractitionerId: z.string().uuid().optional(),
    HealthcareServiceId: z.string().uuid().optional(),
    LocationId: z.string().uuid().optional(),
    OrganizationId: z.string().uuid().optional(),
    Ids: z.array(z.string().uuid()).max(100).optional(),
  })
  .refine(
    (q) => q.PractitionerId || q.HealthcareServiceId || q.LocationId || q.OrganizationId || q.Ids?.length,
    {
      message: 'one of PractitionerId, HealthcareServiceId, LocationId, OrganizationId or Ids is required',
      path: ['PractitionerId'],
    },
  );

/** Calendar slot data, the held selection stored as slot_data (3.4); isCalendarSlotData (slot-data.ts) checks the same shape without zod. */
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
  /** The facility's IANA zone, so a page without the schedule (the login summary) writes the time as picked. */
  timeZone: z.string().optional(),
  /** The office the time belongs to, as the card or profile showed it. */
  facility: z.object({ Name: z.string(), Address: z.string() }).optional(),
  /** The visit type the patient searched for (the results' filter), which the booking carries (issue 30). */
  visitType: z.enum(VISIT_TYPES).optional(),
});
export type CalendarSlotData = z.infer<typeof calendarSlotDataSchema>;
