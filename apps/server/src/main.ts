import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { settableClock, systemClock } from './platform/clock';
import { SecretsKeyError } from './platform/secrets';
import { prepare, startupWarnings } from './startup';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // With the developer tools on, the journeys may set the product's time (PUT /dev/clock); tokens keep the system's.
  const deps = await prepare(config, config.DEV_TOOLS ? settableClock() : systemClock, systemClock);
  const app = await buildApp(deps);
  if (deps.migrated.length > 0) app.log.info({ migrations: deps.migrated }, 'database migrated');
  const sealed = Object.fromEntries(Object.entries(deps.sealed).filter(([, count]) => count > 0));
  if (Object.keys(sealed).length > 0) app.log.info({ sealed }, 'stored secrets sealed');
  for (const warning of startupWarnings(config)) app.log.warn(warning);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  const database = deps.database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  // The one line a newcomer looks for: where to open the product.
  console.log(`CareSlot is ready at ${config.publicUrl} (database: ${database}; started in ${seconds} s)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SecretsKeyError) {
    console.error(error.message);
  } else {
    console.error('CareSlot could not start:', error);
  }
  process.exit(1);
});
