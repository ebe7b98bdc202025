import { z } from 'zod';
import { calendarDate } from './input';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, SCHEDULE_TYPES } from './constants';
import { dataList, envelope, pagingSchema } from './envelope';
import { appointmentSchema } from './appointments';

/**
 * The practice's appointment calls (practice-portal.md §7 Appointments): the status update and the confirm
 * action of office and tele appointments, the requests list, the request activity logs and the provider's
 * counts. Decision 0016 reads the allowed transitions.
 */

/** `?status=` of OfficeAppointments/{id}/status and TeleAppointments/{id}/status. */
export const statusQuerySchema = z.object({ status: z.enum(APPOINTMENT_STATUSES) });

/** The optional body of a status change (a call may send none): why (required when declining: Rejected). */
export const statusChangeBodySchema = z
  .object({
    Reason: z.string().trim().min(1).max(500).optional(),
    AuditTrail: z.object({ WorkflowOrServiceName: z.string().max(100).optional() }).optional(),
  })
  .nullish();
export type StatusChangeBody = z.infer<typeof statusChangeBodySchema>;

export const appointmentChangeResultSchema = envelope(appointmentSchema);

/** Texts the status calls answer with. */
export const APPOINTMENT_STATUS_MESSAGES = {
  updated: 'Appointment status updated.',
  confirmed: 'Appointment confirmed.',
  /** Two people changed the same appointment at once; the later one is told to look again. */
  changedMeanwhile: 'This appointment was changed by someone else. Refresh and try again.',
} as const;

/** POST appointments/requests/get: the practice's pending appointments, soonest first. */
export const appointmentRequestsQuerySchema = pagingSchema.extend({
  /** Only this provider's requests (a provider without the admin role always sees only their own). */
  ProviderId: z.string().uuid().optional(),
  LocationId: z.string().uuid().optional(),
});
export type AppointmentRequestsQuery = z.infer<typeof appointmentRequestsQuerySchema>;

const personNameSchema = z.object({ first_name: z.string(), last_name: z.string() });

export const appointmentRequestSchema = z.object({
  Id: z.string().uuid(),
  Status: z.enum(APPOINTMENT_STATUSES),
  StartTime: z.string(),
  EndTime: z.string(),
  /** The facility's IANA zone: the time shows as the patient will live it. */
  TimeZone: z.string(),
  AppointmentType: z.enum(APPOINTMENT_TYPES),
  ScheduleType: z.enum(SCHEDULE_TYPES),
  ReasonsText: z.string(),
  Patient: z.object({
    Id: z.string().uuid(),
    name: personNameSchema,
    BirthDate: z.string().nullable(),
    Gender: z.string().nullable(),
  }),
  Provider: z.object({
    Id: z.string().uuid().nullable(),
    name: personNameSchema.nullable(),
    profile_picture_uri: z.string().nullable(),
  }),
  LocationName: z.string().nullable(),
  /** The forms the patient answered while booking (their names). */
  FormsAnswered: z.array(z.string()),
  RequestedOn: z.string(),
});
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;
export const appointmentRequestsResultSchema = envelope(dataList(appointmentRequestSchema));

/** POST appointmentrequestactivity/logs/get: the decisions taken on requests, newest first. */
export const requestActivityQuerySchema = pagingSchema.extend({
  AppointmentId: z.string().uuid().optional(),
  OrderBy: z.enum(['asc', 'desc']).default('desc'),
});
export type RequestActivityQuery = z.infer<typeof requestActivityQuerySchema>;

export const requestActivitySchema = z.object({
  Id: z.string().uuid(),
  AppointmentId: z.string().uuid(),
  FromStatus: z.enum(APPOINTMENT_STATUSES),
  ToStatus: z.enum(APPOINTMENT_STATUSES),
  Reason: z.string().nullable(),
  ChangedBy: z.object({ Id: z.string().nullable(), name: personNameSchema.nullable() }),
  ChangedOn: z.string(),
  Workflow: z.string().nullable(),
  PatientName: personNameSchema,
  AppointmentTime: z.string(),
});
export type RequestActivity = z.infer<typeof requestActivitySchema>;
export const requestActivityResultSchema = envelope(dataList(requestActivitySchema));

/** GET Appointments/providers/{id}/appointments/count: the provider's day (date in the facility's zone). */
export const appointmentCountsQuerySchema = z.object({
  date: calendarDate('must be a date as YYYY-MM-DD').optional(),
  timeZone: z
    .string()
    .min(1)
    .max(64)
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be an IANA time zone such as America/New_York' },
    )
    .optional(),
});
export const appointmentCountsSchema = z.object({
  WalkinCount: z.number().int().nonnegative(),
  ScheduledCount: z.number().int().nonnegative(),
  PendingCount: z.number().int().nonnegative(),
});
export type AppointmentCounts = z.infer<typeof appointmentCountsSchema>;
export const appointmentCountsResultSchema = envelope(appointmentCountsSchema);
