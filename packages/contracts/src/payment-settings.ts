import { z } from 'zod';
import { PAYMENT_TRANSACTION_STATUSES } from './constants';
import { dataList } from './envelope';

/**
 * A practice's payment settings (practice-portal.md §3.7, §7 Payments; decision 0055): online payment, the
 * gateway of the organization and of each location with its account fields, and the visit fee of each
 * provider or resource. Amounts are integer cents on the wire of these calls; the spec's dollar fields
 * (VisitFeeDetails.InsuredAmount, UninsuredAmount) stay beside them for the booking flow.
 */

/** The gateways a practice may choose (the spec's lower-case identifiers), in the settings page's order. */
export const SETTABLE_GATEWAYS = ['stripe', 'fortis', 'globalpay', 'paypal'] as const;
export type SettableGateway = (typeof SETTABLE_GATEWAYS)[number];

/** The largest visit fee a practice may set: $10,000.00. */
export const MAX_VISIT_FEE_CENTS = 1_000_000;

/**
 * The account fields each gateway needs, and their patterns: what the gateway calls them, so an admin copies
 * them from the gateway's dashboard. AccountNumber is the spec's field; ProductId (Fortis) and Credential
 * (Global Payments, a secret) are this product's.
 */
export const GATEWAY_ACCOUNT_PATTERNS = {
  /** Stripe: the connected account id (set by "Connect with Stripe", or typed). */
  stripe: { AccountNumber: /^acct_[A-Za-z0-9]{6,64}$/ },
  /** Fortis: the location id and the product (transaction) id of the merchant account. */
  fortis: { AccountNumber: /^[A-Za-z0-9]{8,64}$/, ProductId: /^[A-Za-z0-9]{8,64}$/ },
  /** Global Payments: the account id (AccountNumber) and its credential (secret). */
  globalpay: { AccountNumber: /^[A-Za-z0-9_-]{3,64}$/, Credential: /^[\x21-\x7e]{8,200}$/ },
  /** PayPal: the merchant id (13 characters, upper-case letters and digits). */
  paypal: { AccountNumber: /^[A-Z0-9]{13}$/ },
} as const satisfies Record<
  SettableGateway,
  Partial<Record<'AccountNumber' | 'ProductId' | 'Credential', RegExp>>
>;

export const GATEWAY_ACCOUNT_RULE_TEXT: Record<
  SettableGateway,
  Partial<Record<'AccountNumber' | 'ProductId' | 'Credential', string>>
> = {
  stripe: { AccountNumber: "must be a Stripe account id ('acct_' and 6 to 64 letters or digits)" },
  fortis: {
    AccountNumber: 'must be a Fortis location id (8 to 64 letters or digits)',
    ProductId: 'must be a Fortis product id (8 to 64 letters or digits)',
  },
  globalpay: {
    AccountNumber: 'must be a Global Payments account id (3 to 64 letters, digits, - or _)',
    Credential: 'must be 8 to 200 printable characters without spaces',
  },
  paypal: { AccountNumber: 'must be a PayPal merchant id (13 upper-case letters or digits)' },
};

const gatewayName = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(SETTABLE_GATEWAYS, { message: `must be one of ${SETTABLE_GATEWAYS.join(', ')}` }));

/**
 * An account field as written: absent keeps the stored value, null or '' clears it, a value replaces it.
 * Reads answer values masked, so a form sends only the fields the admin typed.
 */
const accountField = z
  .string()
  .trim()
  .max(200)
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

