import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { VISIT_TYPES } from '@careslot/contracts';
import { appointmentTypeOf, scheduleTypeFor } from './visit-type';

describe('appointmentTypeOf', () => {
  it('is Resource for a healthcare service, whatever the reason or filter', () => {
    expect(appointmentTypeOf({ entityType: 'HealthCareService', reasonVisitType: 'TeleHealth' })).toBe(
      'Resource',
    );
    expect(appointmentTypeOf({ entityType: 'Resource', chosenVisitType: 'TeleHealth' })).toBe('Resource');
  });

  it('follows the reason before the filter', () => {
    expect(
      appointmentTypeOf({ entityType: 'Provider', reasonVisitType: 'Office', chosenVisitType: 'TeleHealth' }),
    ).toBe('Office');
    expect(appointmentTypeOf({ entityType: 'Provider', reasonVisitType: 'TeleHealth' })).toBe('TeleHealth');
  });

  it('follows a video filter only on a calendar that offers video; a video-only calendar is always video', () => {
    const filtered = (offered: ('Office' | 'TeleHealth' | 'Walk-In')[]) =>
      appointmentTypeOf({
        entityType: 'Provider',
        chosenVisitType: 'TeleHealth',
        scheduleVisitTypes: offered,
      });
    expect(filtered(['Office', 'TeleHealth'])).toBe('TeleHealth');
    expect(filtered(['Office'])).toBe('Office');
    expect(appointmentTypeOf({ entityType: 'Provider', scheduleVisitTypes: ['TeleHealth'] })).toBe(
      'TeleHealth',
    );
  });

  it('never books video on a calendar without video, nor office on a video-only one', () => {
    const visit = fc.constantFrom(...VISIT_TYPES);
    fc.assert(
      fc.property(
        fc.option(visit, { nil: null }),
        fc.option(visit, { nil: null }),
        fc.uniqueArray(visit, { minLength: 1 }),
        (reason, chosen, offered) => {
          // A reason is one the calendar offers.
          const reasonVisitType = reason && offered.includes(reason) ? reason : null;
          const type = appointmentTypeOf({
            entityType: 'Provider',
            reasonVisitType,
            chosenVisitType: chosen,
            scheduleVisitTypes: offered,
          });
          if (type === 'TeleHealth') expect(offered).toContain('TeleHealth');
          if (offered.every((o) => o === 'TeleHealth')) expect(type).toBe('TeleHealth');
        },
      ),
    );
  });
});

describe('scheduleTypeFor', () => {
  it('is a walk-in for a walk-in reason, a walk-in filter on a calendar taking them, or a walk-in-only calendar', () => {
    expect(scheduleTypeFor({ reasonVisitType: 'Walk-In' })).toBe('Walk-In');
    expect(scheduleTypeFor({ chosenVisitType: 'Walk-In', scheduleVisitTypes: ['Office', 'Walk-In'] })).toBe(
      'Walk-In',
    );
    expect(scheduleTypeFor({ chosenVisitType: 'Walk-In', scheduleVisitTypes: ['Office'] })).toBe('Scheduled');
    expect(scheduleTypeFor({ scheduleVisitTypes: ['Walk-In'] })).toBe('Walk-In');
    expect(scheduleTypeFor({ reasonVisitType: 'Office', scheduleVisitTypes: ['Walk-In', 'Office'] })).toBe(
      'Scheduled',
    );
  });
});
