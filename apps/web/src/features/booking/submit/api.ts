import type {
  Appointment,
  BookAppointment,
  BookingResult,
  PaymentIntentInput,
  PaymentTransaction,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const CALENDAR = '/careslot-calendar/api/v2';
const APPOINTMENTS = '/careslot-appointment-service/api/v2';
const PAYMENTS = '/careslot-payment-service/api';

interface PaymentEnvelope<T> {
  status_code: number;
  message: string;
  data: T;
}

/** The spec's authorization call of each card provider (A: Stripe and the sandbox, B: Fortis, C: Global Payments). */
export const AUTHORIZE_PATHS = {
  stripe: 'v1/stripepayment/invoices/payment-intent',
  fortis: 'v1/fortispayment/invoices/payment-intent',
  globalpay: 'v1/globalpayment/process-amount',
} as const;

/** The calls step 9 and §4.5/§4.6 make; a seam so the flow can be tested without a server. */
export interface BookingApi {
  validateReservedSlot(slotIds: readonly string[]): Promise<boolean>;
  /** Authorizes the fee: on a saved card, or (gateway given) with the token of Fortis's or Global Payments' hosted field. */
  authorizeVisitFee(
    input: PaymentIntentInput,
    amount: number,
    gateway?: 'fortis' | 'globalpay',
  ): Promise<PaymentTransaction>;
  book(body: BookAppointment, idempotencyKey: string): Promise<BookingResult>;
  appointment(id: string): Promise<Appointment>;
  transaction(id: string): Promise<PaymentTransaction>;
  refund(transactionId: string, amount: number): Promise<PaymentTransaction>;
  releaseSlot(slotIds: readonly string[]): Promise<unknown>;
}

export const bookingApi: BookingApi = {
  validateReservedSlot: (slotIds) =>
    apiRequest<boolean>(`${CALENDAR}/slot/validate-reserved-slot`, {
      method: 'POST',
      body: { SlotIds: slotIds },
    }),
  authorizeVisitFee: async (input, amount, gateway) =>
    (
      await apiRequest<PaymentEnvelope<PaymentTransaction>>(
        `${PAYMENTS}/${AUTHORIZE_PATHS[gateway ?? 'stripe']}`,
        {
          method: 'POST',
          query: { amount },
          body: input,
        },
      )
    ).data,
  book: (body, idempotencyKey) =>
    apiRequest<BookingResult>(`${APPOINTMENTS}/Appointments`, {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
    }),
  appointment: async (id) =>
    (await apiRequest<{ data: Appointment }>(`${APPOINTMENTS}/Appointments/${encodeURIComponent(id)}`)).data,
  transaction: async (id) =>
    (
      await apiRequest<PaymentEnvelope<PaymentTransaction>>(
        `${PAYMENTS}/paymenttransaction/${encodeURIComponent(id)}`,
      )
    ).data,
  refund: async (transactionId, amount) =>
    (
      await apiRequest<PaymentEnvelope<PaymentTransaction>>(
        `${PAYMENTS}/v1/payment-processor/refund-amount`,
        {
          method: 'POST',
          body: {
            TransactionId: transactionId,
            Amount: amount,
            AuditTrail: { WorkflowOrServiceName: 'Online_Booking_Web' },
          },
        },
      )
    ).data,
  releaseSlot: (slotIds) =>
    apiRequest(`${CALENDAR}/slot/release`, { method: 'POST', body: { SlotIds: slotIds } }),
};
