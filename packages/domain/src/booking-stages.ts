import { REGIONS } from '@careslot/contracts';
/**
 * The booking stage machine (patient-booking.md §4.2, §2.1, §5.3).
 * The advance rules drive the flow, starting from the screening form (spec README decision); the enum order
 * is only a list. Each stage has an applicability rule; advancing skips every stage that does not apply.
 */

export const BOOKING_STAGES = [
  'BOOKING_FORM',
  'SMS_VERIFICATION',
  'SCREENING_FORM',
  'PATIENT_DEMOGRAPHICS',
  'QUESTIONAIER_FORMS',
  'INSURANCE',
  'INSURANCE_CONFIRMATION',
  'VERIFY_ELIGIBILITY',
  'ADD_CARD',
  'PAY_PAL',
  'PAYMENT',
  'BOOK_APPOINTMENT',
] as const;

export type BookingStage = (typeof BOOKING_STAGES)[number];

/** The order in which the advance rules visit the stages (rules 1–9). */
export const BOOKING_FLOW: readonly BookingStage[] = [
  'SCREENING_FORM',
  'BOOKING_FORM',
  'SMS_VERIFICATION',
  'PATIENT_DEMOGRAPHICS',
  'QUESTIONAIER_FORMS',
  'INSURANCE_CONFIRMATION',
  'INSURANCE',
  'VERIFY_ELIGIBILITY',
  'ADD_CARD',
  'PAY_PAL',
  'PAYMENT',
  'BOOK_APPOINTMENT',
];

/** Routes of §2.1. Stages without a route of their own are never shown (they never apply). */
export const BOOKING_STAGE_ROUTES: Readonly<Record<BookingStage, string | null>> = {
  BOOKING_FORM: '/book/book-appointment-form',
  SCREENING_FORM: '/screening-form',
  SMS_VERIFICATION: '/verification/phone-verify',
  PATIENT_DEMOGRAPHICS: '/book/collect-patient-demographics',
  QUESTIONAIER_FORMS: null,
  INSURANCE_CONFIRMATION: '/book/insurance-confirmation',
  INSURANCE: '/book/collect-insurance',
  VERIFY_ELIGIBILITY: null,
  ADD_CARD: '/book/add-card',
  PAY_PAL: '/book/pay-paypal',
  PAYMENT: '/book/pay',
  BOOK_APPOINTMENT: null,
};

/** Phone verification runs in one of the product's regions (REGIONS of contracts). */
export type VerificationRegion = (typeof REGIONS)[number];
export const DEFAULT_VERIFICATION_REGION: VerificationRegion = 'US';

/** What the advance rules look at. */
export interface BookingFlowContext {
  /** Screening forms are associated with the chosen slot (§4.3 step 7). */
  hasScreeningForms: boolean;
  phoneVerified: boolean;
  /** Schedule setting CollectPatientDemographics. */
  collectPatientDemographics: boolean;
  /** Schedule setting EnableInsurance. */
  enableInsurance: boolean;
  /** The chosen insurance name (see isInsured). */
  insuranceName: string | null | undefined;
  /** The visit-payment rule of §5.3, already evaluated for this patient and entity. */
  visitPaymentApplies: boolean;
  /**
   * The practice takes the visit fee through the wallet (PayPal, decision 0024): the fee is paid on the wallet
   * page (PAY_PAL) instead of the card page (PAYMENT). Absent means a card gateway.
   */
  walletPayment?: boolean;
}

/** Insurance choices that mean "no insurance" (constants: insurance choices). */
export const NOT_INSURED_CHOICES = [
  'Self paying',
  'Self Paying',
  'Self',
  'Self Pay',
  'Skip insurance',
  "I don't have insurance",
  "I can't find my insurance in the list",
  "I'll choose my insurance later",
] as const;

const NOT_INSURED_KEYWORDS = [
  'choose later',
  'choose my insurance later',
  'skip',
  'self pay',
  'self paying',
  "don't have insurance",
  "can't find my insurance",
];

function normalize(value: string): string {
  return value.trim().toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ');
}

/** 'Insured': the insurance name is set and is none of choose later, skip, self pay, don't have insurance. */
export function isInsured(insuranceName: string | null | undefined): boolean {
  if (insuranceName == null) return false;
  const name = normalize(insuranceName);
  if (name === '' || name === 'self') return false;
  return !NOT_INSURED_KEYWORDS.some((keyword) => name.includes(keyword));
}

