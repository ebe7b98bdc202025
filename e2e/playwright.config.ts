import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  launchOptions: {
    // The system Chromium from Debian's packages; a test tool never downloads its own browser.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  },
};

/**
 * Journeys run against E2E_SERVERS servers of the same build (CI: 2, one per worker; locally 1), each on a
 * fresh embedded database of its own (port E2E_PORT, then E2E_PORT_2, by default E2E_PORT + 10). Journeys make their own data on top
 * of the demo seed, and several book or change the demo patient and practices, so a server is never shared by
 * two workers at once: each spec file belongs to one project, a project to one server, and a project runs one
 * file at a time (`workers: 1`), in file order, as on a single server. SECOND_SERVER is the half of the journeys, by
 * running time, that the second server takes (docs/performance.md, "Continuous integration"); a new spec
 * file runs on the first server until it is listed.
 */
const servers = Math.min(Math.max(Number(process.env.E2E_SERVERS ?? (process.env.CI ? 2 : 1)), 1), 2);
const SECOND_SERVER = [
  'accessibility.spec.ts',
  'booking-failures.spec.ts',
  'booking-guest-journey.spec.ts',
  'booking-journey.spec.ts',
  'booking-paypal.spec.ts',
  'communication-templates.spec.ts',
  'find-care.spec.ts',
  'header.spec.ts',
  'identity.spec.ts',
  'landing.spec.ts',
  'people-settings.spec.ts',
  'practice-nav.spec.ts',
  'practice-move.spec.ts',
  'sso.spec.ts',
  'support.spec.ts',
  'surveys.spec.ts',
  'walk-in-online.spec.ts',
].map((file) => `**/${file}`);
const serverPorts = servers === 1 ? [port] : [port, Number(process.env.E2E_PORT_2 ?? port + 10)];

function webServer(serverPort: number) {
  const baseURL = `http://127.0.0.1:${serverPort}`;
  const dataDir = path.join(os.tmpdir(), `careslot-e2e-${serverPort}`);
  return {
    // The compiled server that `npm start` runs (npm run build first; npm run test:e2e and CI do).
    command: `rm -rf ${dataDir} && node --enable-source-maps ../apps/server/dist/main.js`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      HOLD_RATE_LIMIT: '100000',
      PUBLIC_URL: baseURL,
      DEV_TOOLS: 'true',
      SEED_DEMO_DATA: 'true',
      API_DOCS: 'true',
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: servers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]] : 'list',
  outputDir: '../test-results/e2e-artifacts',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects:
    servers === 1
      ? [{ name: 'chromium', use: { ...chromium, baseURL: `http://127.0.0.1:${port}` } }]
      : [
          // workers: 1 per project: one file at a time on each server, the two servers side by side.
          { name: 'chromium', workers: 1, testIgnore: SECOND_SERVER, use: { ...chromium, baseURL: `http://127.0.0.1:${serverPorts[0]}` } },
          { name: 'chromium-2', workers: 1, testMatch: SECOND_SERVER, use: { ...chromium, baseURL: `http://127.0.0.1:${serverPorts[1]}` } },
        ],
  webServer: serverPorts.map(webServer),
});
