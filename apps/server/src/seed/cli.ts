/**
 * Seeds the configured database (DATABASE_URL, else the PGlite folder DATA_DIR):
 *   npm run seed                          migrations, reference catalog, demo data (when SEED_DEMO_DATA)
 *   npm run seed -- --providers 2000      ... plus a generated directory of 2000 more providers
 *   npm run seed -- --providers 2000 --seed 7
 * The generated set is deterministic for a given --seed (default 1).
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../platform/db';
import { migrate } from '../platform/migrate';
import { seedId } from './ids';
import { seedDatabase, seedGeneratedDirectory, withSeedTransaction } from './index';

async function main() {
  const { values } = parseArgs({
    options: {
      providers: { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
    },
  });
  const providers = Number(values.providers);
  const seed = Number(values.seed);
  if (!Number.isInteger(providers) || providers < 0 || providers > 99_999) {
    throw new ConfigError('--providers must be a whole number from 0 to 99999');
  }
  if (!Number.isInteger(seed) || seed < 0)
    throw new ConfigError('--seed must be a whole number of 0 or more');

  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const migrated = await migrate(database);
    const result = await seedDatabase(database, { demo: config.SEED_DEMO_DATA });
    console.log(JSON.stringify({ migrated, ...result }));
    if (providers > 0) {
      const generated = await withSeedTransaction(database, async (connection) => {
        const exists = await connection.query('select 1 from organizations where id = $1', [
          seedId(`bulk:${seed}:practice:0`),
        ]);
        if (exists.length > 0)
          throw new ConfigError(
            `A directory generated with --seed ${seed} is already in this database; pick another --seed.`,
          );
        return seedGeneratedDirectory(connection, { providers, seed });
      });
      console.log(JSON.stringify({ generated }));
    }
    console.log(
      `Seeded ${config.DATABASE_URL ? 'PostgreSQL' : config.DATA_DIR} in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
