/**
 * Slot holds: how many `slot/reserve` calls a second the server takes, with how many over capacity (must be
 * 0), on the embedded PGlite and on PostgreSQL; and how long a hold takes to reach calendars open elsewhere
 * (socket.io clients of the calendar hub following the schedule), p50/p95 over every delivery.
 *
 * The compiled server (`npm run build`) runs in its own process with the demo data, so the load generator
 * does not share its event loop. PostgreSQL runs when DATABASE_URL is set (a scratch database is created on
 * that server and dropped afterwards); PGlite always runs.
 *
 * Run: node --import tsx bench/holds.ts      (BENCH_PORT, BENCH_HOLDS, BENCH_CONCURRENCY, BENCH_CLIENTS,
 *      BENCH_DATABASES=pglite,postgresql). Both runs use BENCH_PORT, one after the other.
 *
 * Side by side: BENCH_BUILDS=main=/tmp/main/apps/server/dist/main.js,now=apps/server/dist/main.js runs each
 * database on each build in turn (one after the other, on the same machine in the same run). On PostgreSQL the
 * server reaches the database through a counting proxy (statementProxy): the statements every connection sent
 * during the hold load (simple queries and extended-protocol executions, the background dispatcher's
 * included), divided by the reserve calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const basePort = Number(process.env.BENCH_PORT ?? 3510);
const HOLDS = Number(process.env.BENCH_HOLDS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const PROPAGATION_HOLDS = Number(process.env.BENCH_PROPAGATION_HOLDS ?? 50);
const CALENDAR = '/careslot-calendar/api/v2';

interface Slot {
  ScheduleId: string;
  Start: string;
  Capacity: number;
  CapacityAvailable: number;
  SlotIds: string[];
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
 * A TCP proxy in front of PostgreSQL that counts the statements its clients send: 'Q' (a simple query, e.g.
 * begin or commit) and 'E' (an execution of a parsed statement: node-postgres sends every parameterised query
 * so). The startup message (no type byte) is skipped; the server's answers are piped through untouched.
 */
async function statementProxy(
  target: URL,
): Promise<{ port: number; count: () => number; reset: () => void; close: () => void }> {
  let statements = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          buffer = buffer.subarray(length);
          started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) break;
        const type = String.fromCharCode(buffer[0]!);
        if (type === 'Q' || type === 'E') statements += 1;
        buffer = buffer.subarray(length + 1);
      }
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    count: () => statements,
    reset: () => {
      statements = 0;
    },
    close: () => server.close(),
  };
}

