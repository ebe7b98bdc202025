import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { testsNeedingFreshModules, WEB_TESTS } from './test-projects';

// In development the API, identity provider and real-time hubs run on the server (npm run dev starts both).
const serverOrigin = process.env.CARESLOT_SERVER ?? 'http://127.0.0.1:3000';
const proxied = [
  '/careslot-',
  '/api/',
  '/realms/',
  '/hubs/',
  '/socket.io',
  '/docs',
  '/dev/',
  '/healthz',
  '/readyz',
];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: serverOrigin, ws: p === '/socket.io' }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page loads (bench/web-bundle.ts checks the patient pages' size).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Everything the entry imports statically (React, the router, Mantine's core, i18next, the shell) is one
      // chunk: every page loads all of it anyway, and one file compresses about 10 KB better than the thirty
      // small shared chunks the automatic splitting made of it (docs/performance.md). Lazy routes still split.
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: [WEB_TESTS],
    // The files of a worker share its page and modules (decision 0079); those that need their own run in
    // web-fresh-modules (vitest.fresh.config.ts).
    exclude: testsNeedingFreshModules(),
    isolate: false,
    setupFiles: ['src/testing/setup.ts'],
    // Screen tests render whole pages in jsdom; on a shared 2-core machine 5 s is sometimes not enough.
    testTimeout: 15_000,
  },
});
