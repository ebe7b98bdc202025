import { z } from 'zod';

/**
 * Appointment reminder settings of a practice (practice-portal.md §3.8 and §7 "Reminders": GET
 * ReminderSettings/practices/{id}; PUT/POST ReminderSettings, Id present = update, absent = add). The form's
 * cross-field rules (distinct hours, a channel when on) are @careslot/domain's reminderSettingsIssues.
 */
export const reminderChannelSchema = z.enum(['Email', 'Sms']);

export const reminderSettingsInputSchema = z.object({
  /** Present: update these settings; absent: add the practice's settings. */
  Id: z.string().uuid().optional(),
  PracticeId: z.string().uuid(),
  Enabled: z.boolean(),
  /** How long before the visit each reminder goes, in whole hours (1 to 168), e.g. [24, 2]. */
  HoursBefore: z.array(z.number().int().min(1).max(168)).max(3),
  Channels: z.array(reminderChannelSchema).max(2),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsInputSchema>;

export const reminderSettingsSchema = z.object({
  /** Null until the practice saved its settings (the defaults are shown: off, 24 h, e-mail and SMS). */
  Id: z.string().uuid().nullable(),
  PracticeId: z.string().uuid(),
  Enabled: z.boolean(),
  HoursBefore: z.array(z.number().int()),
  Channels: z.array(reminderChannelSchema),
  ModifiedOn: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderSettingsResponseSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: reminderSettingsSchema,
});

export const reminderPracticeParamsSchema = z.object({ id: z.string().uuid() });

export const REMINDER_MESSAGES = {
  found: 'Reminder settings found.',
  saved: 'Reminder settings saved.',
  exists: 'This practice already has reminder settings; send their Id to change them.',
} as const;
