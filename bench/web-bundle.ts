/**
 * The patient pages' JavaScript as Chromium loads it: the compiled server (npm run build first) on a fresh demo
 * data folder, headless Chromium (Debian's, as the journeys run it), and each patient page opened with a cold
 * cache and no interaction. Every JavaScript file the page requests until the network has been quiet and the
 * browser idle is counted (the entry, its static imports, route chunks, and whatever the page itself starts
 * loading without a click: idle-time preloads, dropdown parts, socket.io-client, dialogs), raw, gzip (level 9,
 * as the build precompresses it) and Brotli (quality 11). Fails when a page is over the budget (150 KB gzipped,
 * or WEB_BUDGET_KB) or loads practice-side code (docs/performance.md, issue 29).
 *
 * Run: npm run build && (cd bench && node --import tsx run-all.ts web-bundle)
 * WEB_DIST=<folder> measures another build's files with the same server (the side-by-side figures).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { seedId } from '../apps/server/src/seed/ids';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const port = Number(process.env.BENCH_PORT ?? 3430);
/** The goal is 150 KB gzipped (issue 29); CI sets WEB_BUDGET_KB to the ceiling it holds until the pages get there. */
export const PATIENT_PAGE_BUDGET_BYTES = Number(process.env.WEB_BUDGET_KB ?? 150) * 1024;
/** After the network is quiet: longer than the app's idle-time preloads wait at most (shared/ui/whenIdle.ts). */
const SETTLE_MS = 2_500;

/** Practice-side code that must never be loaded by a patient page. */
const PRACTICE_SIDE = [
  'src/features/practices/',
  'src/features/support/',
  'src/features/demo-requests/',
  // The practice route module: the practice side's screens and guards, loaded on its first address (decision 0075).
  'src/app/routes/practiceScreens.tsx',
];

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

interface ManifestChunk {
  file: string;
  src?: string;
}

export interface PageBundle {
  page: string;
  url: string;
  chunks: number;
  rawKb: number;
  gzipKb: number;
  brotliKb: number;
  gzipBytes: number;
  withinBudget: boolean;
  practiceSideModules: string[];
  files: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(DIST, file));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

