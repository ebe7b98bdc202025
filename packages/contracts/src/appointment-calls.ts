import { z } from 'zod';
import { appointmentSchema } from './appointments';
import { dataList } from './envelope';
import { practiceAppointmentSchema } from './practice-day';

/**
 * The appointment calls of section 7 that the spec names without shapes (practice-portal.md §7 Appointments,
 * patient-booking.md §7): PATCH Appointments/{id}, PATCH web/WebAppointments/{id}, appointments/schedule,
 * Appointments/identifiers/get, web/BobAppointment and DELETE api/v1/cache/{key}. Decision 0032 reads them.
 */

const isoDateTime = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /T.*(Z|[+-]\d{2}:?\d{2})$/.test(v), {
    message: 'must be an ISO-8601 date-time with a zone, e.g. 2026-11-24T15:00:00.000Z',
  });

/** An appointment's reason as the patient or the practice words it. */
const reasonSchema = z.object({
  Id: z.string().max(100).nullable().optional(),
  Name: z.string().trim().min(1).max(500),
});

/** An identifier of the appointment in another system (System is the system's URI; both are opaque, never PHI). */
export const appointmentIdentifierSchema = z.object({
  System: z.string().trim().min(1).max(200),
  Value: z.string().trim().min(1).max(200),
});
export type AppointmentIdentifier = z.infer<typeof appointmentIdentifierSchema>;

/**
 * PATCH Appointments/{id} (the practice): the reasons and the identifiers of the visit; the fields left out keep
 * their value. Time, calendar and status have their own calls (PUT appointments/{id}, the status calls).
 */
export const appointmentPatchSchema = z
  .object({
    Reasons: z.array(reasonSchema).min(1).max(10).optional(),
    Identifier: z.array(appointmentIdentifierSchema).max(10).optional(),
  })
  .strict()
  .refine((p) => p.Reasons !== undefined || p.Identifier !== undefined, {
    message: 'must change Reasons or Identifier',
    path: ['Reasons'],
  });
export type AppointmentPatch = z.infer<typeof appointmentPatchSchema>;

/** PATCH web/WebAppointments/{id} (the patient, on the web): the reasons of their own upcoming visit. */
export const webAppointmentPatchSchema = z.object({ Reasons: z.array(reasonSchema).min(1).max(10) }).strict();
export type WebAppointmentPatch = z.infer<typeof webAppointmentPatchSchema>;

export const appointmentPatchResultSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: appointmentSchema,
});

/** The widest range appointments/schedule reads at once: a month view with room to spare. */
export const CALENDAR_SCHEDULE_MAX_DAYS = 45;

/** appointments/schedule: the appointments booked on one of the practice's calendars in a range, by start. */
export const calendarScheduleQuerySchema = z
  .object({ CalendarId: z.uuid(), From: isoDateTime, To: isoDateTime })
  .refine((q) => Date.parse(q.To) > Date.parse(q.From), { message: 'must be after From', path: ['To'] })
  .refine((q) => Date.parse(q.To) - Date.parse(q.From) <= CALENDAR_SCHEDULE_MAX_DAYS * 86_400_000, {
    message: `may cover at most ${CALENDAR_SCHEDULE_MAX_DAYS} days`,
    path: ['To'],
  });
export type CalendarScheduleQuery = z.infer<typeof calendarScheduleQuerySchema>;
export const calendarScheduleResultSchema = dataList(practiceAppointmentSchema);

/** Appointments/identifiers/get: the caller's practice's appointments carrying any of these identifiers. */
export const appointmentIdentifiersQuerySchema = z
  .object({ Identifiers: z.array(appointmentIdentifierSchema).min(1).max(50) })
  .strict();
export type AppointmentIdentifiersQuery = z.infer<typeof appointmentIdentifiersQuerySchema>;
export const appointmentIdentifiersResultSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: dataList(appointmentSchema),
});

/** web/BobAppointment: publish a booked appointment to outside systems (once per appointment). */
export const publishAppointmentSchema = z.object({ AppointmentId: z.uuid() }).strict();
export type PublishAppointment = z.infer<typeof publishAppointmentSchema>;
export const PUBLICATION_STATUSES = ['Pending', 'Delivered'] as const;
export const appointmentPublicationSchema = z.object({
  Id: z.uuid(),
  AppointmentId: z.uuid(),
  Status: z.enum(PUBLICATION_STATUSES),
  PublishedOn: z.string(),
});
export type AppointmentPublication = z.infer<typeof appointmentPublicationSchema>;
export const publishAppointmentResultSchema = z.object({
  is_success: z.boolean(),
  data: appointmentPublicationSchema,
  message: z.string(),
});

/** DELETE api/v1/cache/{key}: keys are ids (never an e-mail, a name or a phone: no PHI in URLs). */
export const cacheKeyParamsSchema = z.object({ key: z.uuid() });
export const cacheClearResultSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.null(),
});

/** Texts of the details calls. */
export const APPOINTMENT_DETAILS_MESSAGES = {
  updated: 'Appointment updated.',
  notChangeable: 'This appointment can no longer be changed',
  published: 'Appointment published.',
  notPublishable: 'Only a booked appointment can be published',
  cacheCleared: 'Cache cleared.',
} as const;
