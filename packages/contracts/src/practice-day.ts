import { z } from 'zod';
import { calendarDate, isoInstant } from './input';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, SCHEDULE_TYPES } from './constants';
import { dataList } from './envelope';
import { genderSchema } from './directory';
import { PARTICIPANT_TYPES } from './appointments';

/**
 * The practice's day (practice-portal.md §2.6, §7 Appointments): the appointment search of the practice side,
 * the provider's counts, the check-in list, the walk-in queue, booking on behalf of a patient (OfficeAppointments,
 * workflow Practice_Staff_Appointment_Web), adding a participant and blocking time off on a schedule.
 * Every call is scoped to the caller's practice (the PracticeId claim).
 */

const isoDateTime = isoInstant('must be an ISO-8601 date-time with a zone, e.g. 2026-11-24T15:00:00.000Z');
const localDate = calendarDate('must be a date as YYYY-MM-DD');

/** The widest range one search may cover: a month view's six weeks (42 days, an hour more across a clock change), with room to spare. */
export const PRACTICE_SEARCH_MAX_DAYS = 45;
/** The patient hotlist of the provider dashboard (constants.md: patient_hotlist_count 10). */
export const PATIENT_HOTLIST_COUNT = 10;

/** The statuses a practice moves a visit through from the calendar (issue 7: Arrived, Checked-In, Checked-Out, No-Show, Canceled). */
export const VISIT_STATUS_ACTIONS = ['Arrived', 'Checked-In', 'Checked-Out', 'No-Show', 'Canceled'] as const;
export type VisitStatusAction = (typeof VISIT_STATUS_ACTIONS)[number];

/** The audit workflow of a booking made by the practice for a patient (constants.md). */
export const PRACTICE_STAFF_APPOINTMENT_WORKFLOW = 'Practice_Staff_Appointment_Web';
export const CALENDAR_WORKFLOW = 'Calendar_Web';

/** POST appointments/advance-search (practice side): the practice's appointments in a range, by the filters given. */
export const practiceAppointmentSearchSchema = z
  .object({
    From: isoDateTime,
    To: isoDateTime,
    ProviderIds: z.array(z.uuid()).max(100).optional(),
    ResourceIds: z.array(z.uuid()).max(100).optional(),
    LocationIds: z.array(z.uuid()).max(100).optional(),
    Statuses: z.array(z.enum(APPOINTMENT_STATUSES)).max(APPOINTMENT_STATUSES.length).optional(),
    ScheduleTypes: z.array(z.enum(SCHEDULE_TYPES)).max(2).optional(),
    PatientId: z.uuid().optional(),
    Offset: z
      .number()
      .int()
      .min(0)
      .default(1)
      .describe("1-based page (the spec's base paging); 0 and 1 both mean the first page"),
    Limit: z.number().int().min(1).max(1000).default(500),
  })
  .refine((q) => Date.parse(q.To) > Date.parse(q.From), { message: 'must be after From', path: ['To'] })
  .refine((q) => Date.parse(q.To) - Date.parse(q.From) <= PRACTICE_SEARCH_MAX_DAYS * 86_400_000, {
    message: `may cover at most ${PRACTICE_SEARCH_MAX_DAYS} days`,
    path: ['To'],
  });
export type PracticeAppointmentSearch = z.infer<typeof practiceAppointmentSearchSchema>;

export const appointmentPatientSchema = z.object({
  Id: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  BirthDate: z.string().nullable(),
  Gender: genderSchema.nullable(),
});
export type AppointmentPatient = z.infer<typeof appointmentPatientSchema>;

/** One appointment as the practice's calendar and dashboards show it. */
export const practiceAppointmentSchema = z.object({
  Id: z.string(),
  CalendarId: z.string(),
  StartTime: z.string(),
  EndTime: z.string(),
  Status: z.enum(APPOINTMENT_STATUSES),
  AppointmentType: z.enum(APPOINTMENT_TYPES),
  ScheduleType: z.enum(SCHEDULE_TYPES),
  ProviderId: z.string().nullable(),
  ResourceId: z.string().nullable(),
  LocationId: z.string().nullable(),
  Patient: appointmentPatientSchema,
  ReasonsText: z.string(),
  Participants: z.array(z.object({ Type: z.enum(PARTICIPANT_TYPES), ParticipantId: z.string() })),
  Workflow: z.string().nullable(),
  CreatedOn: z.string(),
  UpdatedOn: z.string(),
});
export type PracticeAppointment = z.infer<typeof practiceAppointmentSchema>;
export const practiceAppointmentListSchema = dataList(practiceAppointmentSchema);

export const practiceProviderParamsSchema = z.object({ id: z.uuid() });
export const practiceDayQuerySchema = z.object({
  date: localDate.optional().describe("The day (YYYY-MM-DD) in the provider's zone; default today"),
});

/** POST appointments/check-in/get: the day's visits at the practice with their check-in state. */
export const checkInSearchSchema = z.object({
  Date: localDate.optional(),
  LocationIds: z.array(z.uuid()).max(100).optional(),
  ProviderIds: z.array(z.uuid()).max(100).optional(),
});

