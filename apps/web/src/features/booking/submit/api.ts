import type { Appointment, BookAppointment, BookingResult, PaymentIntentInput, PaymentTransaction } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const CALENDAR = '/careslot-calendar/api/v2';
const APPOINTMENTS = '/careslot-appointment-service/api/v2';
const PAYMENTS = '/careslot-payment-service/api';

interface PaymentEnvelope<T> {
  status_code: number;
  message: string;
  data: T;
}

/** The calls step 9 and §4.5/§4.6 make; a seam so the flow can be tested without a server. */
export interface BookingApi {
  validateReservedSlot(slotIds: readonly string[]): Promise<boolean>;
  authorizeVisitFee(input: PaymentIntentInput, amount: number): Promise<PaymentTransaction>;
  book(body: BookAppointment, idempotencyKey: string): Promise<BookingResult>;
  appointment(id: string): Promise<Appointment>;
  transaction(id: string): Promise<PaymentTransaction>;
  refund(transactionId: string, amount: number): Promise<PaymentTransaction>;
  releaseSlot(slotIds: readonly string[]): Promise<unknown>;
}

export const bookingApi: BookingApi = {
  validateReservedSlot: (slotIds) =>
    apiRequest<boolean>(`${CALENDAR}/slot/validate-reserved-slot`, { method: 'POST', body: { SlotIds: slotIds } }),
  authorizeVisitFee: async (input, amount) =>
    (
      await apiRequest<PaymentEnvelope<PaymentTransaction>>(`${PAYMENTS}/v1/stripepayment/invoices/payment-intent`, {
        method: 'POST',
        query: { amount },
        body: input,
      })
    ).data,
  book: (body, idempotencyKey) =>
    apiRequest<BookingResult>(`${APPOINTMENTS}/Appointments`, { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } }),
  appointment: async (id) =>
    (await apiRequest<{ data: Appointment }>(`${APPOINTMENTS}/Appointments/${encodeURIComponent(id)}`)).data,
  transaction: async (id) =>
    (await apiRequest<PaymentEnvelope<PaymentTransaction>>(`${PAYMENTS}/paymenttransaction/${encodeURIComponent(id)}`)).data,
  refund: async (transactionId, amount) =>
    (
      await apiRequest<PaymentEnvelope<PaymentTransaction>>(`${PAYMENTS}/v1/payment-processor/refund-amount`, {
        method: 'POST',
        body: { TransactionId: transactionId, Amount: amount, AuditTrail: { WorkflowOrServiceName: 'Online_Booking_Web' } },
      })
    ).data,
  releaseSlot: (slotIds) => apiRequest(`${CALENDAR}/slot/release`, { method: 'POST', body: { SlotIds: slotIds } }),
};
