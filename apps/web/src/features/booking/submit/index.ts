/**
 * The booking submission (step 9 of patient-booking.md §4.2 and §4.5–4.7) for the last booking stage:
 *
 *   const booking = useSubmitBooking();
 *   await booking.submit({ slot, patient, reasons, customForms, coverages, payment, originUrl });
 *   ...
 *   {booking.dialogs}   // the reschedule dialog when the slot is gone
 *   {booking.paymentError && <Alert>{booking.paymentError}</Alert>}
 */
export { useSubmitBooking, type SubmitBookingHandle } from './useSubmitBooking';
export type { BookingOutcome, BookingSubmission, VisitFeePayment } from './submitBooking';
