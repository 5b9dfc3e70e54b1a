/**
 * Soak (issue 17, "Faults and load"): the real server (PGlite, or PostgreSQL with DATABASE_URL)
 * under mixed traffic at a steady rate for SOAK_MINUTES (default 30): menus, settings, offers,
 * popular dishes, address search, cash orders (each a new customer) and their status page. Its
 * resident memory is sampled every 30 s; after the warm-up (the first fifth, at most 5 minutes)
 * it must not grow by more than 20 %, and no request may fail.
 * Run: npm run bench:soak   (SOAK_MINUTES=5, SOAK_RATE=10 requests/s)
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOrderPayload, newLocalId } from '../apps/api/src/test/harness.ts';
import { kill, openNow, percentile, rssMb, send, startServer } from './lib/server-process.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const rate = Number(process.env.SOAK_RATE ?? 10);
const sampleMs = 30_000;
const warmUpMs = Math.min(5 * 60_000, (minutes * 60_000) / 5);
const dataDir = mkdtempSync(join(tmpdir(), 'resto-soak-'));
const server = await startServer({ port: 3750, dataDir, databaseUrl: process.env.DATABASE_URL || undefined, env: { OUTBOX_MAX_FILES: '200' } });
const template = await buildOrderPayload({ baseUrl: server.baseUrl, now: () => openNow });
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const pid = server.child.pid!;

const placed: { orderId: number; localId: string }[] = [];
let orderSeq = 0;
const mix: [number, () => [string, string, unknown?]][] = [
  [35, () => ['GET', '/v2/public/menus']],
  [10, () => ['GET', '/v2/public/settings']],
  [10, () => ['GET', '/v2/public/offers']],
  [10, () => ['GET', '/v2/public/recommendations/popular']],
  [10, () => ['GET', `/v2/public/locations/?query=${encodeURIComponent(['lyon', 'rue mercière 69002', 'villeurbanne', 'paris 11'][orderSeq % 4]!)}`]],
  [15, () => ['POST', '/v2/public/checkout/', { ...template, local_id: newLocalId(), customer: { ...template.customer, email: `soak-${++orderSeq}@example.fr` } }]],
  [10, () => {
    const order = placed[Math.floor(Math.random() * placed.length)];
    return order ? ['GET', `/v2/public/checkout/${order.orderId}?local_id=${order.localId}`] : ['GET', '/v2/public/menus'];
  }],
];
const totalWeight = mix.reduce((sum, [weight]) => sum + weight, 0);
const pick = () => {
  let r = Math.random() * totalWeight;
  for (const [weight, make] of mix) if ((r -= weight) < 0) return make();
  return mix[0]![1]();
};

const samples: { atMs: number; rss: number }[] = [{ atMs: 0, rss: rssMb(pid) }];
const errors: string[] = [];
const latencies: number[] = [];
let requests = 0;
const started = performance.now();
const sampler = setInterval(() => {
  samples.push({ atMs: performance.now() - started, rss: rssMb(pid) });
  const last = samples.at(-1)!;
  console.log(`  ${(last.atMs / 60_000).toFixed(1)} min  RSS ${last.rss.toFixed(0)} Mo  ${requests} requêtes  ${errors.length} erreurs`);
}, sampleMs);
const pending = new Set<Promise<void>>();
for (let i = 0; performance.now() - started < minutes * 60_000; i++) {
  const [method, path, body] = pick();
  const request = send(agent, server.baseUrl, method, path, body).then((outcome) => {
    requests += 1;
    latencies.push(outcome.ms);
    if (outcome.error || (outcome.status ?? 500) >= 400) errors.push(`${method} ${path.split('?')[0]} → ${outcome.error ?? outcome.status}`);
    else if (method === 'POST') placed.push({ orderId: (JSON.parse(outcome.body!) as { payload: { order_id: number } }).payload.order_id, localId: (body as { local_id: string }).local_id });
  });
  pending.add(request);
  void request.finally(() => pending.delete(request));
  const due = started + ((i + 1) * 1000) / rate;
  await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
}
await Promise.all(pending);
clearInterval(sampler);
samples.push({ atMs: performance.now() - started, rss: rssMb(pid) });
const outboxFiles = readdirSync(join(dataDir, 'outbox')).length;
const exit = await kill(server, 'SIGTERM');
agent.destroy();
rmSync(dataDir, { recursive: true, force: true });

const baseline = samples.filter((s) => s.atMs <= warmUpMs).at(-1)!;
const after = samples.filter((s) => s.atMs > warmUpMs);
const peak = Math.max(...after.map((s) => s.rss));
const last = samples.at(-1)!;
const growth = (peak - baseline.rss) / baseline.rss;
console.log(`\nEndurance : ${minutes} min à ${rate} requêtes/s (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
console.log(`  requêtes                  ${requests} (${placed.length} commandes), erreurs ${errors.length}${errors.length ? ` : ${[...new Set(errors)].slice(0, 5).join(' | ')}` : ''}`);
console.log(`  latence                   p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);
console.log(`  RSS                       départ ${samples[0]!.rss.toFixed(0)} Mo, fin d'échauffement (${(warmUpMs / 60_000).toFixed(1)} min) ${baseline.rss.toFixed(0)} Mo, pic ensuite ${peak.toFixed(0)} Mo, fin ${last.rss.toFixed(0)} Mo`);
console.log(`  croissance après échauffement ${(growth * 100).toFixed(1)} % (limite 20 %)`);
console.log(`  dossier outbox            ${outboxFiles} fichiers (borne OUTBOX_MAX_FILES=200)`);
console.log(`  arrêt SIGTERM             code ${exit.code}`);
process.exit(errors.length || growth > 0.2 || exit.code !== 0 ? 1 : 0);
