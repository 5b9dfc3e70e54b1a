// Sums the JSON reports of Vitest and Playwright into one line: "N passed, N failed".
//   node scripts/sum-results.mjs <dir> <report name>...   (e.g. vitest-pglite playwright)
// Every named report must exist: a suite that did not run counts as failed.
import { summarise } from './test-results-summary.mjs';

const [dir = 'test-results', ...expected] = process.argv.slice(2);
const { passed, failed, skipped, problems } = summarise(dir, expected.length ? expected : ['vitest-pglite', 'playwright']);
for (const problem of problems) console.log(`ÉCHEC ${problem}`);
// A skipped test is a failing test with a note.
console.log(`${passed} passed, ${failed + skipped} failed${skipped ? ` (${skipped} skipped)` : ''}`);
process.exit(failed + skipped > 0 || passed === 0 ? 1 : 0);
