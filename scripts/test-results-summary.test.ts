import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { summarise } from './test-results-summary.mjs';

// Reports captured from real runs (Vitest 4.1 with a test file importing a missing module;
// Playwright 1.65 whose webServer exited with code 3), trimmed.
const fixtures = fileURLToPath(new URL('./fixtures/test-reports/', import.meta.url));
const script = fileURLToPath(new URL('./sum-results.mjs', import.meta.url));

function reportDir(files: Record<string, string | object>): string {
  const dir = mkdtempSync(join(tmpdir(), 'reports-'));
  for (const [name, content] of Object.entries(files)) {
    if (typeof content === 'string') copyFileSync(join(fixtures, content), join(dir, `${name}.json`));
    else writeFileSync(join(dir, `${name}.json`), JSON.stringify(content));
  }
  return dir;
}

/** Runs the real script as scripts/test-all.sh does: its last line and exit code. */
function run(dir: string, names: string[]): { line: string; code: number } {
  try {
    const out = execFileSync(process.execPath, [script, dir, ...names], { encoding: 'utf8' });
    return { line: out.trim().split('\n').at(-1)!, code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; status: number };
    return { line: failure.stdout.trim().split('\n').at(-1)!, code: failure.status };
  }
}

const greenVitest = { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, success: true, testResults: [{ status: 'passed', assertionResults: [] }] };
const greenPlaywright = { stats: { expected: 4, unexpected: 0, flaky: 0, skipped: 0 }, errors: [] };

describe('sum-results: a suite that did not run is never "0 failed"', () => {
  test('green reports sum up and exit 0', () => {
    const dir = reportDir({ 'vitest-pglite': greenVitest, playwright: greenPlaywright });
    expect(run(dir, ['vitest-pglite', 'playwright'])).toEqual({ line: '7 passed, 0 failed', code: 0 });
  });

  test('a Vitest file failing to import counts as one failure', () => {
    const dir = reportDir({ 'vitest-pglite': 'vitest-import-error.json' });
    expect(run(dir, ['vitest-pglite'])).toEqual({ line: '2 passed, 1 failed', code: 1 });
    expect(summarise(dir, ['vitest-pglite']).problems[0]).toContain('zz-broken.test.ts');
  });

  test('a missing report counts as one failure', () => {
    const dir = reportDir({ 'vitest-pglite': greenVitest });
    expect(run(dir, ['vitest-pglite', 'vitest-postgres'])).toEqual({ line: '3 passed, 1 failed', code: 1 });
  });

  test('a Playwright run whose server did not start (empty stats, top-level errors) counts as failed', () => {
    const dir = reportDir({ 'vitest-pglite': greenVitest, playwright: 'playwright-webserver-failed.json' });
    expect(run(dir, ['vitest-pglite', 'playwright'])).toEqual({ line: '3 passed, 1 failed', code: 1 });
  });

  test('an unreadable report and a Vitest run with success false but no failed test count as failed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reports-'));
    writeFileSync(join(dir, 'playwright.json'), '{"stats": ');
    writeFileSync(join(dir, 'vitest-pglite.json'), JSON.stringify({ ...greenVitest, success: false }));
    expect(run(dir, ['vitest-pglite', 'playwright'])).toEqual({ line: '3 passed, 2 failed', code: 1 });
  });

  test('skipped tests are failures with a note', () => {
    const dir = reportDir({ playwright: { stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 1 }, errors: [] } });
    expect(run(dir, ['playwright'])).toEqual({ line: '2 passed, 1 failed (1 skipped)', code: 1 });
  });
});
