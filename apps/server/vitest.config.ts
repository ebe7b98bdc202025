import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server (npm run test:pg, and CI); the embedded run leaves them out.
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['src/**/*.pg.test.ts'])],
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
