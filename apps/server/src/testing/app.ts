import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { Role } from '@careslot/contracts';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { fixedClock, systemClock, type Clock } from '../platform/clock';
import type { Database } from '../platform/db';
import type { DomainEvents } from '../platform/events';
import type { Jobs } from '../platform/jobs';
import { createOutbox, type MessageTransport, type Outbox } from '../platform/outbox';
import { createRealtime, type Realtime } from '../platform/realtime';
import { secretBoxFromConfig, type SecretBox } from '../platform/secrets';
import { TEST_SECRETS_KEY } from './test-secrets';
import { createTokenService, type ProductClaims, type TokenService } from '../platform/tokens';
import { openTestDatabase } from './template';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  tokens: TokenService;
  outbox: Outbox;
  realtime: Realtime;
  /** The key box the app seals stored secrets with (the test key unless the test passes SECRETS_KEY). */
  secrets: SecretBox;
  /**
   * The app's durable domain events (its dispatcher). Requests deliver only the hub consumers (flush); tests
   * deliver the background consumers (notifications, payments, reminders...) with events.drain().
   */
  events: DomainEvents;
  /** The app's job scheduler; tests run what is due with jobs.runDue() (JOB_POLL_MS is 0 here). */
  jobs: Jobs;
  clock: Clock;
  config: Config;
  /**
   * The e-mails and SMS sent, once the background consumers (appointment messages, invitations, surveys) have
   * run: events.drain() then outbox.list().
   */
  sent(filter?: Parameters<Outbox['list']>[0]): Promise<Awaited<ReturnType<Outbox['list']>>>;
  /**
   * inject() returning the parsed JSON body alongside the response, once the background consumers of the
   * request's events have run; `{ consumers: false }` answers at once (a test of what the request path alone
   * does: its statements, or the state before the consumers run).
   */
  call<T = unknown>(
    options: InjectOptions,
    after?: { consumers?: boolean },
  ): Promise<LightMyRequestResponse & { body: string; json: T }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  now?: Date | string;
  /** The app's clock instead of a fixed (now) or the system's one (a settable clock for PUT /dev/clock). */
  clock?: Clock;
  env?: Record<string, string>;
  /** Receives the app's log at every level (otherwise silent in tests). */
  logStream?: NodeJS.WritableStream;
  /** The database to run on instead of a fresh copy of the template (a second instance on the same data). */
  database?: Database;
  /** The outbox's transports (e-mail, SMS); none by default, so messages are kept as `stored`. */
  transports?: MessageTransport[];
}

/** The real app (buildApp) on a fresh database copied from the migrated template. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(inject('dbTemplate')));
  const clock = options.clock ?? (options.now ? fixedClock(options.now) : systemClock);
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-web-dist',
    RATE_LIMIT_MAX: '100000',
    // Every test request comes from one address: the guest ceilings have their own test (guest-holds.test.ts).
    GUEST_HOLDS_PER_ADDRESS: '100000',
    GUEST_HOLDS_PER_CALENDAR: '100000',
    DEV_TOOLS: 'true',
    HOLD_RATE_LIMIT: '100000',
    JOB_POLL_MS: '0',
    EVENT_POLL_MS: '0',
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...options.env,
  });
  const secrets = secretBoxFromConfig(config);
  const tokens = await createTokenService(database, () => clock.now(), secrets);
  const outbox = createOutbox(database, options.transports);
  const realtime = createRealtime({ tokens, redisUrl: config.REDIS_URL, now: () => clock.now(), database });
  const app = await buildApp({
    config,
    database,
    clock,
    tokens,
    outbox,
    realtime,
    secrets,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    tokens,
    outbox,
    realtime,
    secrets,
    events: app.deps.events,
    jobs: app.deps.jobs,
    clock,
    config,
    async sent(filter) {
      await app.deps.events.drain();
      return outbox.list(filter);
    },
    async call<T>(injectOptions: InjectOptions, after: { consumers?: boolean } = {}) {
      const response = await app.inject(injectOptions);
      // What a caller sees a moment after an answer: the background consumers of the request's events
      // (messages, in-app notifications, identity's accounts) have run, as the workers would run them. Tests of
      // the delivery itself drive app.inject and the dispatcher directly.
      if (after.consumers !== false) await app.deps.events.drain();
      let json: unknown = undefined;
      try {
        json = response.body ? JSON.parse(response.body) : undefined;
      } catch {
        json = undefined;
      }
      return Object.assign(response, { json: json as T });
    },
    close: () => app.close(),
  };
}

/** A signed product token for tests; identity issues the same shape at sign-in. */
export async function tokenFor(
  tokens: TokenService,
  claims: Partial<ProductClaims> & { user_roles: Role[] | string[] },
  ttlSeconds = 300,
): Promise<string> {
  return tokens.sign(
    {
      sub: claims.sub ?? `test-${Math.random().toString(36).slice(2)}`,
      email: 'user@example.com',
      ...claims,
    },
    ttlSeconds,
  );
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The headers of a guest's browser named `name`: a guest token of its own (holds belong to a token's subject). */
export async function guestHeaders(tokens: TokenService, name: string): Promise<Record<string, string>> {
  return bearer(await tokens.sign({ sub: `guest:${name}`, user_roles: [], guest: true }, 24 * 3600));
}
