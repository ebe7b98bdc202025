// Runs the API server (tsx watch) and the Vite dev server together; Ctrl+C stops both.
import { spawn } from 'node:child_process';

// The developer pages (/dev/outbox: the codes and e-mails the local outbox keeps) are opt-in; a dev run opts in.
const serverEnv = { ...process.env, DEV_TOOLS: process.env.DEV_TOOLS ?? 'true' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@careslot/server'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', '@careslot/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
