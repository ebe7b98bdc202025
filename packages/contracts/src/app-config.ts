import { z } from 'zod';

/** GET /api/app-config: the public settings of a deployment that the web app needs before it renders. */
/** Which of a gateway's environments the hosted card field belongs to (its script's origin follows). */
export const hostedFieldEnvironment = z.enum(['sandbox', 'production']);
export type HostedFieldEnvironment = z.infer<typeof hostedFieldEnvironment>;

export const appConfigSchema = z.object({
  productName: z.string(),
  landingEnabled: z.boolean(),
  /** The global disable_calendar flag: hides the Calendar menu item (practice-portal.md §6). */
  calendarDisabled: z.boolean(),
  supportEmail: z.string(),
  languages: z.array(z.string()),
  /**
   * The legacy EHR's system-identifier URL: a practitioner it signs on is found by
   * '{ehrSystemUrl}/{electronic_claim_id}|{Doctor or Practitioner}-{vendor_id}' (patient-booking.md §3.1).
   */
  ehrSystemUrl: z.string(),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), scope: z.string() }),
  /**
   * The social-login provider (a generic OpenID Connect issuer the realm brokers), or null when none is
   * configured: the login screens show its button only then. It sends the browser back to /{alias}-login.
   */
  social: z.object({ alias: z.string(), name: z.string() }).nullable(),
  /**
   * Card payments: Stripe's publishable key when the deployment takes cards through Stripe, so the card form
   * tokenises the card with Stripe Elements; null (or absent) means the built-in sandbox's card form.
   * hostedCardFields: for Fortis and Global Payments, the environment ('sandbox' or 'production') whose hosted
   * card field the browser loads when the server takes their payments for real; null (or absent) when the built-in
   * sandbox stands in for that gateway, whose own card form is then shown (decision 0077).
   */
  payments: z
    .object({
      stripePublishableKey: z.string().nullable(),
      hostedCardFields: z
        .object({ fortis: hostedFieldEnvironment.nullable(), globalpay: hostedFieldEnvironment.nullable() })
        .optional(),
    })
    .optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
