import { z } from 'zod';

/**
 * The appointment-action page (patient-booking.md §2.1, §2.2): a message link lets the patient confirm or cancel
 * a visit without signing in. The link is /appointment-action?id={appointment}&action={confirm|cancel}&exp={unix
 * seconds}&sig={signature}; the page sends those back here (decision 0042).
 */
export const APPOINTMENT_ACTION_PATH = '/careslot-appointment-service/api/v2/web/appointment-action';
export const APPOINTMENT_ACTION_PAGE = '/appointment-action';
export const APPOINTMENT_ACTIONS = ['confirm', 'cancel'] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

export const appointmentActionBodySchema = z.object({
  AppointmentId: z.string().uuid(),
  Action: z.enum(APPOINTMENT_ACTIONS),
  Expires: z.number().int().positive(),
  Signature: z.string().min(16).max(200),
});
export type AppointmentActionBody = z.infer<typeof appointmentActionBodySchema>;

/** What the fee of a cancelled, paid visit becomes (the practice's policy decides). */
export const FEE_OUTCOMES = ['none', 'refunded', 'kept'] as const;
export type FeeOutcome = (typeof FEE_OUTCOMES)[number];

export const appointmentActionResultSchema = z.object({
  is_success: z.literal(true),
  message: z.string(),
  data: z.object({
    Status: z.string(),
    StartTime: z.string(),
    TimeZone: z.string(),
    WithWhom: z.string(),
    Fee: z.object({ Outcome: z.enum(FEE_OUTCOMES), AmountCents: z.number().int().nonnegative() }),
  }),
});
export type AppointmentActionResult = z.infer<typeof appointmentActionResultSchema>;
