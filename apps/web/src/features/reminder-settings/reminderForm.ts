import { REMINDER_RULES, reminderSettingsIssues, type ReminderChannel } from '@careslot/domain';

/** The form's fields: hours as typed (text), so a half-typed number can be shown and refused. */
export interface ReminderForm {
  enabled: boolean;
  hours: string[];
  channels: ReminderChannel[];
}

export type ReminderFormErrors = { hours?: string; hoursAt?: Record<number, string>; channels?: string };

/** Each broken rule as a translation key of reminderSettings:errors, on the field it names (the server's field names). */
export function validateReminderForm(form: ReminderForm): ReminderFormErrors {
  const errors: ReminderFormErrors = {};
  const hours = form.hours.map((h) => (/^\d+$/.test(h.trim()) ? Number(h.trim()) : Number.NaN));
  for (const issue of reminderSettingsIssues({
    Enabled: form.enabled,
    HoursBefore: hours,
    Channels: form.channels,
  })) {
    const at = /^HoursBefore\.(\d+)$/.exec(issue.field);
    if (at) (errors.hoursAt ??= {})[Number(at[1])] ??= `errors.hoursRange`;
    else if (issue.field === 'HoursBefore') errors.hours ??= `errors.hours_${issue.rule}`;
    else if (issue.field === 'Channels') errors.channels ??= `errors.channels_${issue.rule}`;
  }
  return errors;
}

export const hasErrors = (errors: ReminderFormErrors) =>
  !!(errors.hours || errors.channels || Object.keys(errors.hoursAt ?? {}).length);

export { REMINDER_RULES };
