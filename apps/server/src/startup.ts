import type { Config } from './config';
import { systemClock, type Clock } from './platform/clock';
import { openDatabase, type Database } from './platform/db';
import type { AppDeps } from './platform/deps';
import { migrate } from './platform/migrate';
import { PGLITE_BASE_PATH } from './platform/paths';
import { createOutbox, transportsFromConfig } from './platform/outbox';
import { createRealtime } from './platform/realtime';
import { secretBoxFromConfig } from './platform/secrets';
import { createTokenService } from './platform/tokens';
import { sealStoredSecrets } from './secrets-at-rest';
import { seedDatabase } from './seed';

/** What a start with these settings must warn about: settings that are unsafe in production. */
export function startupWarnings(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (config.SEED_DEMO_DATA)
    warnings.push(
      'SEED_DEMO_DATA=true in production: an empty database gets the demo practices and the demo accounts (superuser, support, finance, admin) with the published password',
    );
  if (config.DEV_TOOLS)
    warnings.push(
      'DEV_TOOLS=true in production: /dev/outbox shows every e-mail and SMS to callers on this machine',
    );
  if (!config.MFA_REQUIRED_FOR_PRIVILEGED)
    warnings.push(
      'MFA_REQUIRED_FOR_PRIVILEGED=false in production: practice admins, super users, financial super users and support agents may sign in with a password alone',
    );
  return warnings;
}

/** Opens the database, brings its schema up to date and assembles the dependencies of the app. */
export async function prepare(
  config: Config,
  clock: Clock = systemClock,
  /** The tokens' clock (issue, expiry, the sockets' re-verification): the realm signs on the system's time. */
  tokenClock: Clock = clock,
): Promise<Omit<AppDeps, 'events' | 'jobs'> & { migrated: string[]; sealed: Record<string, number> }> {
  // The key first: a missing or unreadable key stops the start before the database is touched.
  const secrets = secretBoxFromConfig(config);
  const database: Database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    baseDataDir: PGLITE_BASE_PATH,
  });
  const migrated = await migrate(database);
  // Reference catalog always (when missing), demo practices on an empty directory when SEED_DEMO_DATA.
  await seedDatabase(database, { demo: config.SEED_DEMO_DATA });
  // Stored secrets in clear (a database from before decision 0088, demo data) are sealed before any request.
  const sealed = await sealStoredSecrets(database, secrets);
  const tokens = await createTokenService(database, () => tokenClock.now(), secrets);
  const outbox = createOutbox(database, transportsFromConfig(config));
  const realtime = createRealtime({
    tokens,
    redisUrl: config.REDIS_URL,
    now: () => tokenClock.now(),
    database,
  });
  return { config, database, clock, tokens, outbox, realtime, secrets, migrated, sealed };
}
