import { calendarSlotDataSchema, STORAGE_KEYS, type CalendarSlotData } from '@careslot/contracts';
import type { BookingStage } from '@careslot/domain';

/** The book-appointment state of patient-booking.md 3.10 that this screen fills, kept in sessionStorage. */
export interface BookAppointmentState {
  appointmentInfo: { Reason: string };
  currentStage: BookingStage;
}

const STATE_KEY = 'book_appointment_state';

/** The held selection (slot_data), or null when there is none, it does not parse, or its hold has expired. */
export function readHeldSlot(now: Date = new Date()): CalendarSlotData | null {
  const raw = sessionStorage.getItem(STORAGE_KEYS.session.slotData);
  if (!raw) return null;
  try {
    const parsed = calendarSlotDataSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    return new Date(parsed.data.expiresAt).getTime() > now.getTime() ? parsed.data : null;
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
