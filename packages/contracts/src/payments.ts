import { z } from 'zod';
import { PAYMENT_TRANSACTION_STATUSES, type PaymentTransactionStatus } from './constants';
import { gatewaySettingsSchema } from './payment-settings';

/** Payment transaction statuses (patient-booking.md §4.1). */
export type PaymentStatus = PaymentTransactionStatus;

/** A gateway as read: the spec's GatewayName and AccountNumber (masked), and this product's account fields (decision 0055). */
const gatewayRef = gatewaySettingsSchema;

/** §3.8 visit payment config, one level at a time (organization, location, entity). */
export const organizationPaymentConfigSchema = z.object({
  OrganizationId: z.string().uuid(),
  EnableOnlinePayment: z.boolean(),
  Gateway: gatewayRef,
});
export type OrganizationPaymentConfig = z.infer<typeof organizationPaymentConfigSchema>;

export const locationPaymentConfigSchema = z.object({
  OrganizationId: z.string().uuid(),
  LocationId: z.string().uuid(),
  Gateway: gatewayRef,
});
export type LocationPaymentConfig = z.infer<typeof locationPaymentConfigSchema>;

export const entityPaymentConfigSchema = z.object({
  OrganizationId: z.string().uuid(),
  EntityType: z.string(),
  EntityId: z.string().uuid(),
  /** The spec's amounts in dollars (the booking flow's), and the same in integer cents (what is stored and written). */
  VisitFeeDetails: z.object({
    Enable: z.boolean(),
    InsuredAmount: z.number(),
    UninsuredAmount: z.number(),
    InsuredAmountCents: z.number().int(),
    UninsuredAmountCents: z.number().int(),
  }),
});
export type EntityPaymentConfig = z.infer<typeof entityPaymentConfigSchema>;

export const organizationConfigQuerySchema = z.object({ organizationId: z.string().uuid() });
export const locationConfigQuerySchema = z.object({
  organizationId: z.string().uuid(),
  locationId: z.string().uuid(),
});
export const entityConfigQuerySchema = z.object({
  organizationId: z.string().uuid(),
  entityType: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .transform((v) => v.toLowerCase()),
  entityId: z.string().uuid(),
});

export function paymentEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status_code: z.number().int(), message: z.string(), data });
}

/**
 * A card to keep for the patient. With the sandbox the card form sends the test card itself; with Stripe
 * the browser tokenises the card and only the PaymentMethodId (pm_...) reaches this server.
 */
export const paymentMethodInputSchema = z
  .object({
    PatientId: z.string().uuid(),
    /** A card the browser tokenised with Stripe Elements (a PaymentMethod id); the server attaches it. */
    PaymentMethodId: z
      .string()
      .trim()
      .max(100)
      .regex(/^pm_[A-Za-z0-9_]+$/, { message: 'must be a Stripe PaymentMethod id (pm_...)' })
      .optional(),
    Card: z
      .object({
        Number: z
          .string()
          .transform((v) => v.replace(/[\s-]/g, ''))
          .pipe(z.string().regex(/^\d{12,19}$/, { message: 'must be 12 to 19 digits' })),
        ExpMonth: z.coerce.number().int().min(1).max(12),
        ExpYear: z.coerce.number().int().min(2000).max(2100),
        Cvc: z.string().regex(/^\d{3,4}$/, { message: 'must be 3 or 4 digits' }),
        Name: z.string().trim().max(100).optional(),
      })
      .optional(),
  })
  .refine((v) => (v.PaymentMethodId ? 1 : 0) + (v.Card ? 1 : 0) === 1, {
    message: 'send either PaymentMethodId or Card',
    path: ['Card'],
  });
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;

