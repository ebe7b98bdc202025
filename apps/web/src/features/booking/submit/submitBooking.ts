import {
  BOOKING_MESSAGES,
  DUPLICATE_BOOKING_TEXT,
  HTTP_STATUS_MESSAGES,
  PAYMENT_MESSAGES,
  type Appointment,
  type BookAppointment,
  type CalendarSlotData,
  type PaymentTransaction,
} from '@careslot/contracts';
import {
  appointmentTypeOf,
  bookAppointmentAction,
  bookingPopup,
  isBookingSuccess,
  NON_PATIENT_DASHBOARD_PATH,
  ONLINE_BOOKING_WORKFLOW,
  PORTAL_BASE,
  portalDetailsPath,
  scheduleTypeFor,
  type BookingPopup,
  type ReservedSlotCheck,
} from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { chosenReason, visitFactsOf } from '../visitKind';
import type { BookingApi } from './api';

/** 4.5 step 4: what an appointment the practice system marked Entered-In-Error says. */
export const ENTERED_IN_ERROR_TEXT = 'Unable to book appointment';

/** The booking web app's name and workflow in BookingSystem (the server stamps the same). */
export const BOOKING_SYSTEM_NAME = 'careslot_Web';

export type AppointmentType = BookAppointment['AppointmentType'];

/** The visit fee to authorize before the booking (§4.2 rule 8, §5.3), on a card the patient saved. */
export interface VisitFeePayment {
  PaymentMethodId: string;
  /**
   * Whose call authorizes it: a saved card (Stripe, the sandbox) by default; the one-time token of Fortis's or
   * Global Payments' hosted card field through their own call (decision 0077).
   */
  Gateway?: 'fortis' | 'globalpay' | undefined;
  /** The fee shown to the patient; the server checks it is the practice's fee for this visit. */
  Amount: number;
  OrganizationId: string;
  LocationId?: string | undefined;
  /** 'provider' or 'resource' (the entity whose VisitFeeDetails apply). */
  EntityType: string;
  EntityId: string;
  Insured: boolean;
}

/** Everything step 9 books (§3.5), gathered by the stages before it. */
export interface BookingSubmission {
  /** The held selection (slot_data). */
  slot: CalendarSlotData;
  /** The Patient participant: the patient themself, or the family member chosen on the booking form (3.10). */
  patient: { Id: string; FirstName: string; LastName: string };
  /** Other participants (the practitioner is added from the slot's entity when it is one). */
  participants?: BookAppointment['Participants'];
  appointmentType?: AppointmentType;
  scheduleType?: BookAppointment['ScheduleType'];
  reasons?: BookAppointment['Reasons'];
  serviceCategory?: BookAppointment['ServiceCategory'];
  serviceType?: BookAppointment['ServiceType'];
  customForms?: BookAppointment['CustomForms'];
  consents?: BookAppointment['Consents'];
  coverages?: BookAppointment['PatientCoverages'];
  /** The visit fee to authorize when a visit payment applies; null or absent when none does. */
  payment?: VisitFeePayment | null;
  /**
   * The visit fee already authorized through the wallet (PayPal, decision 0024): its transaction pays for the
   * booking as it is, nothing more is authorized.
   */
  walletTransactionId?: string | null;
  /** Where a failure goes back to (originUrl of 3.10); the portal when absent. */
  originUrl?: string | null;
  /** The signed-in user is a Patient (after booking a patient goes to the portal, others to /dashboard/doctor). */
  bookedByPatient?: boolean;
}

export type BookingOutcome =
  /** Booked and confirmed or pending: go to `redirect`, where the popup shows. */
  | { kind: 'booked'; appointment: Appointment | null; popup: BookingPopup | null; redirect: string }
  /** The held slot is gone and nothing was paid: the reschedule dialog of 4.7. */
  | { kind: 'reschedule' }
  /** The card was refused (declined, insufficient funds): stay on the pay page and say so. */
  | { kind: 'payment-failed'; message: string; code: MessageCode }
  /** Duplicate booking (§8): the already-booked text; the hold is released; go to the portal. */
  | { kind: 'duplicate'; message: string; code: 'alreadyBooked'; redirect: string }
  /** Nothing reached the server (the booking code itself could not load): say so and stay, to press again. */
  | { kind: 'not-sent'; code: 'unableToBook' }
  /** Any other failure, after the refund of 4.6 when one was due: say `message`, go to `redirect`. */
  | {
      kind: 'failed';
      message: string;
      code: MessageCode;
      details?: string;
      redirect: string;
      refund: 'processed' | 'failed' | null;
    };

