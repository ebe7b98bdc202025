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
