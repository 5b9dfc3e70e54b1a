/**
 * Memory (docs/decisions/026-memory-and-storage.md): the server on PGlite in a
 * fresh data directory (the demo restaurant with its 3,000 past orders, the storefront when built),
 * its memory after start, after a load like the API bench's (GET /v2/public/menus, then orders in
 * an open slot: clock fixed on an open Tuesday, orders.email_only, rate limits multiplied), and after
 * BENCH_IDLE_SECONDS idle (60); each reading split into the V8 heap, PGlite's WebAssembly memory
 * and buffers (bench/lib/memory-probe.mjs). Bare Hono's resident memory after the same load is the limit.
 * Run: npm run bench:memory   (BENCH_SECONDS=8 per load, BENCH_IDLE_SECONDS=60, BENCH_PORT=7600 and +1)
 * About 1 min 40 s with the defaults.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildOrderPayload, newLocalId } from '../apps/api/src/test/harness.ts';
import { reportFigures, rssMb } from './lib/figures.ts';
import { formatMemory, memoryProbeEnv, readMemory, type MemoryReading } from './lib/memory.ts';
import { kill, openNow, startServer } from './lib/server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const connections = 10;
const port = Number(process.env.BENCH_PORT ?? 7600);
const goalMb = 350;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webBuild = join(repoRoot, 'apps/web/build');

const dataDir = mkdtempSync(join(tmpdir(), 'resto-memory-'));
const server = await startServer({
  port,
  dataDir,
  env: {
    DEMO_HISTORY: '1',
    ...(existsSync(join(webBuild, 'server/index.js')) ? { WEB_BUILD_DIR: webBuild } : {}),
    ...memoryProbeEnv(),
  },
});
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-hono.ts'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(port + 1), MENUS_BODY: await (await fetch(`${server.baseUrl}/v2/public/menus`)).text() },
  stdio: ['ignore', 'pipe', 'inherit'],
});

try {
  const readings: [string, MemoryReading][] = [['après démarrage (3 000 commandes passées chargées)', await readMemory(server)]];
  const template = await buildOrderPayload({ baseUrl: server.baseUrl, now: () => openNow });
  const orders = (base: string): autocannon.Options => ({
    url: `${base}/v2/public/checkout/`,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...template, local_id: newLocalId() }) }),
      },
    ],
  });
  const load = async (base: string) => {
    const menus = await autocannon({ url: `${base}/v2/public/menus`, connections, duration: seconds });
    const placed = await autocannon({ ...orders(base), connections, duration: seconds });
    return { menus: menus.requests.average, orders: placed.requests.average, errors: menus.errors + menus.non2xx + placed.errors + placed.non2xx };
  };
  const ours = await load(server.baseUrl);
  // The storefront's pages, server-rendered, as the API bench reads /menu.
  for (const path of ['/', '/menu', '/menu', '/checkout']) await (await fetch(`${server.baseUrl}${path}`)).arrayBuffer();
  readings.push(['après la charge', await readMemory(server)]);
  const bareLoad = await load(`http://127.0.0.1:${port + 1}`);
  const bareRss = rssMb(bare.pid!);
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  readings.push([`après ${idleSeconds} s au repos`, await readMemory(server)]);

  console.log(`\nMémoire du serveur (PGlite, ${seconds} s de GET /v2/public/menus puis ${seconds} s de commandes, ${connections} connexions)\n`);
  for (const [label, reading] of readings) console.log(`  ${label.padEnd(52)} ${formatMemory(reading)}`);
  console.log(`  ${'Hono nu après la même charge'.padEnd(52)} RSS ${bareRss.toFixed(0)} MB`);
  console.log(
    `\n  débit : menus ${ours.menus.toFixed(0)} req/s, commandes ${ours.orders.toFixed(0)}/s, erreurs ${ours.errors} (Hono nu : ${bareLoad.menus.toFixed(0)} et ${bareLoad.orders.toFixed(0)}/s)`,
  );
  const afterLoad = readings[1]![1].rss;
  reportFigures('memory', [
    {
      row: 'server resident memory after the API bench',
      measured: `${afterLoad.toFixed(0)} MB on PGlite (start ${readings[0]![1].rss.toFixed(0)}, after ${idleSeconds} s idle ${readings[2]![1].rss.toFixed(0)} MB)`,
      limit: `bare Hono ${bareRss.toFixed(0)} MB`,
      goal: `≤ ${goalMb} MB`,
      met: afterLoad <= goalMb && ours.errors === 0,
    },
  ]);
} finally {
  bare.kill('SIGTERM');
  await kill(server, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
