/**
 * Appointment reminder settings of a practice (practice-portal.md §3.8, ReminderSettings): the rules the
 * server's zod schema and the web form share. A reminder goes `hours` before the visit, by e-mail and/or SMS.
 */
export const REMINDER_RULES = {
  /** The earliest reminder: a week before the visit. */
  maxHoursBefore: 168,
  minHoursBefore: 1,
  /** At most this many reminders per visit (e.g. 24 h and 2 h). */
  maxReminders: 3,
} as const;

export const REMINDER_CHANNELS = ['Email', 'Sms'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export interface ReminderSettingsInput {
  Enabled: boolean;
  HoursBefore: readonly number[];
  Channels: readonly string[];
}

export interface ReminderIssue {
  field: string;
  rule: string;
  message: string;
}

/** Every broken rule of a settings form, each naming its field and rule; none when it may be saved. */
export function reminderSettingsIssues(input: ReminderSettingsInput): ReminderIssue[] {
  const issues: ReminderIssue[] = [];
  const { minHoursBefore: min, maxHoursBefore: max, maxReminders } = REMINDER_RULES;
  if (input.HoursBefore.length === 0)
    issues.push({
      field: 'HoursBefore',
      rule: 'required',
      message: 'HoursBefore must list at least one reminder time',
    });
  if (input.HoursBefore.length > maxReminders)
    issues.push({
      field: 'HoursBefore',
      rule: 'max_items',
      message: `HoursBefore may list at most ${maxReminders} reminder times`,
    });
  input.HoursBefore.forEach((hours, index) => {
    if (!Number.isInteger(hours) || hours < min || hours > max)
      issues.push({
        field: `HoursBefore.${index}`,
        rule: 'range',
        message: `HoursBefore must be whole hours from ${min} to ${max}`,
      });
  });
  if (new Set(input.HoursBefore).size !== input.HoursBefore.length)
    issues.push({
      field: 'HoursBefore',
      rule: 'unique',
      message: 'HoursBefore must not list the same time twice',
    });
  if (input.Channels.some((c) => !(REMINDER_CHANNELS as readonly string[]).includes(c)))
    issues.push({ field: 'Channels', rule: 'enum', message: 'Channels may only be Email or Sms' });
  if (new Set(input.Channels).size !== input.Channels.length)
    issues.push({
      field: 'Channels',
      rule: 'unique',
      message: 'Channels must not list the same channel twice',
    });
  if (input.Enabled && input.Channels.length === 0)
    issues.push({
      field: 'Channels',
      rule: 'required',
      message: 'Channels must name e-mail, SMS or both when reminders are on',
    });
  return issues;
}
