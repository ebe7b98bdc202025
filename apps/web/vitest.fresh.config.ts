import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { testsNeedingFreshModules } from './test-projects';

// The web tests that replace a module or check a module's first load, each file with modules of its own
// (test-projects.ts, decision 0079); everything else is as in vite.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web-fresh-modules',
    environment: 'jsdom',
    include: testsNeedingFreshModules(),
    isolate: true,
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 15_000,
  },
});
