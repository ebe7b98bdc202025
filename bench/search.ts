/**
 * Provider search latency (decision 0007, issue 5): a directory of the demo data plus 2,000 generated
 * providers (the seed generator: practices of about twenty providers at real zip codes in every state, each
 * with a Monday-Friday schedule), a quarter of the slots of the next 4 weeks' morning hours booked, and 20
 * concurrent clients sending a mix of searches to the running server over HTTP. Prints p50/p95/p99 per
 * kind of search and overall, and the server's CPU time per search (Linux).
 *
 * Run: node --import tsx bench/search.ts              (embedded PGlite in a temporary folder)
 *      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/search.ts
 * Env: BENCH_PORT (default 3525), BENCH_HOST (127.0.0.1), BENCH_SERVER_NODE_ARGS, BENCH_PROVIDERS (2000), BENCH_CLIENTS (20), BENCH_REQUESTS (2000).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3525);
// The address the server listens on (another 127.0.0.x when something else holds the port on 127.0.0.1).
const host = process.env.BENCH_HOST ?? '127.0.0.1';
const providers = Number(process.env.BENCH_PROVIDERS ?? 2000);
const clients = Number(process.env.BENCH_CLIENTS ?? 20);
const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const serverUrl = process.env.BENCH_DATABASE_URL;
const SEARCH = `http://${host}:${port}/careslot-marketplace/api/v1/WebCatalog/find-care/catalogs`;

const SPECIALTIES = [
  'Internist',
  'Cardiologist (Heart Doctor)',
  'Neurologist',
  'Dermatologist',
  'Psychiatrist',
  'Orthopedic Surgeon',
  'Family Physician',
  'Pediatrician',
];
const CONDITIONS = ['Back Pain', 'Diabetes Consultation', 'Headache', 'Acne'];
const CARRIERS = ['Aetna', 'Medicare', 'Blue Cross Blue Shield', 'UnitedHealthcare', 'Cigna'];

type Scenario = { name: string; body: (zip: string, rnd: () => number) => Record<string, unknown> };
const pick = <T>(xs: readonly T[], rnd: () => number): T => xs[Math.floor(rnd() * xs.length)]!;

/** What patients ask, roughly in the proportions a home page produces. */
const SCENARIOS: Scenario[] = [
  {
    name: 'specialty + zip within 50 mi',
    body: (zip, rnd) => ({ Specialty: pick(SPECIALTIES, rnd), ZipCode: zip, Distance: 50 }),
  },
  {
    name: 'condition + zip, any distance',
    body: (zip, rnd) => ({ Condition: pick(CONDITIONS, rnd), ZipCode: zip }),
  },
  {
    name: 'specialty + carrier + zip within 100 mi',
    body: (zip, rnd) => ({
      Specialty: pick(SPECIALTIES, rnd),
      insurance_name: pick(CARRIERS, rnd),
      ZipCode: zip,
      Distance: 100,
    }),
  },
  {
    name: 'zip only, pages 1-10',
    body: (zip, rnd) => ({ ZipCode: zip, Offset: 1 + Math.floor(rnd() * 10) }),
  },
  {
    name: 'specialty, next availability, 100 mi',
    body: (zip, rnd) => ({
      Specialty: pick(SPECIALTIES, rnd),
      ZipCode: zip,
      Distance: 100,
      SortBy: 'next_availability',
    }),
  },
  {
    name: 'free text + gender + visit type',
    body: (zip, rnd) => ({
      TextField: pick(['smith', 'health', 'clinic', 'family'], rnd),
      Gender: pick(['F', 'M'], rnd),
      VisitType: 'TeleHealth',
      ZipCode: zip,
    }),
  },
];

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; null elsewhere). The server's CPU
 * per search is the figure a shared machine does not distort much: latency there is mostly waiting for a core.
 */
function cpuMsOf(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    n: xs.length,
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
  };
};

export async function searchBench() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careslot-search-bench-'));
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `careslot_bench_search_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const env = { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  try {
    const seedStarted = performance.now();
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/seed/cli.ts', '--providers', String(providers), '--seed', '7'],
      { cwd: root, env, stdio: 'ignore' },
    );
    // Bookings: a quarter of the morning slots of the next 4 weeks taken (times on the hour and half hour UTC).
    const database = await openDatabase({ databaseUrl, dataDir });
    await database.query(
      `insert into slot_capacity (schedule_id, start_at, capacity, taken)
       select s.id, t, s.capacity, s.capacity
         from schedules s
        cross join generate_series(date_trunc('day', now()), date_trunc('day', now()) + interval '28 days', interval '30 minutes') t
        where extract(hour from t) between 13 and 17 and random() < 0.25
       on conflict do nothing`,
    );
    await database.exec('analyze slot_capacity');
    const [counts] = await database.query<{ providers: number; rows: number; taken: number }>(
      `select (select count(distinct practitioner_id)::int from provider_search) as providers,
              (select count(*)::int from provider_search) as rows,
              (select count(*)::int from slot_capacity) as taken`,
    );
    const zips = (
      await database.query<{ zip_code: string }>(
        'select distinct zip_code from provider_search order by zip_code',
      )
    ).map((r) => r.zip_code);
    await database.close();
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;

    // BENCH_SERVER_NODE_ARGS: extra node options of the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        HOST: host,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000',
        SEED_DEMO_DATA: 'false',
      },
      stdio: 'ignore',
    });
    try {
      await waitReady(`http://${host}:${port}/readyz`, Date.now() + 120_000);
      const rnd = mulberry32(42);
      const plan = Array.from({ length: requests }, (_, i) => {
        const scenario = SCENARIOS[i % SCENARIOS.length]!;
        return { scenario: scenario.name, body: scenario.body(pick(zips, rnd), rnd) };
      });
      // Warm-up: every scenario once, not measured.
      for (const s of SCENARIOS)
        await fetch(SEARCH, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(s.body(zips[0]!, rnd)),
        });

      const timings = new Map<string, number[]>();
      let next = 0;
      let failures = 0;
      const started = performance.now();
      const cpuBefore = cpuMsOf(server.pid);
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (next < plan.length) {
            const item = plan[next++]!;
            const t0 = performance.now();
            const res = await fetch(SEARCH, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(item.body),
            });
            await res.arrayBuffer();
            const ms = performance.now() - t0;
            if (!res.ok) failures += 1;
            timings.set(item.scenario, [...(timings.get(item.scenario) ?? []), ms]);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuMsOf(server.pid);
      return {
        name: `provider search (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`,
        directory: counts,
        seedSeconds,
        clients,
        requests,
        failures,
        throughputPerSecond: Math.round(requests / seconds),
        serverCpuMsPerSearch:
          cpuBefore === null || cpuAfter === null
            ? null
            : Math.round(((cpuAfter - cpuBefore) / requests) * 100) / 100,
        loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
        overall: summary([...timings.values()].flat()),
        byScenario: Object.fromEntries([...timings].map(([name, xs]) => [name, summary(xs)])),
      };
    } finally {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await searchBench(), null, 2));
}