export const paymentMethodSchema = z.object({
  Id: z.string(),
  Brand: z.string(),
  /** §9 card masking: 'xxxxxxxxxx' + the last digits. */
  MaskedNumber: z.string(),
  Last4: z.string(),
  ExpMonth: z.number().int(),
  ExpYear: z.number().int(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The customer payment methods answer of §7: status_code and data.data list. */
export const paymentMethodListSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.object({ data: z.array(paymentMethodSchema) }),
});
export const patientIdQuery = z.object({ patientId: z.string().uuid() });

/** POST v1/stripepayment/invoices/payment-intent?amount=: authorize the visit fee on a saved card. */
export const paymentIntentQuerySchema = z.object({ amount: z.coerce.number().positive().max(100_000) });
export const paymentIntentInputSchema = z.object({
  PatientId: z.string().uuid(),
  OrganizationId: z.string().uuid(),
  LocationId: z.string().uuid().optional(),
  EntityType: z.string().trim().min(1).max(40),
  EntityId: z.string().uuid(),
  /**
   * Whether the patient counts as insured (§4.2 'insured'): picks InsuredAmount or UninsuredAmount. The
   * insured amount applies only when an active coverage of the patient is on file (the one named by
   * CoverageId, when given); otherwise the uninsured amount is the fee.
   */
  Insured: z.boolean(),
  CoverageId: z.string().uuid().optional(),
  PaymentMethodId: z.string().trim().min(3).max(100),
});
export type PaymentIntentInput = z.infer<typeof paymentIntentInputSchema>;

/**
 * POST v1/fortispayment/elements/intention and v1/globalpayment/access-token (decision 0077): the practice (and the
 * location whose gateway applies) whose hosted card field the browser is about to show.
 */
export const cardFieldSessionInputSchema = z.object({
  OrganizationId: z.string().uuid(),
  LocationId: z.string().uuid().optional(),
});
export type CardFieldSessionInput = z.infer<typeof cardFieldSessionInputSchema>;

/**
 * What the hosted card field starts with: Fortis Elements' client token (a transaction intention for a one-time
 * card token) or a Global Payments access token that may only create a card token (PMT_POST_Create_Single).
 */
export const cardFieldSessionSchema = z.object({
  Gateway: z.enum(['fortis', 'globalpay']),
  Environment: z.enum(['sandbox', 'production']),
  Token: z.string(),
});
export type CardFieldSession = z.infer<typeof cardFieldSessionSchema>;

/** POST v1/paypalpayment/orders?amount=: the visit fee to pay through the wallet (decision 0024). */
export const walletOrderInputSchema = paymentIntentInputSchema.omit({ PaymentMethodId: true });
export type WalletOrderInput = z.infer<typeof walletOrderInputSchema>;

/** A wallet order: the transaction it pays, and where the payer approves it (null: CareSlot's own approval step). */
export const walletOrderSchema = z.object({
  TransactionId: z.string().uuid(),
  OrderId: z.string(),
  ApproveUrl: z.string().url().nullable(),
  Amount: z.number(),
});
export type WalletOrder = z.infer<typeof walletOrderSchema>;

/** The local wallet's approval step: the payer approves or declines the order. */
export const walletApprovalSchema = z.object({ Approve: z.boolean() });

/** §3.8 payment transaction. */
export const paymentTransactionSchema = z.object({
  Id: z.string().uuid(),
  Status: z.enum(PAYMENT_TRANSACTION_STATUSES),
  PaidAmount: z.number(),
  Currency: z.string(),
  Gateway: z.string(),
  PatientId: z.string().uuid(),
  OrganizationId: z.string().uuid(),
  AppointmentId: z.string().uuid().nullable(),
  Metadata: z.object({ TransactionReferenceId: z.string() }),
  CreatedOn: z.string(),
});
export type PaymentTransaction = z.infer<typeof paymentTransactionSchema>;

export const captureInputSchema = z.object({ TransactionId: z.string().uuid() });
export const transactionIdParamsSchema = z.object({ id: z.string().uuid() });

/** §3.8 refund request (payment-processor), and the gateway-specific {Value} body. */
export const refundRequestSchema = z.object({
  TransactionId: z.string().uuid(),
  Amount: z.number().positive().optional(),
  AuditTrail: z.record(z.string(), z.unknown()).optional(),
  Data: z.record(z.string(), z.unknown()).optional(),
  LocationId: z.string().uuid().optional(),
});
export const gatewayRefundSchema = z.object({ Value: z.string().uuid() });

/** §3.8 patient balance details. */
export const patientBalanceSchema = z.object({
  OrganizationId: z.string().uuid().nullable(),
  PatientId: z.string().uuid(),
  AppointmentIds: z.array(z.string().uuid()),
  PaymentTransactionId: z.string().uuid().nullable(),
  PaidAmount: z.number().default(0),
  CardDetails: z.string().nullable(),
  InvoiceIds: z.array(z.string()),
  PaymentDate: z.string().nullable(),
});
export type PatientBalance = z.infer<typeof patientBalanceSchema>;
export const patientBalanceQuerySchema = z.object({
  PatientId: z.string().uuid(),
  OrganizationId: z.string().uuid().optional(),
});
