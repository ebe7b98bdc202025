import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { ENGINE_FREE_TESTS } from './src/testing/engine-free';

const here = path.dirname(fileURLToPath(import.meta.url));
// A stale entry would silently send a renamed file to both engines or hide a typo: every entry must exist.
for (const file of ENGINE_FREE_TESTS) {
  if (!existsSync(path.join(here, file)))
    throw new Error(`engine-free.ts lists ${file}, which does not exist`);
}
const onPostgres = Boolean(process.env.DATABASE_URL);
// ALL_ENGINES=1 runs the engine-free files on PostgreSQL too (to measure them, or to check a doubt).
const engineFreeExcluded = onPostgres && !process.env.ALL_ENGINES ? ENGINE_FREE_TESTS : [];

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server (npm run test:pg, and CI); the embedded run leaves them out. The
    // PostgreSQL run leaves out the files that exercise no engine (src/testing/engine-free.ts, decision 0100)
    // unless ALL_ENGINES is set.
    exclude: [
      ...configDefaults.exclude,
      ...(onPostgres ? [] : ['src/**/*.pg.test.ts']),
      ...engineFreeExcluded,
    ],
    globalSetup: ['src/testing/global-setup.ts'],
    // Each file gets its own database copied from a migrated template, so files can run in parallel. The
    // files of a worker share its loaded modules (importing the app once, not once a file: decision 0079);
    // process-state.ts empties the per-process caches keyed by id before each file.
    isolate: false,
    setupFiles: ['src/testing/process-state.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
