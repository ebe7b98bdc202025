import { z } from 'zod';
import { isoInstant } from './input';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES, SCHEDULE_TYPES } from './constants';
import { paymentTransactionSchema } from './payments';

/** The appointment of patient-booking.md §3.5, as the booking call sends it. */
const reasonSchema = z.object({
  Id: z.string().max(100).nullable().optional(),
  Name: z.string().trim().max(500),
});
const serviceCategorySchema = z.object({
  Id: z.string().max(100),
  Name: z.string().max(200),
  Duration: z.number().int().min(0).max(1440).optional(),
});
const serviceTypeSchema = serviceCategorySchema.extend({ ServiceCategoryId: z.string().max(100).optional() });

export const PARTICIPANT_TYPES = [
  'Patient',
  'Provider',
  'Practitioner',
  'Staff',
  'Guest',
  'Host',
  'Location',
  'Organization',
  'HealthCareService',
] as const;
export const participantSchema = z.object({
  Type: z.enum(PARTICIPANT_TYPES),
  ParticipantId: z.string().uuid(),
  FirstName: z.string().max(100).optional(),
  LastName: z.string().max(100).optional(),
});

export const bookingSystemSchema = z.object({
  Type: z.enum(['Internal', 'External']).default('Internal'),
  Name: z.string().max(100).optional(),
  Identifier: z.string().max(100).optional(),
  LastChangedSource: z.string().max(100).optional(),
  LastChangedDate: z.string().max(40).optional(),
  Workflow: z.string().max(100).optional(),
});

export const appointmentAuditTrailSchema = z.object({
  CreatedBySystem: z.string().max(100).optional(),
  LastChangedBySystem: z.string().max(100).optional(),
  WorkflowOrServiceName: z.string().max(100).optional(),
});

/** Booking insurance selection (§3.7), carried as the appointment's coverage. */
export const appointmentCoverageSchema = z.object({
  Insurance: z.object({ Display: z.string().max(200) }).optional(),
  SubscriberId: z.string().max(100).nullable().optional(),
  CoverageId: z.string().uuid().optional(),
});

export const appointmentPaymentRefSchema = z.object({ PaymentTransactionId: z.string().uuid() });

const isoDateTime = isoInstant('must be an ISO-8601 date-time with a zone, e.g. 2026-11-24T15:00:00.000Z');

export const bookAppointmentSchema = z.object({
  /** The schedule (calendar) whose slot is booked. */
  CalendarId: z.string().uuid(),
  StartTime: isoDateTime,
  EndTime: isoDateTime.optional(),
  AppointmentType: z.enum(APPOINTMENT_TYPES).default('Office'),
  ScheduleType: z.enum(SCHEDULE_TYPES).default('Scheduled'),
  Participants: z.array(participantSchema).min(1).max(10),
  Reasons: z.array(reasonSchema).max(10).default([]),
  ServiceCategory: z.array(serviceCategorySchema).max(10).default([]),
  ServiceType: z.array(serviceTypeSchema).max(10).default([]),
  CustomForms: z.array(z.record(z.string(), z.unknown())).max(20).default([]),
  Consents: z.array(z.record(z.string(), z.unknown())).max(20).default([]),
  PatientCoverages: z.array(appointmentCoverageSchema).max(3).default([]),
  Payments: z.array(appointmentPaymentRefSchema).max(1).default([]),
  BookingSystem: bookingSystemSchema.optional(),
  AuditTrail: appointmentAuditTrailSchema.optional(),
});
export type BookAppointment = z.infer<typeof bookAppointmentSchema>;

/** The booking result (§3.5): {is_success, data (the new id), message}, plus AppointmentType. */
export const bookingResultSchema = z.object({
  is_success: z.boolean(),
  data: z.string().uuid(),
  message: z.string(),
  AppointmentType: z.enum(APPOINTMENT_TYPES),
});
export type BookingResult = z.infer<typeof bookingResultSchema>;

export const appointmentSchema = z.object({
  Id: z.string().uuid(),
  Identifier: z.array(z.object({ System: z.string(), Value: z.string() })),
  Reasons: z.array(reasonSchema),
  ReasonsText: z.string(),
  ServiceCategory: z.array(serviceCategorySchema),
  ServiceType: z.array(serviceTypeSchema),
  CustomForms: z.array(z.record(z.string(), z.unknown())),
  Consents: z.array(z.record(z.string(), z.unknown())),
  BookingSystem: bookingSystemSchema,
  Payments: z.array(paymentTransactionSchema),
  PatientCoverages: z.array(appointmentCoverageSchema),
  RelatedPaymentTransactions: z.array(z.string().uuid()),
  Invoices: z.array(z.string()),
  Participants: z.array(participantSchema),
  StartTime: z.string(),
  EndTime: z.string(),
  CalendarId: z.string().uuid(),
  OrganizationId: z.string().uuid().nullable(),
  LocationId: z.string().uuid().nullable(),
  ScheduleType: z.enum(SCHEDULE_TYPES),
  AppointmentType: z.enum(APPOINTMENT_TYPES),
  Status: z.enum(APPOINTMENT_STATUSES),
  /** Why the status was last set, when the practice gave a reason (a declined request). */
  StatusReason: z.string().nullable().optional(),
  CreatedBy: z.string().nullable(),
  AuditTrail: appointmentAuditTrailSchema,
  VirtualServiceDetail: z.object({ MeetingId: z.string().nullable() }),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentEnvelopeSchema = z.object({
  is_success: z.boolean(),
  data: appointmentSchema,
  message: z.string(),
});
export const appointmentIdParamsSchema = z.object({ id: z.string().uuid() });
