import { describe, expect, it } from 'vitest';
import { hasErrors, validateReminderForm } from './reminderForm';

describe('the reminder settings form', () => {
  it('accepts reminders 24 and 2 hours before by e-mail and SMS', () => {
    expect(
      hasErrors(validateReminderForm({ enabled: true, hours: ['24', '2'], channels: ['Email', 'Sms'] })),
    ).toBe(false);
  });

  it('names each broken rule on its field', () => {
    expect(validateReminderForm({ enabled: true, hours: ['24', '0', '2.5'], channels: [] })).toEqual({
      hoursAt: { 1: 'errors.hoursRange', 2: 'errors.hoursRange' },
      channels: 'errors.channels_required',
    });
    expect(validateReminderForm({ enabled: true, hours: ['2', '2'], channels: ['Email'] })).toEqual({
      hours: 'errors.hours_unique',
    });
    expect(validateReminderForm({ enabled: false, hours: [], channels: [] })).toEqual({
      hours: 'errors.hours_required',
    });
  });
});
