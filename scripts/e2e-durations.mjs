// Writes e2e/durations.json, each journey file's measured running time in seconds, from a Playwright JSON report
// (CI writes test-results/e2e.json). e2e/playwright.config.ts deals the files to its servers by these figures:
// run it after a full run whose timings should steer the next (`node scripts/e2e-durations.mjs test-results/e2e.json`).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/e2e.json', 'utf8'));
const seconds = {};

function walk(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      // The first attempt only: a retry is the price of a failure, not of the journey.
      const first = test.results?.[0];
      if (first) seconds[file] = (seconds[file] ?? 0) + first.duration / 1000;
    }
  }
  for (const child of suite.suites ?? []) walk(child, file);
}
for (const suite of report.suites ?? []) walk(suite, path.basename(suite.file));

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e', 'durations.json');
const sorted = Object.fromEntries(
  Object.entries(seconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, s]) => [file, Math.round(s)]),
);
writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(
  `${Object.keys(sorted).length} journey files, ${Math.round(Object.values(sorted).reduce((a, b) => a + b, 0))} s in all`,
);
