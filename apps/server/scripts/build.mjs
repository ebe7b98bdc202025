// Compiles the server into one ES module, dist/main.js, so production starts without transpiling
// TypeScript at run time (tsx costs about 1.3 s of CPU on every start). Packages from node_modules stay
// external and load as they are; only our own code (this app and the workspace packages) is bundled.
// Then makes dist/pglite-base.tar, the migrated embedded database a first start copies (src/base-data-dir.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@careslot/'));

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
});

execFileSync(process.execPath, [path.join(root, 'dist/base-data-dir.js')], { cwd: root, stdio: 'inherit' });
