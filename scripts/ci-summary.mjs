// Prints the failing tests' names, then one closing line, 'N passed, N failed', over the JSON reports of every
// suite CI ran. The names come last in the log so that its tail (all a CI record may keep) says what failed.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing report ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest's JSON reporter.
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      const where = suite.name.replace(`${process.cwd()}/`, '');
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed') failures.push(`${file}: ${where} › ${test.fullName}`);
      }
      // A file that fails to load has no assertions, only its message.
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`${file}: ${where}: ${String(suite.message ?? '').split('\n')[0]}`);
      }
    }
  } else if (report.stats) {
    // Playwright's JSON reporter.
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'unexpected')
            failures.push(`${file}: ${spec.file} › ${[...titles, spec.title].join(' › ')}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  }
}
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`ci: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
