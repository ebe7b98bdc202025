/**
 * Cold start of the embedded default: the first start (initdb, migrations, demo seed) and a restart on the
 * same data folder, each timed from spawning the server to /readyz answering 200.
 * Run: npm run bench -- cold-start   (or: node --import tsx bench/cold-start.ts)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
// Engineers sharing a machine each get a port range; BENCH_PORT picks the first port of this run.
const basePort = Number(process.env.BENCH_PORT ?? 3400);

async function waitReady(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} not ready in time`);
}

async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitReady(`http://127.0.0.1:${port}/readyz`, Date.now() + 60_000);
    return performance.now() - started;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function coldStart() {
  const first: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'careslot-bench-'));
    try {
      first.push(await timeStart(dir, basePort + i));
      restart.push(await timeStart(dir, basePort + i));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    name: 'cold-start (embedded PGlite)',
    runs,
    firstStartMs: { median: Math.round(median(first)), all: first.map(Math.round) },
    restartMs: { median: Math.round(median(restart)), all: restart.map(Math.round) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await coldStart(), null, 2));
}
