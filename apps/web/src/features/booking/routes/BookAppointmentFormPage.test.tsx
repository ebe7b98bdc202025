import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSession } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import {
  CHILD_ID,
  held,
  holdTestSlot,
  patient,
  HOLDER_ID,
  screeningForm,
  signInTestPatient,
  stubBookingApi,
} from '../bookingTestApi';
import { BookAppointmentFormPage } from './BookAppointmentFormPage';

const PATH = '/book/book-appointment-form';
const NOW = new Date('2026-11-23T13:40:00Z'); // Monday 08:40 in New York
const state = () => JSON.parse(sessionStorage.getItem('book_appointment_state')!) as Record<string, unknown>;

describe('the booking form', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'booking', 'bookingFlow']);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    sessionStorage.clear();
    signInTestPatient();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the held slot from the session with the date, the hold and the office in the facility zone', async () => {
    stubBookingApi();
    sessionStorage.setItem(
      'slot_data',
      JSON.stringify({
        ...held,
        expiresAt: '2026-11-23T13:50:00.000Z',
        facility: { Name: 'Riverside Midtown', Address: '425 Lexington Avenue, New York, NY 10017' },
      }),
    );
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Appointment' })).toBeInTheDocument();
    expect(screen.getByTestId('booking-entity-name')).toHaveTextContent('Dr. Maya Okafor, MD');
    expect(screen.getByText('Family Medicine')).toBeInTheDocument();
    expect(await screen.findByTestId('booking-date')).toHaveTextContent('Tomorrow, Nov 24 - 10:00 am EST');
    expect(screen.getByTestId('hold-until')).toHaveTextContent(
      'This time is held for you until 8:50 am EST.',
    );
    expect(screen.getByTestId('booking-facility')).toHaveTextContent(
      'Riverside Midtown, 425 Lexington Avenue, New York, NY 10017',
    );
    expect(screen.getByLabelText('Myself (Jordan Ellis)')).toBeChecked();
  });

  it('asks for the reason, keeps it for a reload, and moves on to phone verification when the phone is not verified', async () => {
    stubBookingApi();
    holdTestSlot();
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the reason for your visit.');
    // The box takes as many characters as the reason may have (issue 30, item 10), no more.
    expect(screen.getByRole('textbox', { name: /Reason for visit/ })).toHaveAttribute('maxlength', '500');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Reason for visit/ }),
      'Knee pain for two weeks',
    );
    expect(state()).toMatchObject({
      appointmentInfo: { Reason: 'Knee pain for two weeks' },
      currentStage: 'BOOKING_FORM',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/verification/phone-verify');
    expect(state()).toMatchObject({
      appointmentInfo: { Reason: 'Knee pain for two weeks' },
      currentStage: 'SMS_VERIFICATION',
      selectedFamilyMember: null,
    });
  });

  it('skips phone verification for a verified mobile and goes to demographics (schedule setting on)', async () => {
    stubBookingApi({
      holder: patient(HOLDER_ID, {
        Telecom: [{ System: 'Mobile', Value: '+12125550140', Use: 'mobile', IsVerified: true }],
      }),
    });
    holdTestSlot();
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason for visit/ }), 'Check-up');
    // Continue waits until the patient record has loaded.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/book/collect-patient-demographics');
  });

  it('books for a family member: the choice replaces the Patient participant in the state', async () => {
    stubBookingApi({ related: [{ RelatedPatientId: CHILD_ID, Given: 'Robin', Relationship: 'Child' }] });
    holdTestSlot();
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    await userEvent.click(await screen.findByLabelText('Robin Ellis (child)'));
    expect(state()).toMatchObject({
      selectedFamilyMember: { Id: CHILD_ID, Name: 'Robin Ellis', Relationship: 'Child' },
    });
    await userEvent.type(screen.getByRole('textbox', { name: /Reason for visit/ }), 'Fever');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/verification/phone-verify');
    expect(state()).toMatchObject({ selectedFamilyMember: { Id: CHILD_ID } });
  });

  it('sends the patient to the screening form first when screening forms apply and are not answered yet', async () => {
    stubBookingApi({ forms: [screeningForm] });
    holdTestSlot();
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    expect(await screen.findByTestId('location')).toHaveTextContent('/screening-form');
  });

  it('sends a signed-out visitor to /login and comes back to the form afterwards', async () => {
    stubBookingApi();
    setSession({ user: null, accessToken: null, isGuest: true });
    holdTestSlot();
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('return_url')).toBe(PATH);
  });

  it('says when no time is held any more (missing or expired hold) and offers to find care', async () => {
    stubBookingApi();
    sessionStorage.setItem('slot_data', JSON.stringify({ ...held, expiresAt: '2026-11-23T13:39:00.000Z' }));
    renderRoute(<BookAppointmentFormPage />, { path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The time you picked is no longer held. Please choose a time again.',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Find care' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
