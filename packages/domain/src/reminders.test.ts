import { describe, expect, it } from 'vitest';
import { reminderSettingsIssues } from './reminders';

describe('reminder settings rules', () => {
  it('accepts one to three distinct whole hours within a week and a channel when on', () => {
    expect(
      reminderSettingsIssues({ Enabled: true, HoursBefore: [24, 2], Channels: ['Email', 'Sms'] }),
    ).toEqual([]);
    expect(reminderSettingsIssues({ Enabled: false, HoursBefore: [168], Channels: [] })).toEqual([]);
  });

  it('names the field and the rule of each broken rule', () => {
    const rules = (input: Parameters<typeof reminderSettingsIssues>[0]) =>
      reminderSettingsIssues(input).map((i) => `${i.field}:${i.rule}`);
    expect(rules({ Enabled: true, HoursBefore: [], Channels: ['Email'] })).toEqual(['HoursBefore:required']);
    expect(rules({ Enabled: true, HoursBefore: [1, 2, 3, 4], Channels: ['Email'] })).toEqual([
      'HoursBefore:max_items',
    ]);
    expect(rules({ Enabled: true, HoursBefore: [0, 169, 1.5], Channels: ['Email'] })).toEqual([
      'HoursBefore.0:range',
      'HoursBefore.1:range',
      'HoursBefore.2:range',
    ]);
    expect(rules({ Enabled: true, HoursBefore: [2, 2], Channels: ['Email'] })).toEqual([
      'HoursBefore:unique',
    ]);
    expect(rules({ Enabled: true, HoursBefore: [2], Channels: [] })).toEqual(['Channels:required']);
    expect(rules({ Enabled: true, HoursBefore: [2], Channels: ['Fax', 'Email', 'Email'] })).toEqual([
      'Channels:enum',
      'Channels:unique',
    ]);
  });
});
