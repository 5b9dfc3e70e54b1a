/**
 * `npm run bench` (after `npm run build`): runs every bench of the speed table one after the
 * other on this machine, each printing its own figures, then prints all their rows in one table
 * with the limit measured in the same run beside each (bench/lib/figures.ts). A bench that exits
 * with an error is named at the end and makes this script exit 1; a goal not met does not.
 * BENCH_ONLY=api,orders runs some of them. Takes about 20 minutes (the soak alone is 6).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from './lib/figures.ts';

/** The benches, in the order of the speed table. */
const benches = ['lighthouse', 'axe', 'first-load', 'api', 'orders', 'discovery', 'pricing', 'memory', 'soak', 'storage', 'start'];

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const dir = mkdtempSync(join(tmpdir(), 'resto-bench-figures-'));
const figuresFile = join(dir, 'figures.jsonl');
const failed: string[] = [];
const startedAt = performance.now();

for (const name of benches.filter((b) => !only || only.includes(b))) {
  console.log(`\n=== bench/${name}.bench.ts ===`);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.bench.ts`], {
      env: { ...process.env, BENCH_FIGURES_FILE: figuresFile },
      stdio: 'inherit',
    });
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  console.log(`=== ${name}: ${((performance.now() - started) / 1000).toFixed(0)} s${code === 0 ? '' : `, exit ${code}`} ===`);
  if (code !== 0) failed.push(name);
}

let figures: (BenchFigure & { bench: string })[] = [];
try {
  figures = readFileSync(figuresFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BenchFigure & { bench: string });
} catch {
  // no bench wrote a figure
}
rmSync(dir, { recursive: true, force: true });

console.log(`\n## The speed figures, one run on this machine (${((performance.now() - startedAt) / 60_000).toFixed(1)} min)\n`);
console.log('| figure | measured | limit (same run) | goal | met | bench |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const f of figures) console.log(`| ${f.row} | ${f.measured} | ${f.limit ?? '—'} | ${f.goal} | ${f.met ? 'yes' : 'NO'} | ${f.bench} |`);
const unmet = figures.filter((f) => !f.met).length;
console.log(
  `\n${figures.length} figures, ${figures.length - unmet} goals met, ${unmet} not met${failed.length ? `; benches that failed: ${failed.join(', ')}` : ''}`,
);
if (failed.length) process.exit(1);
