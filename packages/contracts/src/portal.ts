import { z } from 'zod';
import { isoInstant } from './input';
import { appointmentSchema } from './appointments';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, SCHEDULE_TYPES } from './constants';

/**
 * The patient portal (the spec's {portalBase}, built in under /portal): a patient's own appointments with
 * what the pages show about them, cancel with a reason, reschedule onto a held slot, and the calendar file.
 */

export const PORTAL_WHEN = ['upcoming', 'past'] as const;
export const portalAppointmentQuerySchema = z.object({
  patientId: z.string().uuid(),
  when: z.enum(PORTAL_WHEN).default('upcoming'),
});

export const portalAppointmentSchema = z.object({
  Id: z.string().uuid(),
  Status: z.enum(APPOINTMENT_STATUSES),
  AppointmentType: z.enum(APPOINTMENT_TYPES),
  ScheduleType: z.enum(SCHEDULE_TYPES),
  StartTime: z.string(),
  EndTime: z.string(),
  /** The facility's IANA zone: every time on the portal is shown in it. */
  TimeZone: z.string(),
  CalendarId: z.string().uuid(),
  ReasonsText: z.string(),
  Patient: z.object({ Id: z.string().uuid(), FirstName: z.string(), LastName: z.string() }),
  Provider: z
    .object({
      Id: z.string(),
      Title: z.string().nullable(),
      Prefix: z.string().nullable(),
      Given: z.string(),
      Family: z.string(),
      Suffix: z.string().nullable(),
      DisplayName: z.string(),
      Speciality: z.string().nullable(),
      Photo: z.string().nullable(),
      HidePublicProfile: z.boolean(),
    })
    .nullable(),
  Facility: z
    .object({
      Id: z.string(),
      Name: z.string(),
      OrganizationId: z.string(),
      AddressLines: z.array(z.string()),
      Phone: z.string().nullable(),
    })
    .nullable(),
  /** The visit fee paid or held for this visit, masked card included (§9), when there is one. */
  Payment: z
    .object({ Status: z.string(), PaidAmount: z.number(), CardDetails: z.string().nullable() })
    .nullable(),
  CancelReason: z.string().nullable(),
  /** Why the practice declined the request (status Rejected), as its decline dialog promised the patient. */
  DeclineReason: z.string().nullable(),
  CanCancel: z.boolean(),
  CanReschedule: z.boolean(),
});
export type PortalAppointment = z.infer<typeof portalAppointmentSchema>;
export const portalAppointmentListSchema = z.object({
  Data: z.array(portalAppointmentSchema),
  Total: z.number().int(),
});
export const portalAppointmentEnvelopeSchema = z.object({
  is_success: z.boolean(),
  data: portalAppointmentSchema,
  message: z.string(),
});

export const portalCancelSchema = z.object({
  Reason: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(500, { message: 'must be at most 500 characters' }),
});

/** Moves the appointment to a slot the caller holds now (slot/reserve first), in the same calendar or another of the provider's. */
export const portalRescheduleSchema = z.object({
  CalendarId: z.string().uuid(),
  StartTime: isoInstant('must be an ISO-8601 date-time with a zone, e.g. 2026-11-24T15:00:00.000Z'),
});

export const portalAppointmentResultSchema = z.object({
  is_success: z.boolean(),
  data: appointmentSchema,
  message: z.string(),
});

export const PORTAL_MESSAGES = {
  canceled: 'Appointment canceled.',
  rescheduled: 'Appointment rescheduled.',
  notCancelable: 'This appointment can no longer be canceled',
  notReschedulable: 'This appointment can no longer be rescheduled',
  /** The practice's portal settings turn online cancelling off (issue 30, item 15). */
  cancelOffline: 'This practice does not take cancellations online. Please call the office to cancel.',
  /** The practice's portal settings turn online rescheduling off. */
  rescheduleOffline: 'This practice does not take reschedules online. Please call the office to reschedule.',
  /** Within the practice's cancellation cutoff (its portal settings, decision 0104). */
  cancelTooLate: 'It is too close to the visit to cancel online. Please call the office to cancel.',
  rescheduleTooLate:
    'It is too close to the visit to reschedule online. Please call the office to reschedule.',
} as const;
