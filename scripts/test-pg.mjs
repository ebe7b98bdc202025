// Runs the server integration suite against a real PostgreSQL server (DATABASE_URL, or the local one).
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};
const args = ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit', env });
process.exit(result.status ?? 1);
