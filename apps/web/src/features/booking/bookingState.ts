import {
  isCalendarSlotData,
  STORAGE_KEYS,
  type CalendarSlotData,
  type FormAnswers,
} from '@careslot/contracts';
import type { BookingStage } from '@careslot/domain';

/** The family member a booking is for (3.10 selectedFamilyMember); null or absent means the account holder. */
export interface SelectedFamilyMember {
  Id: string;
  Name: string;
  FirstName: string;
  LastName: string;
  Relationship: string;
}

/** The insurance chosen for the booking (3.7 booking insurance selection) and where it came from. */
export interface BookingInsurance {
  Insurance: { Display: string };
  SubscriberId: string | null;
  InsurancePlanId?: string | null;
  CoverageId?: string | null;
}

/** What the demographics screen holds while the patient types (3.10 patientDemographicsInfo). */
export interface DemographicsDraft {
  firstName: string;
  lastName: string;
  dob: string;
  gender: string;
  email: string;
  phone: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

/** The book-appointment state of patient-booking.md 3.10 that the booking screens fill, kept in sessionStorage. */
export interface BookAppointmentState {
  appointmentInfo: { Reason: string };
  currentStage: BookingStage;
  selectedFamilyMember?: SelectedFamilyMember | null;
  /** The forms answered for this booking, carried on the appointment (3.5 CustomForms). */
  customForms?: { CustomFormId: string; Name: string; FormType: string; PreBookingResponseId: string }[];
  /** The screening answers (per form) and, once saved, their WebPreBookingResponse ids. */
  screening?: { answers: Record<string, FormAnswers>; responseIds: string[]; done: boolean };
  /** The phone verification in progress (3.10 mobileVerificationWorkflow). */
  mobileVerificationWorkflow?: { requestId: string | null; phone: string; verified: boolean };
  patientDemographicsInfo?: DemographicsDraft;
  insurance?: BookingInsurance | null;
  /** The patient confirmed the insurance on file (insurance confirmation screen). */
  insuranceConfirmed?: boolean;
}

const STATE_KEY = 'book_appointment_state';

/** The held selection (slot_data), or null when there is none, it does not parse, or its hold has expired. */
export function readHeldSlot(now: Date = new Date()): CalendarSlotData | null {
  const raw = sessionStorage.getItem(STORAGE_KEYS.session.slotData);
  if (!raw) return null;
  try {
    const slot: unknown = JSON.parse(raw);
    if (!isCalendarSlotData(slot)) return null;
    return new Date(slot.expiresAt).getTime() > now.getTime() ? slot : null;
  } catch {
    return null;
  }
}

export function readBookingState(): BookAppointmentState | null {
  const raw = sessionStorage.getItem(STATE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as BookAppointmentState;
  } catch {
    return null;
  }
}

/** Kept across reloads, so a reload does not lose what the patient typed (3.10). */
export function saveBookingState(state: BookAppointmentState): void {
  sessionStorage.setItem(STATE_KEY, JSON.stringify(state));
}

/** Changes part of the state and keeps the rest; the state starts at the booking form. */
export function updateBookingState(change: Partial<BookAppointmentState>): BookAppointmentState {
  const current = readBookingState() ?? {
    appointmentInfo: { Reason: '' },
    currentStage: 'BOOKING_FORM' as BookingStage,
  };
  const next = { ...current, ...change };
  saveBookingState(next);
  return next;
}

/** The state can be reset (3.10): a new hold starts a new booking. */
export function resetBookingState(): void {
  sessionStorage.removeItem(STATE_KEY);
}