function applies(stage: BookingStage, ctx: BookingFlowContext): boolean {
  switch (stage) {
    case 'SCREENING_FORM':
      return ctx.hasScreeningForms;
    case 'BOOKING_FORM':
      return true;
    case 'SMS_VERIFICATION':
      return !ctx.phoneVerified;
    case 'PATIENT_DEMOGRAPHICS':
      return ctx.collectPatientDemographics;
    case 'INSURANCE_CONFIRMATION':
      return ctx.enableInsurance && isInsured(ctx.insuranceName);
    case 'INSURANCE':
      return ctx.enableInsurance;
    case 'PAYMENT':
      return ctx.visitPaymentApplies && !ctx.walletPayment;
    case 'PAY_PAL':
      return ctx.visitPaymentApplies && ctx.walletPayment === true;
    case 'BOOK_APPOINTMENT':
      return true;
    // No route in §2.1 (questionnaire, eligibility); card on file is "currently never applicable" (the pay
    // page offers the card form when there is no saved card).
    case 'QUESTIONAIER_FORMS':
    case 'VERIFY_ELIGIBILITY':
    case 'ADD_CARD':
      return false;
  }
}

/** The stage the patient lands on first. */
export function firstBookingStage(ctx: BookingFlowContext): BookingStage {
  return nextStageFrom(-1, ctx);
}

/** The next applicable stage after the completed one; BOOK_APPOINTMENT is last and stays last. */
export function nextBookingStage(completed: BookingStage, ctx: BookingFlowContext): BookingStage {
  if (completed === 'BOOK_APPOINTMENT') return 'BOOK_APPOINTMENT';
  return nextStageFrom(BOOKING_FLOW.indexOf(completed), ctx);
}

function nextStageFrom(index: number, ctx: BookingFlowContext): BookingStage {
  for (let i = index + 1; i < BOOKING_FLOW.length; i += 1) {
    const stage = BOOKING_FLOW[i] as BookingStage;
    if (applies(stage, ctx)) return stage;
  }
  return 'BOOK_APPOINTMENT';
}

/** Every stage the patient will pass, in order, for this context (used for a progress indicator). */
export function bookingPath(ctx: BookingFlowContext): BookingStage[] {
  return BOOKING_FLOW.filter((stage) => applies(stage, ctx));
}

export function isStageApplicable(stage: BookingStage, ctx: BookingFlowContext): boolean {
  return applies(stage, ctx);
}

/** The route of a stage; BOOK_APPOINTMENT happens on the last page shown, so it has none. */
export function routeForStage(stage: BookingStage): string | null {
  return BOOKING_STAGE_ROUTES[stage];
}

/** Which stage a booking URL belongs to; any URL containing 'pay' counts as the payment page. */
export function stageForPath(pathname: string): BookingStage | null {
  const path = pathname.split(/[?#]/)[0] ?? '';
  for (const stage of BOOKING_FLOW) {
    const route = BOOKING_STAGE_ROUTES[stage];
    if (route != null && (path === route || path === `${route}/`)) return stage;
  }
  if (path.includes('pay')) return 'PAYMENT';
  return null;
}

/** Rule 2: phone verification runs in the calendar's supported region (PK or US), US by default. */
export function verificationRegion(
  supportedRegions: readonly string[] | null | undefined,
): VerificationRegion {
  for (const region of supportedRegions ?? []) {
    const upper = region.trim().toUpperCase();
    if ((REGIONS as readonly string[]).includes(upper)) return upper as VerificationRegion;
  }
  return DEFAULT_VERIFICATION_REGION;
}

/** Rule 9: what to do with the result of validate-reserved-slot. */
export type ReservedSlotCheck = 'error' | 'available' | 'unavailable';
export type BookAppointmentAction = 'book' | 'refund' | 'reschedule';

export function bookAppointmentAction(
  check: ReservedSlotCheck,
  visitFeePaid: boolean,
): BookAppointmentAction {
  switch (check) {
    case 'error':
    case 'available':
      return 'book';
    case 'unavailable':
      return visitFeePaid ? 'refund' : 'reschedule';
  }
}

/** The audit workflow stamped on the booking (rule 9). */
export const ONLINE_BOOKING_WORKFLOW = 'Online_Booking_Web';
