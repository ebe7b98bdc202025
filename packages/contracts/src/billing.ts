import { z } from 'zod';

/**
 * Invoices, their ledger, practice refunds and copay requests (practice-portal.md §3.7, §7 Payments; decision
 * 0098). Every amount is in integer cents (`...Cents`); an invoice's balance is the sum of its entries.
 */
export const INVOICE_ENTRY_KINDS = ['charge', 'payment', 'refund', 'adjustment'] as const;
export type InvoiceEntryKind = (typeof INVOICE_ENTRY_KINDS)[number];
export const INVOICE_CATEGORIES = ['visit_fee', 'copay', 'other'] as const;
export type InvoiceCategory = (typeof INVOICE_CATEGORIES)[number];
/** Open: something is owed; Paid: nothing is; Credit: the patient paid more than is owed; Void: cancelled. */
export const INVOICE_STATUSES = ['Open', 'Paid', 'Credit', 'Void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const BILLING_MESSAGES = {
  invoiceCreated: 'The invoice was created',
  refunded: 'The refund was made',
  copayRequested: 'The copay request was sent',
  copayPaid: 'The copay was paid. Thank you!',
  exceedsRefundable: 'must not exceed what is left to refund on this payment',
  linkInvalid: 'This payment link is not valid or was already used',
} as const;

const cents = z.number().int();
const uuid = z.string().uuid();

export const invoiceEntrySchema = z.object({
  Id: uuid,
  Kind: z.enum(INVOICE_ENTRY_KINDS),
  Category: z.enum(INVOICE_CATEGORIES),
  AmountCents: cents,
  Description: z.string().nullable(),
  TransactionId: uuid.nullable(),
  RefundId: uuid.nullable(),
  CreatedOn: z.string(),
});
export type InvoiceEntry = z.infer<typeof invoiceEntrySchema>;

export const REFUND_STATUSES = ['Pending', 'Succeeded', 'Failed'] as const;
export const paymentRefundSchema = z.object({
  Id: uuid,
  TransactionId: uuid,
  InvoiceId: uuid.nullable(),
  AmountCents: cents,
  Reason: z.string(),
  Status: z.enum(REFUND_STATUSES),
  Gateway: z.string(),
  CreatedOn: z.string(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

export const invoiceSchema = z.object({
  Id: uuid,
  OrganizationId: uuid,
  PatientId: uuid,
  PatientName: z.string().nullable(),
  AppointmentId: uuid.nullable(),
  LocationId: uuid.nullable(),
  Status: z.enum(INVOICE_STATUSES),
  ChargedCents: cents,
  PaidCents: cents,
  RefundedCents: cents,
  AdjustedCents: cents,
  BalanceCents: cents,
  Entries: z.array(invoiceEntrySchema),
  Refunds: z.array(paymentRefundSchema),
  CreatedOn: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceLineInputSchema = z.object({
  Category: z.enum(INVOICE_CATEGORIES),
  AmountCents: z.number().int().positive().max(10_000_000),
  Description: z.string().trim().max(200).optional(),
});

/** POST v1/invoices: an invoice of other charges for a patient of the practice. */
export const invoiceCreateSchema = z.object({
  OrganizationId: uuid,
  PatientId: uuid,
  AppointmentId: uuid.optional(),
  Lines: z.array(invoiceLineInputSchema).min(1).max(20),
});
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;

/** PUT v1/invoices/{id}: add charges, or void the invoice. */
export const invoiceUpdateSchema = z.object({
  Lines: z.array(invoiceLineInputSchema).max(20).optional(),
  Void: z.boolean().optional(),
});

export const invoiceSearchSchema = z.object({
  OrganizationId: uuid.optional(),
  PatientId: uuid.optional(),
  Status: z.enum(INVOICE_STATUSES).optional(),
  FromDate: z.string().date().optional(),
  ToDate: z.string().date().optional(),
  Offset: z.number().int().min(0).default(0),
  Limit: z.number().int().min(1).max(100).default(20),
});
export type InvoiceSearch = z.infer<typeof invoiceSearchSchema>;
export const invoicePageSchema = z.object({ Data: z.array(invoiceSchema), Total: z.number().int() });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const invoiceReferenceQuerySchema = z.object({ type: z.enum(['Appointment']), id: uuid });

/** GET v1/invoiceaggregator/{patientId}: the patient's invoices and balance (at one practice, or all). */
export const invoiceAggregateSchema = z.object({
  PatientId: uuid,
  OrganizationId: uuid.nullable(),
  BalanceCents: cents,
  PaidCents: cents,
  RefundedCents: cents,
  Invoices: z.array(invoiceSchema),
});
export type InvoiceAggregate = z.infer<typeof invoiceAggregateSchema>;
export const invoiceAggregateQuerySchema = z.object({ organizationId: uuid.optional() });

/** A practice's refund of a captured payment, with its reason (patient-booking.md §4.6). */
export const practiceRefundSchema = z.object({
  TransactionId: uuid,
  AmountCents: z.number().int().positive(),
  Reason: z.string().trim().min(3).max(500),
  /** The same key again (a retry) refunds once. */
  IdempotencyKey: z.string().trim().min(8).max(100),
});
export type PracticeRefund = z.infer<typeof practiceRefundSchema>;

/** POST v1/web/appointment-copay/request: a copay request by e-mail or SMS, with a payment link. */
export const copayRequestInputSchema = z.object({
  AppointmentId: uuid,
  AmountCents: z.number().int().positive().max(1_000_000),
  Channel: z.enum(['email', 'sms']),
});
export type CopayRequestInput = z.infer<typeof copayRequestInputSchema>;
export const copayRequestSchema = z.object({
  Id: uuid,
  InvoiceId: uuid,
  AppointmentId: uuid.nullable(),
  AmountCents: cents,
  Channel: z.enum(['email', 'sms']),
  Status: z.enum(['Sent', 'Paid', 'Canceled']),
  CreatedOn: z.string(),
});
export type CopayRequest = z.infer<typeof copayRequestSchema>;
/** What the payment link shows before paying (no patient data: the practice and the amount). */
export const copayLinkSchema = z.object({
  PracticeName: z.string().nullable(),
  AmountCents: cents,
  Status: z.enum(['Sent', 'Paid', 'Canceled']),
});
export type CopayLink = z.infer<typeof copayLinkSchema>;
export const copayPaySchema = z.object({
  Token: z.string().min(20).max(200),
  Card: z.object({
    Number: z.string().regex(/^\d{12,19}$/),
    ExpMonth: z.number().int().min(1).max(12),
    ExpYear: z.number().int().min(2000).max(2100),
    Cvc: z.string().regex(/^\d{3,4}$/),
  }),
});
export const copayTokenQuerySchema = z.object({ token: z.string().min(20).max(200) });

/** GET paymenttransactions/invoice?invoiceId=. */
export const invoiceIdQuerySchema = z.object({ invoiceId: uuid });
