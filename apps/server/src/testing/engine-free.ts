/**
 * The server test files that exercise no database engine behaviour (decision 0100): pure functions, the source
 * scans, the gateways' request shapes, and the tables whose every row is decided before or beside the SQL (the
 * access table, route features, the input fuzz, static files, production defaults). They run in the embedded
 * PGlite run (`npm test`) only; the PostgreSQL run (`npm run test:pg`, DATABASE_URL set) leaves them out. A file
 * not listed runs on both engines: everything touching SQL, transactions, locks, jobs, events, the outbox and
 * real time stays off this list. Paths are relative to apps/server.
 */
export const ENGINE_FREE_TESTS = [
  // Pure functions and source scans: no database at all.
  'src/module-boundaries.test.ts',
  'src/policy-scan.test.ts',
  'src/modules/identity/common-passwords.test.ts',
  'src/modules/identity/totp.test.ts',
  'src/modules/notifications/appointment-messages.test.ts',
  'src/modules/payments/fortis-gateway.test.ts',
  'src/modules/payments/globalpay-gateway.test.ts',
  'src/modules/payments/paypal-gateway.test.ts',
  'src/modules/scheduling/events.test.ts',
  'src/modules/scheduling/slots.test.ts',
  'src/platform/auth.test.ts',
  'src/platform/logger.test.ts',
  'src/platform/ttl-cache.test.ts',
  // Tables of routes and inputs: each row's answer is the policy's or the schema's, the same SQL on both engines
  // as the module tests that stay on both.
  'src/access.test.ts',
  'src/route-features.test.ts',
  'src/platform/input-fuzz.test.ts',
  'src/platform/web.test.ts',
  'src/platform/production-defaults.test.ts',
] as const;
