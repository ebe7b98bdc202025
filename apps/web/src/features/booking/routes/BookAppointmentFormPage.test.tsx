import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarSlotData, ScheduleSummary } from '@careslot/contracts';
import { setSession } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { BookAppointmentFormPage } from './BookAppointmentFormPage';

const PATH = '/book/book-appointment-form';
const NOW = new Date('2026-11-23T13:40:00Z'); // Monday 08:40 in New York

const held: CalendarSlotData = {
  calendarId: 'cal-1',
  facilityId: 'loc-1',
  time_slot: { ScheduleId: '7d3c8f2e-0a4b-4c1d-9e8f-1a2b3c4d5e6f', Status: 'busy', Start: '2026-11-24T15:00:00.000Z', End: '2026-11-24T15:30:00.000Z', Capacity: 1, CapacityAvailable: 0, SlotIds: ['s1'] },
  entity: { Id: 'p1', Type: 'Practitioner', Name: 'Dr. Maya Okafor, MD', Speciality: 'Family Medicine', Photo: null },
  selectedReason: -1,
  actorLocationCalendars: ['cal-1'],
  workflow: 'PROVIDER_PROFILE',
  expiresAt: '2026-11-23T13:50:00.000Z',
};

const schedule: ScheduleSummary = { Id: 'cal-1', PractitionerId: 'p1', LocationId: 'loc-1', TimeZone: 'America/New_York', SlotMinutes: 30, Capacity: 1, PlanningHorizonDays: 90, SlotHideHours: 0, OnlineBookingEnabled: true };

describe('the booking form', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'booking']);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    sessionStorage.clear();
    setSession({
      user: { userId: 'pat-1', identityProviderId: 's1', name: 'Jordan Ellis', email: 'patient@example.com', firstName: 'Jordan', lastName: 'Ellis', preferredName: null, gender: null, userType: 'Patient', roles: ['patient'], organizationId: null, photos: [] },
      accessToken: 'token',
      isGuest: false,
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(schedule), { status: 200, headers: { 'content-type': 'application/json' } })));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the held slot from the session with the date in the facility zone', async () => {
    sessionStorage.setItem('slot_data', JSON.stringify(held));
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    expect(screen.getByRole('heading', { level: 1, name: 'Book Appointment' })).toBeInTheDocument();
    expect(screen.getByTestId('booking-entity-name')).toHaveTextContent('Dr. Maya Okafor, MD');
    expect(screen.getByText('Family Medicine')).toBeInTheDocument();
    expect(await screen.findByTestId('booking-date')).toHaveTextContent('Tomorrow, Nov 24 - 10:00 am EST');
    expect(screen.getByTestId('hold-until')).toHaveTextContent('This time is held for you until 8:50 am.');
    expect(screen.getByLabelText('Myself (Jordan Ellis)')).toBeChecked();
  });

  it('asks for the reason, keeps it for a reload, and moves on to phone verification', async () => {
    sessionStorage.setItem('slot_data', JSON.stringify(held));
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the reason for your visit.');
    await userEvent.type(screen.getByRole('textbox', { name: /Reason for visit/ }), 'Knee pain for two weeks');
    expect(JSON.parse(sessionStorage.getItem('book_appointment_state')!)).toEqual({ appointmentInfo: { Reason: 'Knee pain for two weeks' }, currentStage: 'BOOKING_FORM' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/verification/phone-verify');
    expect(JSON.parse(sessionStorage.getItem('book_appointment_state')!)).toEqual({ appointmentInfo: { Reason: 'Knee pain for two weeks' }, currentStage: 'SMS_VERIFICATION' });
  });

  it('sends a signed-out visitor to /login and comes back to the form afterwards', async () => {
    setSession({ user: null, accessToken: null, isGuest: true });
    sessionStorage.setItem('slot_data', JSON.stringify(held));
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('return_url')).toBe(PATH);
  });

  it('says when no time is held any more (missing or expired hold) and offers to find care', async () => {
    sessionStorage.setItem('slot_data', JSON.stringify({ ...held, expiresAt: '2026-11-23T13:39:00.000Z' }));
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    expect(screen.getByRole('alert')).toHaveTextContent('The time you picked is no longer held. Please choose a time again.');
    await userEvent.click(screen.getByRole('link', { name: 'Find care' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