/** Which catalogue text an outcome carries, so the page can show it in the user's language. */
export type MessageCode =
  | 'unableToBook'
  | 'enteredInError'
  | 'refundProcessed'
  | 'refundFailed'
  | 'alreadyBooked'
  | 'declined'
  | 'insufficientFunds'
  | 'paymentRefused'
  | 'errorOccured';

export interface SubmitDeps {
  api: BookingApi;
  /** Settles the status of the new appointment (4.5 steps 1-2), see statusWatch.ts. */
  settle: (id: string, fetchOnce: () => Promise<Appointment>) => Promise<Appointment>;
  /** A fresh idempotency key for this submission. */
  newKey?: () => string;
}

const isDuplicate = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.message.includes(DUPLICATE_BOOKING_TEXT) || error.message === HTTP_STATUS_MESSAGES[409]);

const isSlotGone = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.message === BOOKING_MESSAGES.chooseDifferentSlot ||
    error.message === BOOKING_MESSAGES.notConfirmedSlotGone);

const isNetworkError = (error: unknown) =>
  !(error instanceof ApiError) && !(error instanceof DOMException && error.name === 'AbortError');

function participantsOf(input: BookingSubmission): BookAppointment['Participants'] {
  const patient = {
    Type: 'Patient' as const,
    ParticipantId: input.patient.Id,
    FirstName: input.patient.FirstName,
    LastName: input.patient.LastName,
  };
  const others = (input.participants ?? []).filter((p) => p.Type !== 'Patient');
  const entity = input.slot.entity;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!others.length && uuid.test(entity.Id)) {
    const type =
      entity.Type === 'HealthCareService' || entity.Type === 'Resource'
        ? 'HealthCareService'
        : 'Practitioner';
    others.push({ Type: type, ParticipantId: entity.Id });
  }
  return [patient, ...others];
}

/**
 * Walk-In or Scheduled (decision 0023): a booking is a walk-in when the chosen reason is a walk-in visit, or
 * when the slot offers nothing but walk-ins. A walk-in joins the provider's queue of the day.
 */
export function scheduleTypeOf(slot: CalendarSlotData): BookAppointment['ScheduleType'] {
  return scheduleTypeFor(visitFactsOf(slot));
}

/** Office, TeleHealth or Resource (issue 30 item 1): the reason, the filter or the schedule decides. */
export function appointmentTypeOfSlot(slot: CalendarSlotData): AppointmentType {
  return appointmentTypeOf(visitFactsOf(slot));
}

/** The chosen reason and its category as the booking's ServiceType and ServiceCategory (3.5); empty for 'All'. */
function reasonOf(slot: CalendarSlotData): Pick<BookAppointment, 'ServiceType' | 'ServiceCategory'> {
  const reason = chosenReason(slot);
  if (!reason) return { ServiceType: [], ServiceCategory: [] };
  const category = slot.time_slot.ServiceCategory?.find((c) => c.Id === reason.ServiceCategoryId);
  return {
    ServiceType: [
      {
        Id: reason.Id,
        Name: reason.Name,
        Duration: reason.Duration,
        ...(reason.ServiceCategoryId ? { ServiceCategoryId: reason.ServiceCategoryId } : {}),
      },
    ],
    ServiceCategory: category ? [{ Id: category.Id, Name: category.Name, Duration: category.Duration }] : [],
  };
}

