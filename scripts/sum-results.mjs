// Sums the JSON reports of Vitest and Playwright into one line: "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
// A skipped test is a failing test with a note.
console.log(`${passed} passed, ${failed + skipped} failed${skipped ? ` (${skipped} skipped)` : ''}`);
process.exit(failed + skipped > 0 || passed === 0 ? 1 : 0);
