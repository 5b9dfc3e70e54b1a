/**
 * Soak (docs/decisions/010; docs/decisions/026): the real server (PGlite, or PostgreSQL
 * with DATABASE_URL) under mixed traffic for SOAK_SECONDS (300): SOAK_ORDER_RATE cash orders a
 * second (20, each a new customer) and, around them, reads in the proportions of a storefront —
 * menus, settings, offers, popular dishes, address search, order status pages; then
 * SOAK_IDLE_SECONDS idle (60). Resident memory every 30 s (split into V8 heap, PGlite's WASM and
 * the rest by bench/lib/memory.ts); after the warm-up (the first fifth, at most 5 minutes) it must
 * not grow by more than 20 %, and no request may fail. SOAK_HEAP_SNAPSHOTS=1 writes a V8 heap
 * snapshot at the end of the warm-up and at the end (compare them in Chrome's DevTools to find a leak).
 * Run: npm run bench:soak   (BENCH_PORT=7630; about 6 min 30 s with the defaults)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOrderPayload, newLocalId } from '../apps/api/src/test/harness.ts';
import { reportFigures } from './lib/figures.ts';
import { formatMemory, memoryProbeEnv, readMemory, type MemoryReading } from './lib/memory.ts';
import { kill, openNow, percentile, send, startServer } from './lib/server-process.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 300);
const idleSeconds = Number(process.env.SOAK_IDLE_SECONDS ?? 60);
const orderRate = Number(process.env.SOAK_ORDER_RATE ?? 20);
const snapshots = process.env.SOAK_HEAP_SNAPSHOTS === '1';
const sampleMs = 30_000;
const warmUpMs = Math.min(5 * 60_000, (seconds * 1000) / 5);
const dataDir = mkdtempSync(join(tmpdir(), 'resto-soak-'));
const probe = memoryProbeEnv();
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 7630),
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  env: {
    OUTBOX_MAX_FILES: '200',
    ...probe,
    ...(snapshots ? { NODE_OPTIONS: `${probe.NODE_OPTIONS} --heapsnapshot-signal=SIGUSR1 --diagnostic-dir=${process.cwd()}` } : {}),
  },
});
const template = await buildOrderPayload({ baseUrl: server.baseUrl, now: () => openNow });
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

const placed: { orderId: number; localId: string }[] = [];
let orderSeq = 0;
const orderWeight = 15;
const mix: [number, () => [string, string, unknown?]][] = [
  [35, () => ['GET', '/v2/public/menus']],
  [10, () => ['GET', '/v2/public/settings']],
  [10, () => ['GET', '/v2/public/offers']],
  [10, () => ['GET', '/v2/public/recommendations/popular']],
  [10, () => ['GET', `/v2/public/locations/?query=${encodeURIComponent(['lyon', 'rue mercière 69002', 'villeurbanne', 'paris 11'][orderSeq % 4]!)}`]],
  [
    orderWeight,
    () => ['POST', '/v2/public/checkout/', { ...template, local_id: newLocalId(), customer: { ...template.customer, email: `soak-${++orderSeq}@example.fr` } }],
  ],
  [
    10,
    () => {
      const order = placed[Math.floor(Math.random() * placed.length)];
      return order ? ['GET', `/v2/public/checkout/${order.orderId}?local_id=${order.localId}`] : ['GET', '/v2/public/menus'];
    },
  ],
];
const totalWeight = mix.reduce((sum, [weight]) => sum + weight, 0);
// Requests a second such that orders come at orderRate.
const rate = (orderRate * totalWeight) / orderWeight;
const pick = () => {
  let r = Math.random() * totalWeight;
  for (const [weight, make] of mix) if ((r -= weight) < 0) return make();
  return mix[0]![1]();
};

const started = performance.now();
const samples: { atMs: number; reading: MemoryReading }[] = [{ atMs: 0, reading: await readMemory(server) }];
const errors: string[] = [];
const latencies: number[] = [];
let requests = 0;
let sampling = Promise.resolve();
const sampler = setInterval(() => {
  sampling = sampling.then(async () => {
    const atMs = performance.now() - started;
    samples.push({ atMs, reading: await readMemory(server) });
    console.log(`  ${(atMs / 60_000).toFixed(1)} min  ${formatMemory(samples.at(-1)!.reading)}  ${requests} requêtes  ${errors.length} erreurs`);
    if (snapshots && atMs > warmUpMs && atMs <= warmUpMs + sampleMs) server.child.kill('SIGUSR1');
  });
}, sampleMs);
const pending = new Set<Promise<void>>();
for (let i = 0; performance.now() - started < seconds * 1000; i++) {
  const [method, path, body] = pick();
  const request = send(agent, server.baseUrl, method, path, body).then((outcome) => {
    requests += 1;
    latencies.push(outcome.ms);
    if (outcome.error || (outcome.status ?? 500) >= 400) errors.push(`${method} ${path.split('?')[0]} → ${outcome.error ?? outcome.status}`);
    else if (method === 'POST')
      placed.push({
        orderId: (JSON.parse(outcome.body!) as { payload: { order_id: number } }).payload.order_id,
        localId: (body as { local_id: string }).local_id,
      });
  });
  pending.add(request);
  void request.finally(() => pending.delete(request));
  const due = started + ((i + 1) * 1000) / rate;
  await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
}
await Promise.all(pending);
const loadEndMs = performance.now() - started;
await new Promise((r) => setTimeout(r, idleSeconds * 1000));
clearInterval(sampler);
await sampling;
samples.push({ atMs: performance.now() - started, reading: await readMemory(server) });
if (snapshots) server.child.kill('SIGUSR1');
const outboxFiles = process.env.DATABASE_URL ? 0 : readdirSync(join(dataDir, 'outbox')).length;
const exit = await kill(server, 'SIGTERM');
agent.destroy();
rmSync(dataDir, { recursive: true, force: true });

const baseline = samples.filter((s) => s.atMs <= warmUpMs).at(-1)!;
const after = samples.filter((s) => s.atMs > warmUpMs);
const peak = Math.max(...after.map((s) => s.reading.rss));
const last = samples.at(-1)!;
const growth = (peak - baseline.reading.rss) / baseline.reading.rss;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\nEndurance : ${seconds} s à ${orderRate} commandes/s + lectures (${rate.toFixed(0)} requêtes/s), puis ${idleSeconds} s au repos (${database})`);
console.log(
  `  requêtes                  ${requests} (${placed.length} commandes), erreurs ${errors.length}${errors.length ? ` : ${[...new Set(errors)].slice(0, 5).join(' | ')}` : ''}`,
);
console.log(`  latence                   p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);
console.log(`  départ                    ${formatMemory(samples[0]!.reading)}`);
console.log(`  fin d'échauffement (${(warmUpMs / 60_000).toFixed(1)} min) ${formatMemory(baseline.reading)}`);
console.log(`  fin de charge (${(loadEndMs / 60_000).toFixed(1)} min) pic ensuite ${peak.toFixed(0)} Mo`);
console.log(`  fin du repos              ${formatMemory(last.reading)}`);
console.log(`  croissance après échauffement ${(growth * 100).toFixed(1)} % (limite 20 %)`);
if (!process.env.DATABASE_URL) console.log(`  dossier outbox            ${outboxFiles} fichiers (borne OUTBOX_MAX_FILES=200)`);
console.log(`  arrêt SIGTERM             code ${exit.code}`);
reportFigures('soak', [
  {
    row: 'RSS over 5 min at 20 orders/s + reads, then 1 min idle',
    measured: `${baseline.reading.rss.toFixed(0)} MB → peak ${peak.toFixed(0)} → ${last.reading.rss.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %; ${database}, ${seconds} s at ${orderRate} orders/s, ${errors.length} errors)`,
    goal: 'growth ≤ 20 %',
    met: growth <= 0.2 && errors.length === 0 && exit.code === 0,
  },
]);