/** The POST Appointments body of step 9: BookingSystem, AuditTrail (Online_Booking_Web), participants and the rest. */
export function bookingBody(
  input: BookingSubmission,
  paymentTransactionId: string | null,
  now: Date = new Date(),
): BookAppointment {
  const reason = reasonOf(input.slot);
  return {
    CalendarId: input.slot.calendarId,
    StartTime: new Date(input.slot.time_slot.Start).toISOString(),
    EndTime: new Date(input.slot.time_slot.End).toISOString(),
    AppointmentType: input.appointmentType ?? appointmentTypeOfSlot(input.slot),
    ScheduleType: input.scheduleType ?? scheduleTypeOf(input.slot),
    Participants: participantsOf(input),
    Reasons: input.reasons ?? [],
    ServiceCategory: input.serviceCategory ?? reason.ServiceCategory,
    ServiceType: input.serviceType ?? reason.ServiceType,
    CustomForms: input.customForms ?? [],
    Consents: input.consents ?? [],
    PatientCoverages: input.coverages ?? [],
    Payments: paymentTransactionId ? [{ PaymentTransactionId: paymentTransactionId }] : [],
    BookingSystem: {
      Type: 'Internal',
      Name: BOOKING_SYSTEM_NAME,
      LastChangedSource: BOOKING_SYSTEM_NAME,
      LastChangedDate: now.toISOString(),
      Workflow: input.slot.workflow,
    },
    AuditTrail: { WorkflowOrServiceName: ONLINE_BOOKING_WORKFLOW },
  };
}

async function checkReservedSlot(api: BookingApi, slotIds: readonly string[]): Promise<ReservedSlotCheck> {
  try {
    return (await api.validateReservedSlot(slotIds)) ? 'available' : 'unavailable';
  } catch {
    // §8: a slot validation error falls back to booking.
    return 'error';
  }
}

/**
 * §4.6: a payment whose booking failed is refunded when it was captured (PaymentTransactionId set,
 * PaidAmount > 0, status Captured). With this product's authorize-then-capture flow the server has
 * normally cancelled the authorization already, and there is nothing to refund.
 */
async function refundIfCaptured(
  api: BookingApi,
  transactionId: string | null,
): Promise<'processed' | 'failed' | null> {
  if (!transactionId) return null;
  let transaction: PaymentTransaction;
  try {
    transaction = await api.transaction(transactionId);
  } catch {
    return null;
  }
  if (transaction.Status !== 'Captured' || !(transaction.PaidAmount > 0)) return null;
  try {
    await api.refund(transaction.Id, transaction.PaidAmount);
    return 'processed';
  } catch {
    return 'failed';
  }
}

const releaseQuietly = async (api: BookingApi, slotIds: readonly string[]) => {
  try {
    await api.releaseSlot(slotIds);
  } catch {
    // A release failure is ignored (§4.3 step 3).
  }
};

/** §8: any other booking failure says 'Unable to book appointment.'; a 400 also names what to fix. */
function failureOf(error: unknown, redirect: string): BookingOutcome {
  const details =
    error instanceof ApiError && error.status === 400 && error.issues.length
      ? error.issues.map((i) => i.message).join(' ')
      : undefined;
  return {
    kind: 'failed',
    message: details ? `${BOOKING_MESSAGES.unableToBook} ${details}` : BOOKING_MESSAGES.unableToBook,
    code: 'unableToBook',
    ...(details ? { details } : {}),
    redirect,
    refund: null,
  };
}

function paymentFailure(error: unknown): BookingOutcome {
  if (error instanceof ApiError) {
    const code: MessageCode =
      error.message === PAYMENT_MESSAGES.declined
        ? 'declined'
        : error.message === PAYMENT_MESSAGES.insufficientFunds
          ? 'insufficientFunds'
          : 'paymentRefused';
    return { kind: 'payment-failed', message: error.message, code };
  }
  return { kind: 'payment-failed', message: BOOKING_MESSAGES.errorOccured, code: 'errorOccured' };
}

/**
 * Step 9 of the booking flow (§4.2) and what follows it (§4.5, §4.6, §8):
 * validate the held slot; authorize the visit fee when one applies; POST Appointments with an idempotency
 * key (a lost answer is retried once with the same key, so it never books twice); settle the status
 * (pushed update, else one poll after 6 s). 4.5 step 3 (the practice's relation with the patient) is the
 * server's, recorded in the booking transaction (decision 0026): a closed tab cannot lose it.
 * It never navigates or shows anything itself: the hook does, from the outcome.
 */
