import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { CrashPoint } from '../platform/crash-points';
import { REPO_ROOT } from '../platform/paths';
import { TEST_SECRETS_KEY } from './test-secrets';

const READY_MS = 120_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server as a child process (TypeScript sources under tsx) on a PostgreSQL database, for the tests
 * that kill it (SIGKILL at a crash point, platform/crash-points.ts) and start it again on the same data.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';
  constructor(
    readonly port: number,
    private readonly databaseUrl: string,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits for /readyz. */
  async start(env: Record<string, string> = {}) {
    if (
      await fetch(`${this.base}/readyz`).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`port ${this.port} is still answering`);
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // Every test request comes from one address: the guest ceilings have their own test (guest-holds.test.ts).
      GUEST_HOLDS_PER_ADDRESS: '100000',
      GUEST_HOLDS_PER_CALENDAR: '100000',
      // The test template's secrets are sealed with the test key (decision 0088).
      SECRETS_KEY: TEST_SECRETS_KEY,
      ...env,
    };
    delete childEnv.VITEST;
    delete childEnv.REDIS_URL;
    if (!env.CARESLOT_CRASH_AT) delete childEnv.CARESLOT_CRASH_AT;
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child = child;
    const deadline = Date.now() + READY_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited during start:\n${this.output}`);
      try {
        if ((await fetch(`${this.base}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server not ready:\n${this.output}`);
  }

  /** Resolves once the server printed that it stopped at the crash point. */
  async reached(point: CrashPoint) {
    const deadline = Date.now() + 30_000;
    while (!this.output.includes(`CRASH-POINT ${point}`)) {
      if (Date.now() > deadline) throw new Error(`crash point ${point} not reached:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  async call(
    method: string,
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      json: (text ? JSON.parse(text) : null) as Record<string, unknown>,
      text,
    };
  }
}
