// Counting of test reports for scripts/sum-results.mjs, apart so that it is tested
// (scripts/test-results-summary.test.ts) on the reports that must not read as green.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Counts one Vitest JSON report. A test file that fails before any test runs (an import error)
 * has status "failed" and no assertion results: Vitest counts it in no test figure, so it is
 * counted here as one failure. A report saying `success: false` with nothing failed (an unhandled
 * error between tests) counts one failure too.
 * @param {any} report parsed JSON of `vitest --reporter=json`
 * @returns {{passed: number, failed: number, skipped: number, problems: string[]}}
 */
export function countVitest(report) {
  const problems = [];
  let failed = report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const failedAssertions = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && failedAssertions === 0) {
      failed += 1;
      problems.push(`${file.name}: ${(file.message ?? 'échec hors des tests').split('\n')[0]}`);
    }
  }
  if (report.success === false && failed === 0) {
    failed = 1;
    problems.push('Vitest signale un échec sans test en échec (erreur non gérée)');
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    problems,
  };
}

/**
 * Counts one Playwright JSON report. Top-level `errors` (a web server that did not start, a spec
 * that failed to load, a global timeout) count one failure each: such a run may have no test at all.
 * @param {any} report parsed JSON of Playwright's json reporter
 */
export function countPlaywright(report) {
  const errors = report.errors ?? [];
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + errors.length,
    skipped: stats.skipped ?? 0,
    problems: errors.map((e) => `Playwright : ${String(e.message ?? e).split('\n')[0]}`),
  };
}

/**
 * Sums the reports `expected` (names without `.json`) in `dir`. A report that is missing, not JSON,
 * or of an unknown shape counts one failure: a suite that did not run is not a green suite.
 * @param {string} dir
 * @param {string[]} expected
 * @returns {{passed: number, failed: number, skipped: number, problems: string[]}}
 */
export function summarise(dir, expected) {
  const total = { passed: 0, failed: 0, skipped: 0, problems: [] };
  for (const name of expected) {
    const path = join(dir, `${name}.json`);
    let counts;
    if (!existsSync(path)) {
      counts = { passed: 0, failed: 1, skipped: 0, problems: [`${name} : aucun rapport (la suite n'a pas tourné)`] };
    } else {
      let report;
      try {
        report = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        report = undefined;
      }
      if (report && 'numPassedTests' in report) counts = countVitest(report);
      else if (report && (report.stats || report.errors)) counts = countPlaywright(report);
      else counts = { passed: 0, failed: 1, skipped: 0, problems: [`${name} : rapport illisible`] };
    }
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    total.problems.push(...counts.problems);
  }
  return total;
}
