/**
 * Cold start of the embedded default: the first start (initdb, migrations, demo seed) and a restart on the
 * same data folder, each timed from spawning the server to /readyz answering 200. It runs the compiled
 * server that `npm start` runs (apps/server/dist/main.js), built here first; BENCH_TSX=1 times the
 * TypeScript sources under tsx instead, for comparison.
 * Run: npm run bench -- cold-start   (or: node --import tsx bench/cold-start.ts)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
// Engineers sharing a machine each get a port range; BENCH_PORT picks the first port of this run.
const basePort = Number(process.env.BENCH_PORT ?? 3400);
const useTsx = process.env.BENCH_TSX === '1';
const serverArgs = useTsx ? ['--import', 'tsx', 'apps/server/src/main.ts'] : ['apps/server/dist/main.js'];

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

/** CPU time (user + system) a process has used so far, from /proc (Linux; clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface StartTiming {
  wallMs: number;
  cpuMs: number;
}

async function timeStart(dataDir: string, port: number): Promise<StartTiming> {
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
    },
    stdio: 'ignore',
  });
  try {
    await waitReady(`http://127.0.0.1:${port}/readyz`, Date.now() + 60_000);
    return { wallMs: performance.now() - started, cpuMs: cpuMsOf(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function coldStart() {
  if (!useTsx)
    execFileSync('npm', ['run', 'build', '-w', '@careslot/server'], { cwd: root, stdio: 'ignore' });
  const first: StartTiming[] = [];
  const restart: StartTiming[] = [];
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
  const summary = (xs: number[]) => ({ median: Math.round(median(xs)), all: xs.map(Math.round) });
  return {
    name: `cold-start (embedded PGlite, ${useTsx ? 'TypeScript under tsx' : 'compiled server'})`,
    runs,
    firstStartMs: summary(first.map((t) => t.wallMs)),
    restartMs: summary(restart.map((t) => t.wallMs)),
    // The server's own CPU time until /readyz: what the start costs, nearly unmoved by other load.
    firstStartCpuMs: summary(first.map((t) => t.cpuMs)),
    restartCpuMs: summary(restart.map((t) => t.cpuMs)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await coldStart(), null, 2));
}
