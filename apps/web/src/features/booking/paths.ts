/**
 * Booking-flow paths that other pages link to, kept out of the pages' modules so that linking to a page does
 * not load it (the booking form redirects to the screening form without loading its form renderer).
 */
export const SCREENING_FORM_PATH = '/screening-form';