export async function submitBooking(deps: SubmitDeps, input: BookingSubmission): Promise<BookingOutcome> {
  const { api } = deps;
  const slotIds = input.slot.time_slot.SlotIds;
  const fallback = input.originUrl || PORTAL_BASE;

  const check = await checkReservedSlot(api, slotIds);
  // Nothing is paid yet at this point (the fee is authorized only now), so an unavailable slot reschedules.
  if (bookAppointmentAction(check, false) !== 'book') return { kind: 'reschedule' };

  let transactionId: string | null = input.walletTransactionId ?? null;
  if (!transactionId && input.payment) {
    const { Amount, Gateway, ...intent } = input.payment;
    try {
      const authorizeIntent = {
        PatientId: input.patient.Id,
        OrganizationId: intent.OrganizationId,
        ...(intent.LocationId ? { LocationId: intent.LocationId } : {}),
        EntityType: intent.EntityType,
        EntityId: intent.EntityId,
        Insured: intent.Insured,
        PaymentMethodId: intent.PaymentMethodId,
      };
      // A saved card through provider A's call; a hosted field's token through its own gateway's (decision 0077).
      const authorized = Gateway
        ? await api.authorizeVisitFee(authorizeIntent, Amount, Gateway)
        : await api.authorizeVisitFee(authorizeIntent, Amount);
      transactionId = authorized.Id;
    } catch (error) {
      // A declined card keeps the held time while the patient stays on the payment page to try another card
      // (the payment form offers exactly that); leaving the booking flow lets it go (RootLayout).
      return paymentFailure(error);
    }
  }

  const key = (deps.newKey ?? (() => crypto.randomUUID()))();
  const body = bookingBody(input, transactionId);
  let appointmentId: string;
  try {
    let result;
    try {
      result = await api.book(body, key);
    } catch (error) {
      // The answer was lost (connection dropped): the same key answers the first booking, or books now.
      if (!isNetworkError(error)) throw error;
      result = await api.book(body, key);
    }
    appointmentId = result.data;
  } catch (error) {
    if (isDuplicate(error)) {
      await releaseQuietly(api, slotIds);
      return {
        kind: 'duplicate',
        message: HTTP_STATUS_MESSAGES[409],
        code: 'alreadyBooked',
        redirect: PORTAL_BASE,
      };
    }
    if (isSlotGone(error)) {
      const refund = await refundIfCaptured(api, transactionId);
      if (refund === null) return { kind: 'reschedule' };
      return refundFailure(api, slotIds, refund, fallback);
    }
    const refund = await refundIfCaptured(api, transactionId);
    if (refund) return refundFailure(api, slotIds, refund, fallback);
    return failureOf(error, fallback);
  }

  let appointment: Appointment;
  try {
    appointment = await deps.settle(appointmentId, () => api.appointment(appointmentId));
  } catch {
    // The booking committed (the server said so); its status could not be read back. The portal shows it.
    return {
      kind: 'booked',
      appointment: null,
      popup: null,
      redirect: afterBooking(input, appointmentId, body.AppointmentType),
    };
  }

  if (!isBookingSuccess(appointment.Status)) {
    // Entered-In-Error (or any other refusal by the practice system): 4.5 step 4.
    return {
      kind: 'failed',
      message: ENTERED_IN_ERROR_TEXT,
      code: 'enteredInError',
      redirect: fallback,
      refund: null,
    };
  }

  return {
    kind: 'booked',
    appointment,
    popup: bookingPopup(appointment),
    redirect: afterBooking(input, appointment.Id, appointment.AppointmentType),
  };
}

async function refundFailure(
  api: BookingApi,
  slotIds: readonly string[],
  refund: 'processed' | 'failed',
  redirect: string,
): Promise<BookingOutcome> {
  if (refund === 'processed') {
    await releaseQuietly(api, slotIds);
    return {
      kind: 'failed',
      message: BOOKING_MESSAGES.refundProcessed,
      code: 'refundProcessed',
      redirect,
      refund,
    };
  }
  return { kind: 'failed', message: BOOKING_MESSAGES.refundFailed, code: 'refundFailed', redirect, refund };
}

function afterBooking(input: BookingSubmission, id: string, type: string): string {
  return input.bookedByPatient === false ? NON_PATIENT_DASHBOARD_PATH : portalDetailsPath(id, type);
}