async function startServer(
  port: number,
  env: Record<string, string>,
  main = 'apps/server/dist/main.js',
): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000000',
      HOLD_RATE_LIMIT: '10000000',
      // Every bench client is one address (127.0.0.1): the guest ceilings per address and calendar (decision 0085) off.
      GUEST_HOLDS_PER_ADDRESS: '10000000',
      GUEST_HOLDS_PER_CALENDAR: '10000000',
      // Holds outlive a slow run: a guest hold ends after 5 minutes by default, and an expired hold's place
      // goes to the next caller, which the over-capacity count would read as a win beyond capacity.
      GUEST_HOLD_SECONDS: '3600',
      SLOT_HOLD_SECONDS: '3600',
      SEED_DEMO_DATA: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitReady(`${origin}/readyz`, Date.now() + 180_000);
  return { origin, child };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function post<T>(
  origin: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** Every open slot of the demo schedules over the next `days` days. */
async function openSlots(origin: string, days: number): Promise<Slot[]> {
  const practitioners = await post<{ Data: { Id: string }[] }>(
    origin,
    '/careslot-administration/api/v2/practitioner/advance-search',
    { Limit: 0 },
  );
  const scheduleIds: string[] = [];
  for (const p of practitioners.json.Data) {
    const s = await post<{ Data: { Id: string }[] }>(origin, `${CALENDAR}/schedule/advance-search`, {
      PractitionerId: p.Id,
    });
    scheduleIds.push(...s.json.Data.map((x) => x.Id));
  }
  const from = new Date(Date.now() + 86_400_000);
  const to = new Date(from.getTime() + days * 86_400_000);
  const q = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const slots = await post<{ Data: Slot[] }>(origin, `${CALENDAR}/slot/advance-search`, {
    ScheduleIds: scheduleIds,
    StartDate: q(from),
    EndDate: q(to),
  });
  return slots.json.Data;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

interface HoldFigures {
  attempts: number;
  held: number;
  refused: number;
  errors: number;
  overCapacity: number;
  holdsPerSecond: number;
  latencyMsP50: number;
  latencyMsP95: number;
}

/** A guest token each: a hold belongs to the token's subject (decision 0035). Fetched before any timing. */
async function guestTokens(origin: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      tokens[i] = (
        await post<{ data: { access_token: string } }>(origin, '/api/account/login/guest', {})
      ).json.data.access_token;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return tokens;
}

/**
 * HOLDS reserve calls, CONCURRENCY in flight, each from its own browser (its own guest token), spread
 * over a pool of slots whose capacities add up to half the calls, so half are refused under contention.
 */
async function holdLoad(
  origin: string,
  slots: Slot[],
  counter?: { count: () => number; reset: () => void },
): Promise<HoldFigures & { statementsPerHold?: number }> {
  const tokens = await guestTokens(origin, HOLDS);
  const pool: Slot[] = [];
  let capacity = 0;
  for (const slot of slots) {
    if (capacity >= HOLDS / 2) break;
    pool.push(slot);
    capacity += slot.CapacityAvailable;
  }
  const wins = new Map<string, number>();
  const latencies: number[] = [];
  let held = 0;
  let refused = 0;
  let errors = 0;
  let next = 0;
  counter?.reset();
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < HOLDS; i = next++) {
      const slot = pool[i % pool.length]!;
      const t0 = performance.now();
      const res = await fetch(`${origin}${CALENDAR}/slot/reserve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
        body: JSON.stringify({ SlotIds: slot.SlotIds }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status === 200) {
        held += 1;
        wins.set(slot.SlotIds[0]!, (wins.get(slot.SlotIds[0]!) ?? 0) + 1);
      } else if (res.status === 409) refused += 1;
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  // The background dispatcher's statements of these holds come just after: a moment for them to land.
  if (counter) await new Promise((r) => setTimeout(r, 1500));
  const statements = counter?.count();
  const overCapacity = pool.reduce(
    (n, s) => n + Math.max(0, (wins.get(s.SlotIds[0]!) ?? 0) - s.CapacityAvailable),
    0,
  );
  latencies.sort((a, b) => a - b);
  return {
    attempts: HOLDS,
    held,
    refused,
    errors,
    overCapacity,
    holdsPerSecond: round(HOLDS / seconds),
    latencyMsP50: round(percentile(latencies, 50)),
    latencyMsP95: round(percentile(latencies, 95)),
    ...(statements === undefined ? {} : { statementsPerHold: round(statements / HOLDS) }),
  };
}

/** CLIENTS calendar-hub sockets follow one schedule; each hold's SlotUpdated is timed from the call to each socket. */
async function propagation(origin: string, slots: Slot[]) {
  const scheduleId = slots[slots.length - 1]!.ScheduleId;
  const targets = slots.filter((s) => s.ScheduleId === scheduleId).slice(-PROPAGATION_HOLDS);
  const sent = new Map<string, number>();
  const delays: number[] = [];
  const sockets: Socket[] = [];
  const token = (await post<{ data: { access_token: string } }>(origin, '/api/account/login/guest', {})).json
    .data.access_token;
  for (let i = 0; i < CLIENTS; i += 1) {
    const socket = io(`${origin}/hubs/calendar`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await socket.emitWithAck('Subscribe', { rooms: [`schedule:${scheduleId}`] });
    socket.on('SlotUpdated', (message: { data: { SlotId: string } }) => {
      const at = sent.get(message.data.SlotId);
      if (at !== undefined) delays.push(performance.now() - at);
    });
  }
  const holders = await guestTokens(origin, targets.length);
  for (const [i, slot] of targets.entries()) {
    sent.set(slot.SlotIds[0]!, performance.now());
    const res = await post(
      origin,
      `${CALENDAR}/slot/reserve`,
      { SlotIds: slot.SlotIds },
      { authorization: `Bearer ${holders[i]}` },
    );
    if (res.status !== 200) throw new Error(`propagation hold answered ${res.status}`);
    // Let this hold's deliveries land before the next, so the figure is per event, not a backlog.
    const expected = (i + 1) * CLIENTS;
    const deadline = Date.now() + 5_000;
    while (delays.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  }
  sockets.forEach((s) => s.disconnect());
  delays.sort((a, b) => a - b);
  return {
    clients: CLIENTS,
    holds: targets.length,
    deliveries: delays.length,
    expectedDeliveries: targets.length * CLIENTS,
    msP50: round(percentile(delays, 50)),
    msP95: round(percentile(delays, 95)),
    msMax: round(delays.at(-1) ?? NaN),
  };
}

async function runOn(
  label: string,
  port: number,
  env: Record<string, string>,
  build: { name: string; main: string },
  counter?: { count: () => number; reset: () => void },
) {
  const { origin, child } = await startServer(port, env, build.main);
  try {
    const slots = await openSlots(origin, 20);
    const load = await holdLoad(origin, slots, counter);
    const live = await propagation(origin, slots);
    return {
      build: build.name,
      database: label,
      openSlots: slots.length,
      concurrency: CONCURRENCY,
      holds: load,
      propagation: live,
    };
  } finally {
    await stop(child);
  }
}

/** The server builds to run: BENCH_BUILDS=name=path,... (default: this checkout's build alone). */
function builds(): { name: string; main: string }[] {
  const list = process.env.BENCH_BUILDS;
  if (!list) return [{ name: 'this', main: 'apps/server/dist/main.js' }];
  return list.split(',').map((entry) => {
    const [name, main] = entry.split('=');
    return { name: name!, main: main! };
  });
}

export async function holds() {
  const results: unknown[] = [];
  const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
  for (const build of builds()) {
    if (!wanted.includes('pglite')) break;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'careslot-bench-holds-'));
    try {
      results.push(await runOn('pglite', basePort, { DATA_DIR: dataDir }, build));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const databaseUrl = process.env.DATABASE_URL;
  for (const build of builds()) {
    if (!databaseUrl || !wanted.includes('postgresql')) break;
    const name = `careslot_bench_holds_${process.pid}_${build.name.replace(/\W/g, '_')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const proxy = await statementProxy(new URL(databaseUrl));
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    url.host = `127.0.0.1:${proxy.port}`;
    try {
      results.push(await runOn('postgresql', basePort, { DATABASE_URL: url.toString() }, build, proxy));
    } finally {
      proxy.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  return { bench: 'holds', at: new Date().toISOString(), loadAverage: os.loadavg().map(round), results };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await holds(), null, 2));
}
