import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (the one holding `migrations/`), found by walking up from this file. The same
 * code runs from `src/platform/` under tsx and from `dist/` as the compiled bundle, at different depths.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'migrations')) && existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no apps/server folder with migrations/ above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

/**
 * The embedded database's starting point that `npm run build` makes: initialised, migrated and holding the
 * reference catalog, so a first start neither runs initdb nor loads 41,488 zip codes.
 */
export const PGLITE_BASE_PATH = path.join(SERVER_ROOT, 'dist', 'pglite-base.tar');
