/**
 * Largest contentful paint of the landing page for doctors at '/' on localhost, in headless Chromium
 * (issue target: under 1.5 s). Starts the compiled server (run `npm run build` first) on a fresh data
 * folder, then opens '/' in a new browser context each run (cold HTTP cache) at desktop and phone sizes and
 * reads the LCP entry the browser itself reports.
 * Run: npm run bench -- landing-lcp   (or: BENCH_PORT=3341 node --import tsx bench/landing-lcp.ts)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3400);

interface Paint {
  lcpMs: number;
  fcpMs: number;
  ttfbMs: number;
  element: string;
}

async function waitReady(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} not ready in time`);
}

const READ_LCP = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const last = entries[entries.length - 1];
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const el = last.element;
    resolve({
      lcpMs: Math.round(last.startTime),
      fcpMs: Math.round(fcp ? fcp.startTime : 0),
      ttfbMs: Math.round(nav.responseStart),
      element: el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : 'unknown',
    });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function landingLcp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careslot-lcp-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
    },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/readyz`, Date.now() + 90_000);
    const results: Record<string, Paint[]> = {};
    for (const [name, viewport] of [
      ['desktop 1440x900', { width: 1440, height: 900 }],
      ['phone 375x800', { width: 375, height: 800 }],
    ] as const) {
      results[name] = [];
      // One warm-up so the server's first-request costs (static file stat, JIT) are not counted.
      for (let run = -1; run < runs; run += 1) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await page.goto(`${base}/`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        // Evaluated in the page; a string because this package compiles without the DOM types.
        const paint = await page.evaluate<Paint>(READ_LCP);
        if (run >= 0) results[name].push(paint);
        await context.close();
      }
    }
    return {
      bench: 'landing-lcp',
      runs,
      results: Object.fromEntries(
        Object.entries(results).map(([name, paints]) => [
          name,
          {
            lcpMedianMs: median(paints.map((p) => p.lcpMs)),
            lcpMaxMs: Math.max(...paints.map((p) => p.lcpMs)),
            fcpMedianMs: median(paints.map((p) => p.fcpMs)),
            ttfbMedianMs: median(paints.map((p) => p.ttfbMs)),
            lcpElement: paints[0]?.element,
          },
        ]),
      ),
      loadAverage: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    };
  } finally {
    await browser.close();
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await landingLcp(), null, 2));