/** The gateway a practice or a location writes. Which account fields apply depends on GatewayName (checked below). */
export const gatewayInputSchema = z
  .object({
    GatewayName: gatewayName.nullable(),
    AccountNumber: accountField,
    ProductId: accountField,
    Credential: accountField,
  })
  .superRefine((gateway, ctx) => {
    if (!gateway.GatewayName) return;
    const patterns: Partial<Record<string, RegExp>> = GATEWAY_ACCOUNT_PATTERNS[gateway.GatewayName];
    const texts: Partial<Record<string, string>> = GATEWAY_ACCOUNT_RULE_TEXT[gateway.GatewayName];
    for (const field of ['AccountNumber', 'ProductId', 'Credential'] as const) {
      const value = gateway[field];
      if (value == null) continue;
      const pattern = patterns[field];
      if (!pattern)
        ctx.addIssue({ code: 'custom', path: [field], message: `does not apply to ${gateway.GatewayName}` });
      else if (!pattern.test(value))
        ctx.addIssue({ code: 'custom', path: [field], message: texts[field] ?? 'is not valid' });
    }
  });
export type GatewayInput = z.infer<typeof gatewayInputSchema>;

/** A gateway as read: account fields masked ('xxxxxxxxxx' + the last 6, §9), the credential never, only whether one is set. */
export const gatewaySettingsSchema = z.object({
  GatewayName: z.string().nullable(),
  AccountNumber: z.string().nullable(),
  ProductId: z.string().nullable(),
  CredentialSet: z.boolean(),
});
export type GatewaySettings = z.infer<typeof gatewaySettingsSchema>;

/** POST organizations/upsert?organizationId=: the practice's online-payment switch and gateway. */
export const organizationPaymentInputSchema = z.object({
  EnableOnlinePayment: z.boolean(),
  Gateway: gatewayInputSchema,
});
export type OrganizationPaymentInput = z.infer<typeof organizationPaymentInputSchema>;

/** POST locations/upsert?organizationId=&locationId=: a location's own gateway (null GatewayName: the organization's applies). */
export const locationPaymentInputSchema = z.object({ Gateway: gatewayInputSchema });
export type LocationPaymentInput = z.infer<typeof locationPaymentInputSchema>;

export const locationPaymentBatchSchema = z.object({
  Data: z
    .array(locationPaymentInputSchema.extend({ LocationId: z.string().uuid() }))
    .min(1)
    .max(200),
});

export const locationConfigListQuerySchema = z.object({ organizationId: z.string().uuid() });
export const configIdParamsSchema = z.object({ id: z.string().uuid() });

/** A location's saved gateway as the settings list shows it. */
export const locationPaymentSettingsSchema = z.object({
  OrganizationId: z.string().uuid(),
  LocationId: z.string().uuid(),
  Gateway: gatewaySettingsSchema,
});
export type LocationPaymentSettings = z.infer<typeof locationPaymentSettingsSchema>;
export const locationPaymentSettingsListSchema = dataList(locationPaymentSettingsSchema);

/** The entity types that carry a visit fee: a provider, or a resource (a health-care service). */
export const FEE_ENTITY_TYPES = ['provider', 'healthcareservice'] as const;
export type FeeEntityType = (typeof FEE_ENTITY_TYPES)[number];

const cents = z
  .number({ message: 'must be a whole number of cents' })
  .int({ message: 'must be a whole number of cents' })
  .min(0, { message: 'must not be negative' })
  .max(MAX_VISIT_FEE_CENTS, {
    message: `must be at most ${MAX_VISIT_FEE_CENTS} cents ($${MAX_VISIT_FEE_CENTS / 100})`,
  });

/** The visit fee of one provider or resource, in integer cents. */
export const visitFeeInputSchema = z.object({
  VisitFeeDetails: z.object({ Enable: z.boolean(), InsuredAmountCents: cents, UninsuredAmountCents: cents }),
});
export type VisitFeeInput = z.infer<typeof visitFeeInputSchema>;

/** POST entityconfigurations/upsert?organizationId=&entityType=&entityId= (decision 0055). */
export const feeEntityQuerySchema = z.object({
  organizationId: z.string().uuid(),
  entityType: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(FEE_ENTITY_TYPES, { message: `must be one of ${FEE_ENTITY_TYPES.join(', ')}` })),
  entityId: z.string().uuid(),
});

