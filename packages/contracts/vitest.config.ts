import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The property tests run thousands of cases on the CPU; beside the server suite on two busy cores they take
    // several times their quiet 2 s (the 5 s default failed them in CI).
    testTimeout: 30_000,
  },
});
