import type { Config } from '../config';
import type { Clock } from './clock';
import type { Database } from './db';
import type { DomainEvents } from './events';
import type { Jobs } from './jobs';
import type { Outbox } from './outbox';
import type { Realtime } from './realtime';
import type { TokenService } from './tokens';

/** What every module may use; passed to buildApp so tests can supply their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  tokens: TokenService;
  outbox: Outbox;
  realtime: Realtime;
  /** Durable domain events: modules append in their transactions and subscribe consumers (platform/events.ts). */
  events: DomainEvents;
  /** Durable jobs with a due time: modules register kinds and schedule by key (platform/jobs.ts). */
  jobs: Jobs;
  /** Where the log goes instead of stdout, at every level: tests read it to prove nothing secret is logged. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered on the app, in order (collected by an onRoute hook in app.ts). */
    registeredRoutes: readonly { method: string; url: string }[];
  }
}
