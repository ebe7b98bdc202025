import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CopayLink,
  Invoice,
  InvoiceAggregate,
  InvoicePage,
  InvoiceStatus,
  PaymentRefund,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const PAY = '/careslot-payment-service/api';
export const INVOICES_PAGE_SIZE = 20;

export interface InvoiceFilter {
  Status?: InvoiceStatus;
  FromDate?: string;
  ToDate?: string;
}

/** POST v1/invoices/advance-search: one page of the practice's invoices, newest first. */
export const invoicesQuery = (filter: InvoiceFilter, page: number) =>
  queryOptions({
    queryKey: ['invoices', filter, page],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: InvoicePage }>(`${PAY}/v1/invoices/advance-search`, {
          method: 'POST',
          body: { ...filter, Offset: (page - 1) * INVOICES_PAGE_SIZE, Limit: INVOICES_PAGE_SIZE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
export const useInvoices = (filter: InvoiceFilter, page: number) => useQuery(invoicesQuery(filter, page));

/** POST v1/payment-processor/refunds: the practice refunds part or all of a payment, with a reason. */
export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      TransactionId: string;
      AmountCents: number;
      Reason: string;
      IdempotencyKey: string;
    }) =>
      (
        await apiRequest<{ data: PaymentRefund }>(`${PAY}/v1/payment-processor/refunds`, {
          method: 'POST',
          body: input,
        })
      ).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['invoices'] }),
  });
}

/** GET v1/invoiceaggregator/{patientId}: the patient's invoices and balance. */
export const useInvoiceAggregate = (patientId: string | null) =>
  useQuery({
    queryKey: ['invoice-aggregate', patientId],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: InvoiceAggregate }>(`${PAY}/v1/invoiceaggregator/${patientId}`, { signal }))
        .data,
    enabled: patientId !== null,
  });

export const useCopayLink = (token: string) =>
  useQuery({
    queryKey: ['copay-link', token],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: CopayLink }>(`${PAY}/v1/web/appointment-copay`, {
          query: { token },
          signal,
        })
      ).data,
    enabled: token.length > 0,
    retry: false,
  });

export const payCopay = async (input: {
  Token: string;
  Card: { Number: string; ExpMonth: number; ExpYear: number; Cvc: string };
}) =>
  (
    await apiRequest<{ data: CopayLink }>(`${PAY}/v1/web/appointment-copay/pay`, {
      method: 'POST',
      body: input,
    })
  ).data;

/** The payments of an invoice that can still be refunded: captured, with what is left of each. */
export function refundable(invoice: Invoice): { transactionId: string; leftCents: number }[] {
  const paid = new Map<string, number>();
  for (const entry of invoice.Entries)
    if (entry.Kind === 'payment' && entry.TransactionId)
      paid.set(entry.TransactionId, (paid.get(entry.TransactionId) ?? 0) - entry.AmountCents);
  for (const refund of invoice.Refunds)
    if (refund.Status !== 'Failed')
      paid.set(refund.TransactionId, (paid.get(refund.TransactionId) ?? 0) - refund.AmountCents);
  return [...paid]
    .filter(([, left]) => left > 0)
    .map(([transactionId, leftCents]) => ({ transactionId, leftCents }));
}

export const formatMoney = (cents: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);
