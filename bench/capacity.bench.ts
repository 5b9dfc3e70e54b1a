/**
 * Capacity per slot (docs/decisions/023-back-office.md, « Capacité »): what the
 * check in the order's transaction costs, and the race for a slot's last place.
 *  1. Checkout latency, 200 scheduled pickup orders over 20 slots, 10 at a time: no limit, then a
 *     limit too high to refuse (the advisory lock and the count run on every order).
 *  2. The race: 50 checkouts at once for the last place of a slot (limit 3, 2 taken): winners
 *     (must be 1) and the time until all 50 are answered.
 * On PGlite (one server), then on PostgreSQL with two API instances sharing the database (the race
 * spread over both). Fixed clock: Tuesday 24 November 2026, 12:30 in Paris.
 * Run: npm run bench:capacity   (PostgreSQL part: DATABASE_URL or 127.0.0.1:5432)
 */
import { availableParallelism, loadavg } from 'node:os';
import { buildOrderPayload, postOrder, startTestServer, type TestServer } from '../apps/api/src/test/harness.ts';
import { createTestStaff } from '../apps/api/src/test/staff.ts';
import { setCapacity } from '../apps/api/src/modules/capacity/test-helpers.ts';
import { openNow, percentile, postgresAdminUrl } from './lib/server-process.ts';

const adminUrl = await postgresAdminUrl();
delete process.env.DATABASE_URL;

const days = ['2026-11-25', '2026-11-26', '2026-11-27'];
const starts = ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30'];
const slotOf = (i: number) => {
  const start = starts[i % starts.length]!;
  const [h, m] = start.split(':').map(Number) as [number, number];
  const end = `${String(h + (m === 45 ? 1 : 0)).padStart(2, '0')}:${String((m + 15) % 60).padStart(2, '0')}`;
  return { date: days[Math.floor(i / starts.length) % days.length]!, range: `${start}-${end}` };
};

/** Places `count` scheduled orders, `concurrency` at a time, on the servers in turn. @returns each order's latency, ms. */
async function checkouts(targets: TestServer[], count: number, concurrency: number, offset: number): Promise<number[]> {
  const payloads = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const { date, range } = slotOf(i + offset);
      return buildOrderPayload(targets[i % targets.length]!, { is_scheduled: true, delivery_date: date, delivery_time_range: range });
    }),
  );
  const latencies: number[] = [];
  for (let i = 0; i < count; i += concurrency) {
    await Promise.all(
      payloads.slice(i, i + concurrency).map(async (payload, j) => {
        const started = performance.now();
        const answer = await postOrder(targets[(i + j) % targets.length]!.baseUrl, payload);
        if (answer.status !== 201) throw new Error(`commande refusée : ${answer.status}`);
        latencies.push(performance.now() - started);
      }),
    );
  }
  return latencies;
}

async function race(targets: TestServer[], ownerCookie: string): Promise<{ winners: number; ms: number }> {
  await setCapacity(targets[0]!, ownerCookie, { 'capacity.pickup_max_orders': 3 });
  await new Promise((resolve) => setTimeout(resolve, 1100)); // the other instance's catalogue check (1 s)
  const slot = { is_scheduled: true, delivery_date: '2026-11-28', delivery_time_range: '12:00-12:15' };
  for (let i = 0; i < 2; i++) await postOrder(targets[0]!.baseUrl, await buildOrderPayload(targets[0]!, slot));
  const payloads = await Promise.all(Array.from({ length: 50 }, (_, i) => buildOrderPayload(targets[i % targets.length]!, slot)));
  const started = performance.now();
  const answers = await Promise.all(payloads.map((payload, i) => postOrder(targets[i % targets.length]!.baseUrl, payload)));
  return { winners: answers.filter((a) => a.status === 201).length, ms: performance.now() - started };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function run(label: string, targets: TestServer[]) {
  const owner = await createTestStaff(targets[0]!.db, { now: openNow, role: 'owner' });
  const free = await checkouts(targets, 200, 10, 0);
  await setCapacity(targets[0]!, owner.cookie, { 'capacity.pickup_max_orders': 999 });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const limited = await checkouts(targets, 200, 10, 1);
  const contest = await race(targets, owner.cookie);
  console.log(`\n${label}`);
  console.log(`  sans limite     : p50 ${ms(percentile(free, 50))}, p99 ${ms(percentile(free, 99))}`);
  console.log(`  avec limite     : p50 ${ms(percentile(limited, 50))}, p99 ${ms(percentile(limited, 99))} (verrou + comptage dans la transaction)`);
  console.log(`  course, 50 pour la dernière place : ${contest.winners} gagnant(s), toutes répondues en ${ms(contest.ms)}`);
  if (contest.winners !== 1) process.exitCode = 1;
}

console.log(`Capacité par créneau — ${availableParallelism()} cœurs, charge ${loadavg()[0]!.toFixed(2)}`);
const clock = () => openNow;
const pglite = await startTestServer({ clock });
try {
  await run('PGlite, un serveur', [pglite]);
} finally {
  await pglite.close();
}
if (adminUrl) {
  process.env.DATABASE_URL = adminUrl;
  const a = await startTestServer({ clock });
  const b = await startTestServer({ clock, databaseUrl: a.databaseUrl, seed: false });
  try {
    await run('PostgreSQL, deux instances', [a, b]);
  } finally {
    await b.close();
    await a.close();
  }
} else console.log('\nPostgreSQL absent : partie PostgreSQL non lancée.');
