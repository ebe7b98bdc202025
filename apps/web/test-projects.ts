import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every screen and unit test of the web app, relative to apps/web. */
export const WEB_TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that need modules of their own (decision 0079): the other files share their worker's page
 * and loaded modules (isolate: false), which loads jsdom and the app once a worker rather than once a file.
 * A file that replaces a module (vi.mock) would find it already loaded, a file that checks a module's first
 * load would find it done, and a file whose screens leave a timer running past its end (a refused sign-in's
 * logout) would sign the next file's user out: these (say so with `fresh-modules` in a comment) run one by
 * one, each in a process of its own, in the project web-fresh-modules (vitest.fresh.config.ts).
 */
export function testsNeedingFreshModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(here, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path.join(here, relative), 'utf8');
        if (text.includes('vi.mock(') || text.includes('fresh-modules')) found.push(relative);
      }
    }
  };
  walk('src');
  return found.sort();
}
