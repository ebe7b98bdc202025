import type { FeatureCode } from '@careslot/contracts';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Database } from './db';
import type { DomainEvents } from './events';
import type { Jobs } from './jobs';
import type { Outbox } from './outbox';
import type { Realtime } from './realtime';
import type { SecretBox } from './secrets';
import type { TokenService } from './tokens';

/** What every module may use; passed to buildApp so tests can supply their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  tokens: TokenService;
  outbox: Outbox;
  realtime: Realtime;
  /** Seals stored secrets and opens them (decision 0088): a store never writes a secret in clear. */
  secrets: SecretBox;
  /** Durable domain events: modules append in their transactions and subscribe consumers (platform/events.ts). */
  events: DomainEvents;
  /** Durable jobs with a due time: modules register kinds and schedule by key (platform/jobs.ts). */
  jobs: Jobs;
  /** Where the log goes instead of stdout, at every level: tests read it to prove nothing secret is logged. */
  logStream?: NodeJS.WritableStream;
}

/** A route as registered, for the suites that walk the route table (access table, feature switches). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The practice features it declared (config.feature). */
  features: readonly FeatureCode[];
  /** Its zod schemas as declared: params, querystring, body. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered on the app, in order (collected by an onRoute hook in app.ts). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}
