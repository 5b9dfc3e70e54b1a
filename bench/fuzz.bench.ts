/**
 * Fuzzing figures (docs/decisions/014): malformed requests per public endpoint (wrong types, nulls, huge
 * numbers, deep nesting, long strings, bytes that are not UTF-8, wrong content types, NULs,
 * lone surrogates; apps/api/src/test/fuzz.ts) against the real server (apps/api/src/server.ts
 * in its own process, PGlite in a temporary DATA_DIR, card test mode, RATE_LIMIT_FACTOR=1000).
 * Prints per endpoint the answers by status class and the slowest one, then whether the server is
 * alive and its RSS before and after. Exit code 1 when any 5xx or unanswered request was seen.
 * Run: npm run bench:fuzz   (FUZZ_N=10000 requests per endpoint by default, FUZZ_PORT=3690)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fuzzEndpoints, fuzzRequests, sendFuzz, type FuzzTally } from '../apps/api/src/test/fuzz.ts';
import { serverCommand } from './lib/server-process.ts';

const perEndpoint = Number(process.env.FUZZ_N ?? 10_000);
const port = Number(process.env.FUZZ_PORT ?? 3690);
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'resto-fuzz-'));

const [serverBin, ...serverArgs] = serverCommand(); // the compiled server, as production runs it
const server = spawn(serverBin, serverArgs, {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    WEB_BUILD_DIR: join(dataDir, 'no-storefront'),
    CLOCK_NOW: '2025-11-28T12:00:00+01:00', // a Friday noon in Paris: open, orders go through
    PAYMENT_TEST_MODE: '1',
    RATE_LIMIT_FACTOR: '1000',
    DEMO_HISTORY: '0',
    // Orders "as soon as possible" without a staff screen: handled by e-mail (docs/decisions/022).
    DEMO_SETTINGS: JSON.stringify({ 'orders.email_only': true }),
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverLog = '';
server.stderr.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));

/** The server's resident memory in MB, read from /proc. */
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function waitUp() {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/v2/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not up: ${serverLog}`);
}

try {
  await waitUp();
  // A valid order of the demo menu, priced with the shared domain code, as the template to break.
  const { buildOrderPayload } = await import('../apps/api/src/test/harness.ts');
  const order = (await buildOrderPayload({ baseUrl, now: () => new Date('2025-11-28T11:00:00Z') })) as unknown as Record<string, unknown>;
  // Warm up, then the memory before.
  await sendFuzz(baseUrl, 'warm-up', fuzzRequests(fuzzEndpoints(order)[6]!, 200, 1), 8);
  const rssBefore = rssMb();
  const started = performance.now();
  const tallies: FuzzTally[] = [];
  for (const [index, endpoint] of fuzzEndpoints(order).entries()) {
    const tally = await sendFuzz(baseUrl, endpoint.name, fuzzRequests(endpoint, perEndpoint, 2026 + index), 8);
    tallies.push(tally);
    const c = tally.classes;
    console.log(
      `${endpoint.name.padEnd(42)} 2xx ${String(c['2xx']).padStart(6)}  3xx ${String(c['3xx']).padStart(4)}  4xx ${String(c['4xx']).padStart(6)}  5xx ${String(c['5xx']).padStart(4)}  unanswered ${String(c.failed).padStart(4)}  slowest ${Math.round(tally.maxMs)} ms`,
    );
    for (const error of tally.serverErrors.slice(0, 3)) console.log(`   ${error}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const alive = (await fetch(`${baseUrl}/v2/health`)).ok;
  const rssAfter = rssMb();
  const total = perEndpoint * tallies.length;
  const serverErrors = tallies.reduce((sum, t) => sum + t.classes['5xx'] + t.classes.failed, 0);
  console.log('');
  console.log(`requests: ${total} (${perEndpoint} × ${tallies.length} endpoints) in ${seconds.toFixed(0)} s (${Math.round(total / seconds)}/s)`);
  console.log(`5xx or unanswered: ${serverErrors}`);
  console.log(`server alive after: ${alive ? 'yes' : 'NO'}`);
  console.log(`server RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after`);
  process.exitCode = serverErrors === 0 && alive ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