async function waitReady(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready in time`);
}

/**
 * The JavaScript files (paths under the build folder) the page requests while `open` runs and until the
 * network has been quiet and the browser idle. The HTTP cache is off, so a reload counts everything again.
 */
async function scriptsLoadedBy(page: Page, open: () => Promise<unknown>): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const files = new Set<string>();
  const onRequest = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js') && !pathname.startsWith('/socket.io/')) files.add(pathname.slice(1));
  };
  page.on('request', onRequest);
  try {
    await open();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', onRequest);
    await cdp.detach();
  }
  return [...files].sort();
}

function measure(page: string, url: string, files: string[], srcOf: Map<string, string>): PageBundle {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = sizeOf(file);
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return {
    page,
    url,
    chunks: files.length,
    rawKb: kb(total.raw),
    gzipKb: kb(total.gzip),
    brotliKb: kb(total.brotli),
    gzipBytes: total.gzip,
    withinBudget: total.gzip <= PATIENT_PAGE_BUDGET_BYTES,
    practiceSideModules: files
      .map((file) => srcOf.get(file) ?? '')
      .filter((src) => PRACTICE_SIDE.some((prefix) => src.startsWith(prefix))),
    files,
  };
}

/** Signs the demo patient in through the realm's login page, as a person does. */
async function signInPatient(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Login with CareSlot' }).click();
  await page.waitForURL(/\/realms\/careslot\/login-actions\//);
  await page.getByLabel('Email').fill('patient@demo.careslot.health');
  await page.getByLabel('Password').fill('CareSlot!2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: /Jordan Ellis/ }).waitFor();
}

/** Picks the first open time on a provider's profile and follows the app to the first booking stage. */
async function holdFirstTime(page: Page, base: string, providerId: string): Promise<string> {
  await page.goto(`${base}/providers/${providerId}`);
  await page.locator('[data-slot-id]').first().click();
  const stage = /\/(screening-form|book\/book-appointment-form)$/;
  const zoneDialog = page.getByRole('dialog', { name: 'Time Zone Difference' });
  const asked = await Promise.race([
    zoneDialog.waitFor().then(
      () => true,
      () => false,
    ),
    page.waitForURL(stage).then(
      () => false,
      () => false,
    ),
  ]);
  if (asked) await zoneDialog.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL(stage);
  // The booking form enables Continue once it knows the stages, or sends the patient on to the screening form.
  const continueButton = page.getByRole('button', { name: 'Continue' });
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await page.waitForTimeout(100)) {
    const at = new URL(page.url()).pathname;
    if (at === '/screening-form') break;
    if ((await continueButton.count()) > 0 && (await continueButton.isEnabled())) break;
  }
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname;
}

async function measurePages(browser: Browser, base: string, srcOf: Map<string, string>) {
  const pages: PageBundle[] = [];
  const fresh = async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: 'America/New_York',
    });
    // A string: this package compiles without the DOM types.
    await context.addInitScript("sessionStorage.setItem('landing_dismissed', '1')");
    return context;
  };

  // A visitor's pages, each in a context of its own (a first visit).
  for (const [name, address] of [
    ['home (/)', '/'],
    ['provider search (/provider-search)', '/provider-search?specialty[]=Internist'],
    ['provider profile (/providers/:id)', `/providers/${seedId('demo:person:provider')}`],
  ] as const) {
    const context = await fresh();
    const page = await context.newPage();
    const files = await scriptsLoadedBy(page, () => page.goto(`${base}${address}`));
    pages.push(measure(name, address, files, srcOf));
    await context.close();
  }

  // The booking stages need a held time of a signed-in patient: the demo patient holds the first open time of
  // a provider whose practice asks screening questions, so the stages are the screening form, then the
  // booking form. Each is measured as a reload of its address (the hold lives in the tab's session storage).
  const context = await fresh();
  const page = await context.newPage();
  await signInPatient(page, base);
  const first = await holdFirstTime(page, base, seedId('demo:person:provider'));
  const stages: [string, string][] = [
    ['screening form (/screening-form)', '/screening-form'],
    ['booking form (/book/book-appointment-form)', '/book/book-appointment-form'],
  ];
  for (const [name, address] of first === '/screening-form' ? stages : stages.slice(1)) {
    if (address === '/book/book-appointment-form' && first === '/screening-form') {
      // Answer the screening questions so the booking form stays on screen when it is reloaded.
      for (const group of await page.getByRole('radiogroup').all()) {
        const no = group.getByRole('radio', { name: 'No' });
        if (await no.count()) await no.check();
        else await group.getByRole('radio').last().check();
      }
      const fullName = page.getByRole('textbox', { name: /Type your full name/ });
      if (await fullName.count()) await fullName.fill('Jordan Ellis');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/book\/book-appointment-form$/);
      await page.waitForLoadState('networkidle');
    }
    if (new URL(page.url()).pathname !== address) throw new Error(`expected ${address}, on ${page.url()}`);
    const files = await scriptsLoadedBy(page, () => page.reload());
    if (new URL(page.url()).pathname !== address) throw new Error(`${address} moved to ${page.url()}`);
    pages.push(measure(name, address, files, srcOf));
  }
  await context.close();
  return pages;
}

export async function webBundle(): Promise<{ budgetKb: number; dist: string; pages: PageBundle[] }> {
  const manifestFile = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`no ${manifestFile}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const srcOf = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.src ?? '']));

  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careslot-web-bundle-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: DIST,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      HOLD_RATE_LIMIT: '100000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_DATA: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/readyz`, Date.now() + 120_000);
    console.error(`web-bundle: server ready after ${Math.round(performance.now() - started)} ms`);
    const pages = await measurePages(browser, base, srcOf);
    console.error(`web-bundle: pages measured after ${Math.round(performance.now() - started)} ms`);
    return { budgetKb: PATIENT_PAGE_BUDGET_BYTES / 1024, dist: DIST, pages };
  } finally {
    await browser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function webBundleBench() {
  const result = await webBundle();
  const failed = result.pages.filter((p) => !p.withinBudget || p.practiceSideModules.length > 0);
  if (failed.length > 0) {
    console.error(`over budget or carrying practice-side code: ${failed.map((p) => p.page).join(', ')}`);
    process.exitCode = 1;
  }
  return result;
}
