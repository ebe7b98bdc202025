import { existsSync, readdirSync, readFileSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
/**
 * Debian's Chromium; a test tool never downloads its own browser. Its old headless shell (package
 * chromium-headless-shell, which .ci/run installs) when present: the same engine without the browser's
 * window machinery, about 40 % less CPU on these two cores (decision 0078).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
function sharedMemoryIsLarge(): boolean {
  try {
    const shm = statfsSync('/dev/shm');
    return shm.bavail * shm.bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}
const chromium = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  // The journeys' browser asks for reduced motion: toasts and dialogs appear without a fade, so an accessibility
  // check never reads a half-faded toast's colours (seen once: 1.08 contrast mid-fade in booking-finish).
  contextOptions: { reducedMotion: 'reduce' as const },
  launchOptions: {
    executablePath,
    // Playwright keeps Chromium's shared memory out of /dev/shm (a container's is often 64 MB); where /dev/shm
    // is large (here: half the RAM) it goes back there instead of files in /tmp, about 15 % less CPU.
    ...(sharedMemoryIsLarge() ? { ignoreDefaultArgs: ['--disable-dev-shm-usage'] } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/**
 * Journeys run against E2E_SERVERS servers of the same build (CI: 3; locally 1), each on a fresh embedded
 * database of its own (ports E2E_PORT, E2E_PORT + 10, E2E_PORT + 20...). Journeys make their own data on top of
 * the demo seed, and several book or change the demo patient and practices, so a server is never shared by two
 * workers at once: each spec file belongs to one project, a project to one server, and a project runs one file at
 * a time (`workers: 1`), in file order, as on a single server. The files are dealt to the servers by their
 * measured running time (durations.json, written by scripts/e2e-durations.mjs from a run's JSON report): the
 * longest first, each to the server with the least time so far. A file not measured yet counts as the median.
 */
const servers = Math.min(Math.max(Number(process.env.E2E_SERVERS ?? (process.env.CI ? 3 : 1)), 1), 4);
const serverPorts = Array.from({ length: servers }, (_, i) => port + 10 * i);

function dealFiles(count: number): string[][] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(here)
    .filter((file) => file.endsWith('.spec.ts'))
    .sort();
  const durationsFile = path.join(here, 'durations.json');
  const measured: Record<string, number> = existsSync(durationsFile)
    ? (JSON.parse(readFileSync(durationsFile, 'utf8')) as Record<string, number>)
    : {};
  const known = Object.values(measured).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)]! : 30;
  const hands = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  const byLength = [...files].sort(
    (a, b) => (measured[b] ?? median) - (measured[a] ?? median) || a.localeCompare(b),
  );
  for (const file of byLength) {
    const lightest = hands.reduce((least, hand) => (hand.seconds < least.seconds ? hand : least));
    lightest.files.push(file);
    lightest.seconds += measured[file] ?? median;
  }
  return hands.map((hand) => hand.files.map((file) => `**/${file}`));
}

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
      GUEST_HOLDS_PER_ADDRESS: '100000',
      GUEST_HOLDS_PER_CALENDAR: '100000',
      PUBLIC_URL: baseURL,
      DEV_TOOLS: 'true',
      SEED_DEMO_DATA: 'true',
      API_DOCS: 'true',
      // The demo accounts sign in with a password; the platform's second-factor rule has its own tests.
      MFA_REQUIRED_FOR_PRIVILEGED: 'false',
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // CI shares two cores among the browsers and servers; a journey there gets half again as long.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: servers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]]
    : 'list',
  outputDir: '../test-results/e2e-artifacts',
  use: {
    // A trace is recorded only on a failed journey's retry: recording one for every journey (its screencast
    // frames) took about a third of the browser's CPU (decision 0078).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects:
    servers === 1
      ? [{ name: 'chromium', use: { ...chromium, baseURL: `http://127.0.0.1:${port}` } }]
      : // workers: 1 per project: one file at a time on each server, the servers side by side.
        dealFiles(servers).map((files, i) => ({
          name: i === 0 ? 'chromium' : `chromium-${i + 1}`,
          workers: 1,
          testMatch: files,
          use: { ...chromium, baseURL: `http://127.0.0.1:${serverPorts[i]}` },
        })),
  webServer: serverPorts.map(webServer),
});