/** GET entityconfigurations?organizationId=: every visit fee the practice set. */
export const visitFeeSettingsSchema = z.object({
  OrganizationId: z.string().uuid(),
  EntityType: z.enum(FEE_ENTITY_TYPES),
  EntityId: z.string().uuid(),
  VisitFeeDetails: z.object({
    Enable: z.boolean(),
    InsuredAmount: z.number(),
    UninsuredAmount: z.number(),
    InsuredAmountCents: z.number().int(),
    UninsuredAmountCents: z.number().int(),
  }),
});
export type VisitFeeSettings = z.infer<typeof visitFeeSettingsSchema>;
export const visitFeeSettingsListSchema = dataList(visitFeeSettingsSchema);

/** GET paymentgateways: the gateways a practice may choose, and whether this server can take payments through each. */
export const paymentGatewaySchema = z.object({
  GatewayName: z.enum(SETTABLE_GATEWAYS),
  DisplayName: z.string(),
  /** Payments through it work on this server (a real adapter is configured, or the built-in sandbox stands in). */
  Available: z.boolean(),
  /** Which account fields it takes. */
  AccountFields: z.array(z.enum(['AccountNumber', 'ProductId', 'Credential'])),
});
export type PaymentGatewayInfo = z.infer<typeof paymentGatewaySchema>;

/** GET payee-account/connect-url: where "Connect with Stripe" sends the admin (Stripe Connect OAuth, or the sandbox). */
export const payeeConnectQuerySchema = z.object({
  organizationId: z.string().uuid(),
  state: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, { message: 'must be 16 to 100 letters, digits, - or _' }),
});
export const payeeConnectUrlSchema = z.object({ Url: z.string() });

/** GET payee-account?authCode=&organizationId=: exchanges the OAuth code and keeps the connected account. */
export const payeeAccountQuerySchema = z.object({
  authCode: z
    .string()
    .regex(/^ac_[A-Za-z0-9_]{6,200}$/, { message: "must be a Stripe authorization code ('ac_...')" }),
  organizationId: z.string().uuid(),
});
/** The payment account of §3.7 (Name, Email, PracticeId, the account id at card provider A; masked). */
export const payeeAccountSchema = z.object({
  Name: z.string().nullable(),
  Email: z.string().nullable(),
  PracticeId: z.string().uuid(),
  StripeAccountId: z.string(),
});
export type PayeeAccount = z.infer<typeof payeeAccountSchema>;

// ---------- the financial super user's read-only view (decision 0056) ----------

export const financeTransactionsQuerySchema = z
  .object({
    organizationId: z.string().uuid().optional(),
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' })
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' })
      .optional(),
    status: z.enum(PAYMENT_TRANSACTION_STATUSES).optional(),
    offset: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be after to', path: ['from'] });
export type FinanceTransactionsQuery = z.infer<typeof financeTransactionsQuerySchema>;

/** One payment as finance sees it: money, status, gateway, date, practice; nothing about the patient or the visit. */
export const financeTransactionSchema = z.object({
  Id: z.string().uuid(),
  OrganizationId: z.string().uuid(),
  PracticeName: z.string().nullable(),
  AmountCents: z.number().int(),
  Currency: z.string(),
  Status: z.enum(PAYMENT_TRANSACTION_STATUSES),
  Gateway: z.string(),
  /** The gateway's own reference, to reconcile with the gateway's dashboard. */
  GatewayReference: z.string().nullable(),
  CreatedOn: z.string(),
});
export type FinanceTransaction = z.infer<typeof financeTransactionSchema>;
export const financeTransactionListSchema = dataList(financeTransactionSchema);

/** One practice's payment configuration as finance sees it (account fields masked, no credential). */
export const financePracticeConfigSchema = z.object({
  OrganizationId: z.string().uuid(),
  PracticeName: z.string().nullable(),
  EnableOnlinePayment: z.boolean(),
  Gateway: gatewaySettingsSchema,
  LocationOverrides: z.number().int(),
  VisitFees: z.number().int(),
});
export type FinancePracticeConfig = z.infer<typeof financePracticeConfigSchema>;
export const financePracticeConfigListSchema = dataList(financePracticeConfigSchema);
