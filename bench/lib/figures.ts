import { appendFileSync, readFileSync } from 'node:fs';

/**
 * One row of the speed table (`npm run bench`, bench/run-all.ts; docs/decisions/025 to 030), as a bench measured it: what was measured, the physical limit
 * measured in the same run beside it (static HTML for Lighthouse, bare Hono for the API,
 * PostgreSQL's own insert rate for orders), the goal, and whether it is met.
 */
export interface BenchFigure {
  /** The row's name, as in the table: 'Lighthouse performance /menu', 'order creation, PGlite'. */
  row: string;
  /** The figure with its unit: '98 (LCP 1.9 s)', '112.4 KB gzip in 12 files', '0.91 (14,200 vs 15,600 req/s)'. */
  measured: string;
  /** The limit measured in the same run, when there is one: 'static HTML 100 (LCP 0.9 s)', 'bare Hono 15,600 req/s'. */
  limit?: string;
  /** The goal as the issue states it: '≥ 97', '≤ 120 KB', 'p99 ≤ 20 ms'. */
  goal: string;
  met: boolean;
}

/**
 * Prints `figures` as a Markdown table under the bench's `name`; when BENCH_FIGURES_FILE is set
 * (bench/run-all.ts sets it), also appends them there as JSON lines, so that `npm run bench`
 * prints every bench's rows in one table at the end.
 */
export function reportFigures(name: string, figures: readonly BenchFigure[]): void {
  console.log(`\n${name}\n`);
  console.log('| figure | measured | limit (same run) | goal | met |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const f of figures) console.log(`| ${f.row} | ${f.measured} | ${f.limit ?? '—'} | ${f.goal} | ${f.met ? 'yes' : 'NO'} |`);
  const file = process.env.BENCH_FIGURES_FILE;
  if (file) appendFileSync(file, figures.map((f) => JSON.stringify({ bench: name, ...f })).join('\n') + '\n');
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
