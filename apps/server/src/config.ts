import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT as repoRoot } from './platform/paths';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads from its environment, parsed once at start (design.md §2). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional().describe('The origin users reach; defaults to http://HOST:PORT'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: booleanFlag
    .optional()
    .describe('demo practices and accounts on an empty database; in production only when set to true'),
  LANDING_ENABLED: booleanFlag.default(true),
  DISABLE_CALENDAR: booleanFlag
    .default(false)
    .describe('the global disable_calendar flag: hides the Calendar menu item'),
  SLOT_HOLD_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .default(600)
    .describe(
      'how long a held slot stays reserved for its session before its capacity comes back (10 minutes)',
    ),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600).describe('requests per minute per client'),
  GUEST_HOLD_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .default(300)
    .describe("how long a guest's hold lasts (5 minutes; never longer than SLOT_HOLD_SECONDS)"),
  GUEST_HOLDS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .positive()
    .default(6)
    .describe('live guest holds at once per client address, whatever the guest tokens (decision 0085)'),
  GUEST_HOLDS_PER_CALENDAR: z.coerce
    .number()
    .int()
    .positive()
    .default(8)
    .describe(
      "live guest holds at once on one provider's calendar (schedule); signed-in users' holds do not count",
    ),
  HOLD_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(30)
    .describe('slot holds per minute per client address'),
  TELEHEALTH_ICE_URLS: z
    .string()
    .default('')
    .describe(
      'video visits: comma-separated STUN/TURN URLs handed to browsers (e.g. stun:stun.example.org:3478,turn:turn.example.org:3478?transport=udp); empty: host candidates only (decision 0091)',
    ),
  TELEHEALTH_TURN_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe(
      "the TURN server's shared secret (coturn static-auth-secret): browsers get short-lived credentials made from it (TURN REST), never the secret",
    ),
  TELEHEALTH_TURN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(3600)
    .describe('how long a TURN credential handed to a browser lasts'),
  TELEHEALTH_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30)
    .describe('a started video visit with no activity for this long expires'),
  SUPPORT_EMAIL: z.email().default('support@careslot.health'),
  REPUTATION_SIGN_ON_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional()
    .describe(
      "the reputation site's sign-on address the Reputation Management form posts to; unset, the product's own stand-in page shows what it received",
    ),
  SALES_EMAIL: z.email().default('sales@careslot.health').describe('receives the landing page demo requests'),
  DEMO_REQUEST_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(5)
    .describe('demo requests per 10 minutes per client'),
  DEV_TOOLS: booleanFlag
    .default(false)
    .describe(
      'developer pages such as /dev/outbox, answered on loopback only; `npm run dev` and the tests set it',
    ),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F.:]+(\/\d{1,3})?(\s*,\s*[0-9a-fA-F.:]+(\/\d{1,3})?)*)$/,
      'must be a hop count (1-99) or comma-separated proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)',
    )
    .optional()
    .transform((v) =>
      v === undefined ? false : /^\d+$/.test(v) ? Number(v) : v.split(',').map((part) => part.trim()),
    )
    .describe(
      'which proxies are believed about the client address (X-Forwarded-For): their addresses or CIDRs, or a hop count; none by default',
    ),
  MFA_REQUIRED_FOR_PRIVILEGED: booleanFlag
    .optional()
    .describe(
      'a second factor for practice admins, super users, financial super users and support agents (issue 24 item 6): one without is sent to enrolment at sign-in; on by default in production',
    ),
  API_DOCS: booleanFlag
    .optional()
    .describe('the OpenAPI pages under /docs; on by default outside production'),
  SECRETS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'the keys that seal stored secrets (decision 0088): comma-separated id:base64 32-byte keys (openssl rand -base64 32), the first seals, the others only open until `npm run secrets:rotate` reseals; unset, the embedded mode keeps one in DATA_DIR/secrets.key (0600); required in production with DATABASE_URL',
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('CareSlot <no-reply@careslot.health>'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_\w+$/,
      'must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)',
    )
    .optional()
    .describe('card payments through Stripe (manual capture); unset, the built-in sandbox gateway answers'),
  EHR_SYSTEM_URL: z
    .url()
    .default('https://ehr.demo.careslot.health')
    .describe(
      "the legacy EHR's system-identifier URL: practitioners it signs on are found by '{URL}/{electronic_claim_id}|{Doctor or Practitioner}-{vendor_id}'",
    ),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional()
    .describe(
      'the browser tokenises cards with Stripe Elements (needs STRIPE_SECRET_KEY); unset, the sandbox card form is shown',
    ),
  SOCIAL_OIDC_ISSUER: z
    .url()
    .optional()
    .describe('a social-login provider: the issuer of an OpenID Connect upstream the realm brokers'),
  SOCIAL_OIDC_CLIENT_ID: z.string().min(1).max(200).optional(),
  SOCIAL_OIDC_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  SOCIAL_OIDC_NAME: z.string().min(1).max(40).default('Social'),
  SOCIAL_OIDC_ALIAS: z
    .string()
    .regex(
      /^[a-z][a-z0-9-]{1,30}$/,
      'must be 2-31 lower-case letters, digits or dashes, starting with a letter',
    )
    .default('social'),
  PAYPAL_CLIENT_ID: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('visit fees through PayPal (Orders v2, intent AUTHORIZE); unset, the built-in wallet answers'),
  PAYPAL_CLIENT_SECRET: z.string().min(1).max(200).optional(),
  PAYPAL_API_URL: z
    .url()
    .default('https://api-m.sandbox.paypal.com')
    .describe('PayPal REST base: https://api-m.paypal.com for live payments'),
  /** Where the Stripe SDK sends its calls; only tests point it at a local stand-in. */
  STRIPE_API_URL: z.url().optional(),
  JOB_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(300)
    .describe('how long a claimed job is held before another instance may run it again (decision 0043)'),
  JOB_POLL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(1000)
    .describe('how often each instance looks for due jobs; 0 = never on its own (tests)'),
  EVENT_POLL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(1000)
    .describe(
      'how often a PostgreSQL instance looks for domain events a missed wake-up left; 0 = no background delivery at all (tests deliver with events.drain())',
    ),
  EVENT_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(12)
    .describe("attempts of one consumer's delivery of an event before it is a dead letter (decision 0082)"),
  EVENT_RETENTION_DAYS: z.coerce
    .number()
    .min(0.001)
    .max(3650)
    .default(30)
    .describe(
      'how long delivered domain events, their deliveries and unacknowledged real-time messages are kept (decision 0082)',
    ),
  PUBLICATION_WEBHOOK_URL: z
    .url()
    .regex(/^https:\/\//, 'must be an https:// URL')
    .optional()
    .describe(
      'where web/BobAppointment publications are POSTed (FHIR R4 Appointment); unset, they are recorded locally',
    ),
  PUBLICATION_WEBHOOK_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(500)
    .optional()
    .describe('the HMAC-SHA256 key of the publication webhook signature'),
  STRIPE_CONNECT_CLIENT_ID: z
    .string()
    .regex(/^ca_\w+$/, "must be a Stripe Connect client id ('ca_...')")
    .optional()
    .describe(
      '"Connect with Stripe" in the payment settings (Stripe Connect OAuth, needs STRIPE_SECRET_KEY); unset, the built-in sandbox connects an account',
    ),
  /** Where the Connect OAuth calls go (https://connect.stripe.com); only tests point it at a local stand-in. */
  STRIPE_CONNECT_URL: z.url().default('https://connect.stripe.com'),
  FORTIS_USER_ID: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "visit fees through Fortis (API v1): the platform's API user id; unset, the built-in sandbox answers for Fortis practices",
    ),
  FORTIS_USER_API_KEY: z.string().min(1).max(200).optional().describe("the API user's key (a secret)"),
  FORTIS_DEVELOPER_ID: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("the integration's developer id issued by Fortis"),
  FORTIS_API_URL: z
    .url()
    .default('https://api.sandbox.fortis.tech')
    .describe('Fortis API base: https://api.fortis.tech for live payments'),
  GLOBALPAY_API_URL: z
    .url()
    .optional()
    .describe(
      "visit fees through Global Payments (GP-API, e.g. https://apis.sandbox.globalpay.com/ucp; https://apis.globalpay.com/ucp live) with each location's app id and key; unset, the built-in sandbox answers",
    ),
  PAYMENT_SETTLE_AFTER_SECONDS: z
    .string()
    .regex(
      /^\d+,\d+,\d+$/,
      'must be three whole numbers of seconds: booked,claimed,unused (e.g. 60,300,1800)',
    )
    .default('60,300,1800')
    .transform((v) => {
      const [booked, claimed, unused] = v.split(',').map(Number) as [number, number, number];
      return { booked: booked * 1000, claimed: claimed * 1000, unused: unused * 1000 };
    })
    .describe('how old a half-done payment must be before the reconciler settles it (decision 0012)'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO_DATA' | 'API_DOCS'> & {
  publicUrl: string;
  SEED_DEMO_DATA: boolean;
  API_DOCS: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops the start with a message that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (!!config.SOCIAL_OIDC_ISSUER !== !!config.SOCIAL_OIDC_CLIENT_ID)
    throw new ConfigError(
      'Invalid configuration:\n  SOCIAL_OIDC_ISSUER, SOCIAL_OIDC_CLIENT_ID: set both to offer social login, or neither',
    );
  if (config.STRIPE_PUBLISHABLE_KEY && !config.STRIPE_SECRET_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: set STRIPE_SECRET_KEY too (the server attaches the cards the browser tokenises)',
    );
  if (
    config.STRIPE_PUBLISHABLE_KEY &&
    config.STRIPE_SECRET_KEY &&
    config.STRIPE_PUBLISHABLE_KEY.slice(3, 7) !== config.STRIPE_SECRET_KEY.slice(3, 7)
  )
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY',
    );
  if (config.STRIPE_CONNECT_CLIENT_ID && !config.STRIPE_SECRET_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_CONNECT_CLIENT_ID: set STRIPE_SECRET_KEY too (the server exchanges the Connect code with it)',
    );
  if (new Set([!!config.FORTIS_USER_ID, !!config.FORTIS_USER_API_KEY, !!config.FORTIS_DEVELOPER_ID]).size > 1)
    throw new ConfigError(
      'Invalid configuration:\n  FORTIS_USER_ID, FORTIS_USER_API_KEY, FORTIS_DEVELOPER_ID: set all three to take payments through Fortis, or none',
    );
  if (!!config.PAYPAL_CLIENT_ID !== !!config.PAYPAL_CLIENT_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both to take payments through PayPal, or neither',
    );
  if (!!config.PUBLICATION_WEBHOOK_URL !== !!config.PUBLICATION_WEBHOOK_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  PUBLICATION_WEBHOOK_URL, PUBLICATION_WEBHOOK_SECRET: set both to deliver publications to a webhook, or neither',
    );
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return {
    ...config,
    SEED_DEMO_DATA: config.SEED_DEMO_DATA ?? config.NODE_ENV !== 'production',
    API_DOCS: config.API_DOCS ?? config.NODE_ENV !== 'production',
    MFA_REQUIRED_FOR_PRIVILEGED: config.MFA_REQUIRED_FOR_PRIVILEGED ?? config.NODE_ENV === 'production',
    publicUrl: config.PUBLIC_URL ?? `http://${host}:${config.PORT}`,
  };
}