/** The provider's walk-in queue: waiting walk-ins in arrival order. */
export const walkInQueueEntrySchema = z.object({
  Position: z.number().int().positive(),
  AppointmentId: z.string(),
  Patient: appointmentPatientSchema,
  Status: z.enum(APPOINTMENT_STATUSES),
  JoinedAt: z.string(),
  ReasonsText: z.string(),
});
export const walkInQueueSchema = z.object({
  ProviderId: z.string(),
  Count: z.number().int().nonnegative(),
  Data: z.array(walkInQueueEntrySchema),
  /** The walk-in the provider called last and is seeing now, if any. */
  InProgress: walkInQueueEntrySchema.omit({ Position: true }).nullable(),
});
export type WalkInQueue = z.infer<typeof walkInQueueSchema>;
export const walkInCountSchema = z.object({ ProviderId: z.string(), Count: z.number().int().nonnegative() });

/** The patient hotlist: the provider's most recently seen or booked patients, at most PATIENT_HOTLIST_COUNT. */
export const hotlistEntrySchema = z.object({
  Patient: appointmentPatientSchema,
  LastAppointmentId: z.string(),
  LastVisit: z.string(),
  LastStatus: z.enum(APPOINTMENT_STATUSES),
  Visits: z.number().int().positive(),
});
export const hotlistSchema = dataList(hotlistEntrySchema);

/** A new patient created by the practice while booking for them. */
export const newPracticePatientSchema = z.object({
  FirstName: z
    .string()
    .trim()
    .min(1)
    .max(35)
    .regex(/^[\p{L}' -]+$/u, { message: 'may hold letters, spaces and apostrophes only' }),
  LastName: z
    .string()
    .trim()
    .min(1)
    .max(35)
    .regex(/^[\p{L}' -]+$/u, { message: 'may hold letters, spaces and apostrophes only' }),
  BirthDate: z.iso.date({ error: 'must be a date YYYY-MM-DD' }),
  Gender: genderSchema,
  Email: z.email().max(320).optional(),
  MobilePhone: z
    .string()
    .regex(/^\d{10}$/, { message: 'must be 10 digits' })
    .optional(),
});
export type NewPracticePatient = z.infer<typeof newPracticePatientSchema>;

/** POST OfficeAppointments: the practice books a visit for a patient (existing, or created here). */
/** PUT appointments/{id} (§7): the practice moves a booked visit to an open slot of one of its calendars. */
export const practiceMoveSchema = z.object({
  CalendarId: z.uuid(),
  StartTime: isoDateTime,
});
export type PracticeMove = z.infer<typeof practiceMoveSchema>;

export const officeAppointmentSchema = z
  .object({
    CalendarId: z.uuid(),
    /** The slot's start; a walk-in registered at the desk joins the queue now and takes no slot. */
    StartTime: isoDateTime.optional(),
    ScheduleType: z.enum(SCHEDULE_TYPES).default('Scheduled'),
    AppointmentType: z.enum(['Office', 'Resource']).default('Office'),
    PatientId: z.uuid().optional(),
    NewPatient: newPracticePatientSchema.optional(),
    Reasons: z
      .array(
        z.object({ Id: z.string().max(100).nullable().optional(), Name: z.string().trim().min(1).max(500) }),
      )
      .max(10)
      .default([]),
  })
  .refine((b) => Boolean(b.PatientId) !== Boolean(b.NewPatient), {
    message: 'give either PatientId or NewPatient',
    path: ['PatientId'],
  })
  .refine((b) => b.ScheduleType === 'Walk-In' || Boolean(b.StartTime), {
    message: 'is required for a scheduled visit',
    path: ['StartTime'],
  });
export type OfficeAppointment = z.infer<typeof officeAppointmentSchema>;
export const officeAppointmentResultSchema = z.object({
  is_success: z.boolean(),
  data: z.string(),
  message: z.string(),
  PatientId: z.string(),
});

/** POST api/v1/appointmentparticipants/{id}: adds a practitioner, staff member or resource to a visit. */
export const addParticipantSchema = z.object({
  Type: z.enum(['Practitioner', 'Staff', 'HealthCareService']),
  ParticipantId: z.uuid(),
});

/** What the practice calendar is drawn from: the practice's providers, resources, facilities and schedules. */
export const practiceCalendarContextSchema = z.object({
  OrganizationId: z.string(),
  OrganizationName: z.string(),
  TimeZone: z.string(),
  Providers: z.array(z.object({ Id: z.string(), Name: z.string(), PhotoUrl: z.string().nullable() })),
  Resources: z.array(z.object({ Id: z.string(), Name: z.string() })),
  Locations: z.array(z.object({ Id: z.string(), Name: z.string(), TimeZone: z.string() })),
  Schedules: z.array(
    z.object({
      Id: z.string(),
      PractitionerId: z.string().nullable(),
      HealthcareServiceId: z.string().nullable(),
      LocationId: z.string().nullable(),
      TimeZone: z.string(),
      SlotMinutes: z.number().int(),
    }),
  ),
});
export type PracticeCalendarContext = z.infer<typeof practiceCalendarContextSchema>;

/** GET practice/blocked-time?from=&to=: the blocks (time off, holidays) on the practice's schedules in a range. */
export const blockedTimeQuerySchema = z
  .object({ from: isoDateTime, to: isoDateTime })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'must be after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= PRACTICE_SEARCH_MAX_DAYS * 86_400_000, {
    message: `may cover at most ${PRACTICE_SEARCH_MAX_DAYS} days`,
    path: ['to'],
  });
