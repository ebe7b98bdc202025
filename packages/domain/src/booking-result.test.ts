import { describe, expect, it } from 'vitest';
import { bookingPopup, isBookingSuccess, portalDetailsPath } from './booking-result';

const base = {
  Status: 'Scheduled',
  AppointmentType: 'Office',
  ScheduleType: 'Scheduled',
  StartTime: '2026-11-24T15:00:00.000Z',
  Participants: [{ Type: 'Patient' }, { Type: 'Practitioner' }],
};

describe('after the booking call (§4.5)', () => {
  it('counts Scheduled and Pending as success, nothing else', () => {
    expect(isBookingSuccess('Scheduled')).toBe(true);
    expect(isBookingSuccess('Pending')).toBe(true);
    expect(isBookingSuccess('Entered-In-Error')).toBe(false);
    expect(isBookingSuccess('Failed')).toBe(false);
  });

  it('shows the confirmation popup for a scheduled office, resource or telehealth visit with a patient and a start', () => {
    expect(bookingPopup(base)).toBe('confirmation');
    expect(bookingPopup({ ...base, AppointmentType: 'Resource' })).toBe('confirmation');
    expect(bookingPopup({ ...base, AppointmentType: 'TeleHealth' })).toBe('confirmation');
    expect(bookingPopup({ ...base, AppointmentType: 'Office', ScheduleType: 'Walk-In' })).toBe(
      'confirmation',
    );
  });

  it('shows no confirmation popup for a telehealth walk-in, without a patient participant or without a start', () => {
    expect(bookingPopup({ ...base, AppointmentType: 'TeleHealth', ScheduleType: 'Walk-In' })).toBeNull();
    expect(bookingPopup({ ...base, Participants: [{ Type: 'Practitioner' }] })).toBeNull();
    expect(bookingPopup({ ...base, StartTime: null })).toBeNull();
  });

  it('shows the pending popup for a pending visit unless it is a resource or a walk-in', () => {
    expect(bookingPopup({ ...base, Status: 'Pending' })).toBe('pending');
    expect(bookingPopup({ ...base, Status: 'Pending', AppointmentType: 'TeleHealth' })).toBe('pending');
    expect(bookingPopup({ ...base, Status: 'Pending', AppointmentType: 'Resource' })).toBeNull();
    expect(bookingPopup({ ...base, Status: 'Pending', ScheduleType: 'Walk-In' })).toBeNull();
  });

  it('builds the portal details URL of §2.1', () => {
    expect(portalDetailsPath('a1', 'Office')).toBe(
      '/portal/health/appointments/office/details/a1?showConfirmationMessage=true',
    );
    expect(portalDetailsPath('a1', 'TeleHealth')).toBe(
      '/portal/health/appointments/telehealth/details/a1?showConfirmationMessage=true',
    );
    expect(portalDetailsPath('a1', 'Resource', false)).toBe('/portal/health/appointments/office/details/a1');
  });
});
