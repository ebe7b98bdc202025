/**
 * The error catalogue of the spec (patient-booking.md §8, practice-portal.md §8).
 * The texts are the product's and are used exactly as written.
 */
export const HTTP_STATUS_MESSAGES = {
  400: "That's an error! The request you sent could not be understood by the server.",
  401: 'No authorization found. This page is not publically available. To access it, please log in first',
  403: 'This is a forbidden area. You do not have permission to access this server.',
  404: 'This page cannot be reached.',
  405: 'Your request can not be processed because this action is not allowed.',
  409: 'Already booked at this time.',
  500: 'Well, this is unexpected. An error has occurred and we’re trying to fix the problem. We’ll be up and running shortly.',
} as const;

export const OTHER_STATUS_MESSAGE = 'System encountered an unexpected error. Please try again.';

/** The duplicate-booking text a 409 carries; the client shows HTTP_STATUS_MESSAGES[409] for it. */
/** A patient already booked at another calendar at the same minute, where the calendar does not allow it (decision 0036). */
export const CONCURRENT_BOOKING_TEXT =
  'The patient already has an appointment at this time at another calendar';

export const DUPLICATE_BOOKING_TEXT =
  'Duplicate booking detected, the patient already has an appointment at this time, location, and entity';

export function messageForStatus(status: number): string {
  return status in HTTP_STATUS_MESSAGES
    ? HTTP_STATUS_MESSAGES[status as keyof typeof HTTP_STATUS_MESSAGES]
    : OTHER_STATUS_MESSAGE;
}

export const BOOKING_MESSAGES = {
  invalidOtp: 'You entered an invalid otp code',
  contactSupport: 'An error occurred while processing request. Please contact {email}',
  unableToBook: 'Unable to book appointment.',
  chooseDifferentSlot: 'Please choose a different time slot as this one is no longer available.',
  notConfirmedSlotGone:
    'Appointment could not be confirmed because the time slot was no longer available due to a scheduling conflict or a released hold.',
  errorOccured: 'Error occured',
  couldNotReserve: 'Could not reserve the selected slot. Please try another slot.',
  refundProcessed: 'Unable to book appointment, but your refund has been processed. Please try again',
  refundFailed: 'Unable to book appointment and refund processing failed',
  unableToAccessCustomer: 'Unable To Access Your {cardProviderA} Customer',
} as const;

export const SLOT_RESPONSE_TEXTS = {
  success: 'success',
  alreadyBooked: 'is already booked',
  notAvailable: 'calendar timeslot is not available',
  valueNull: 'value cannot be null',
  bookedOnNewSlot: 'Appointment booked on new slot',
  reservedNotFound: 'Unable to find reserved slot(s)',
  couldNotReserve: 'Could not reserve the selected slot. Please try another slot.',
  calendarReasonNull: 'Calendar Reason is null',
} as const;

export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'Invalid Username or password',
  loginFailed: 'Login Failed.',
  loggedIn: 'User Logged in successfully',
  noRole:
    'You’ve signed in successfully, but your account doesn’t have the required role or permissions to access this system. Please contact your administrator to request access.',
  rolesFailed: 'Something went wrong while retrieving practitioner roles.',
  tokenNotFound: 'Token not found',
  practitionerNotFound: 'Practitioner not found',
  ssoFailed: 'Something went wrong during login.',
  participantNotFound: 'Participant not found',
  signupFailed: 'Signup failed.',
  registrationFailed: 'User registration failed.',
  timezoneFailed: 'Failed to set timezone.',
  patientUpdated: 'Patient updated successfully.',
  patientUpdateFailed: 'Patient updated failed.',
  tokenExchangeFailed: 'Token exchange failed',
  noRecordFound: 'No record found',
} as const;

/** One field that failed validation: which field, which rule, and a sentence a person can read. */
export interface FieldIssue {
  field: string;
  rule: string;
  message: string;
}
