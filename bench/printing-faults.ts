/**
 * The kitchen printers' fault run (docs/decisions/033-kitchen-printers.md, « Exactly once »):
 * PRINT_FAULT_ORDERS orders (500) placed at 10 a second while simulated printers — written from
 * the vendors' documents (apps/api/src/test/printers/) — randomly go offline, run out of paper,
 * open their cover, answer a fault, answer slowly and lose their answers, and the server is killed
 * with SIGKILL in the middle of jobs (PRINT_FAULT_KILLS times) and restarted on the same data.
 * On PGlite (one server) and on PostgreSQL with two instances behind the printers' round-robin.
 * The server's clock starts on an open Tuesday and runs (CLOCK_START), so job timeouts pass.
 *
 * Prints, per backend: orders acknowledged, tickets expected (each order on each printer), missed
 * (goal 0), printed twice without « RÉIMPRESSION » (goal 0), reprints marked, tickets whose
 * decoded text does not match their order (goal 0), the faults injected, and order acknowledged →
 * ticket out p50/p99. Run: npm run bench:printing-faults
 */
import { mkdtempSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { printers } from '../apps/api/src/db/schema.ts';
import { newPrinterSecret } from '../apps/api/src/modules/printing/index.ts';
import { buildOrderPayload, newLocalId } from '../apps/api/src/test/harness.ts';
import { SimulatedEpsonPrinter, type PrintedTicket } from '../apps/api/src/test/printers/epson-sdp-printer.ts';
import {
  freshPostgresDatabase,
  kill,
  openNow,
  percentile,
  postgresAdminUrl,
  send,
  spawnServer,
  startServer,
  waitHealthy,
  type ServerProcess,
} from './lib/server-process.ts';

const orderCount = Number(process.env.PRINT_FAULT_ORDERS ?? 500);
const killCount = Number(process.env.PRINT_FAULT_KILLS ?? 2);
const perSecond = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const customer = { first_name: 'Hélène', last_name: 'Côté-Brûlé' };
const note = 'Sans oignons, bien cuite — 1 € de pourboire';

interface Result {
  backend: string;
  acknowledged: number;
  expected: number;
  printed: number;
  missed: number;
  unmarkedDuplicates: number;
  reprints: number;
  mismatched: number;
  kills: number;
  faults: Record<string, number>;
  latency: number[];
  jobs: Record<string, number>;
  seconds: number;
}

/** The order number a ticket shows (« n° 1042 »), or null. */
function orderOf(ticket: PrintedTicket): number | null {
  const match = /n° (\d+)/.exec(ticket.text);
  return match ? Number(match[1]) : null;
}

async function run(backend: 'pglite' | 'postgres', port: number, adminUrl?: string): Promise<Result> {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), `resto-print-faults-${backend}-`));
  const pgDatabase = backend === 'postgres' ? await freshPostgresDatabase(adminUrl!) : undefined;
  const t0 = Date.now();
  const clock = () => new Date(openNow.getTime() + (Date.now() - t0));
  const options = (instance: number) => ({
    port: port + instance,
    dataDir: instance === 0 ? dataDir : mkdtempSync(join(tmpdir(), `resto-print-faults-${backend}-${instance}-`)),
    databaseUrl: pgDatabase?.url,
    runtime: 'tsx' as const,
    env: { CLOCK_NOW: undefined, CLOCK_START: clock().toISOString() },
  });
  const instances = backend === 'postgres' ? 2 : 1;
  // A first start migrates and loads the demo restaurant; the printers are added while it is stopped (PGlite: one process holds the data).
  const first = await startServer(options(0));
  await kill(first, 'SIGTERM');
  const database = await openDatabase({ databaseUrl: pgDatabase?.url, dataDir });
  const secrets = ['Cuisine', 'Bar'].map((name) => ({ name, secret: newPrinterSecret() }));
  await database.db.insert(printers).values(
    secrets.map(({ name, secret }, index) => ({
      name,
      station: index === 0 ? ('kitchen' as const) : ('bar' as const),
      connection: 'epson_sdp' as const,
      secret,
      fallbackSeconds: 3600,
      createdAt: clock(),
      lastPollAt: clock(),
    })),
  );
  await database.close();

  const spawnAt = (instance: number) => spawnServer({ ...options(instance), env: { CLOCK_NOW: undefined, CLOCK_START: clock().toISOString() } });
  const servers: ServerProcess[] = [];
  for (let i = 0; i < instances; i++) {
    servers[i] = spawnAt(i);
    await waitHealthy(servers[i]!);
  }
  const urls = (secret: string) => Array.from({ length: instances }, (_, i) => `http://127.0.0.1:${port + i}/v2/print/epson/${secret}`);
  const devices = secrets.map(({ name, secret }) => new SimulatedEpsonPrinter({ url: urls(secret), name, intervalMs: 150 }));
  for (const device of devices) device.start();

  // The printers' weather: every 1 to 3 s each printer may fall into a fault for a few seconds.
  const faults: Record<string, number> = { offline: 0, paperOut: 0, coverOpen: 0, faultCode: 0, slow: 0, lostAnswer: 0 };
  let placing = true;
  const weather = async (device: SimulatedEpsonPrinter) => {
    while (placing) {
      await sleep(1000 + Math.random() * 2000);
      const roll = Math.random();
      if (roll < 0.12) {
        faults.offline!++;
        device.offline = true;
        await sleep(2000 + Math.random() * 8000);
        device.offline = false;
      } else if (roll < 0.22) {
        faults.paperOut!++;
        device.paperOut = true;
        await sleep(2000 + Math.random() * 4000);
        device.paperOut = false;
      } else if (roll < 0.28) {
        faults.coverOpen!++;
        device.coverOpen = true;
        await sleep(1000 + Math.random() * 3000);
        device.coverOpen = false;
      } else if (roll < 0.38) {
        faults.faultCode!++;
        device.failNext = 'EPTR_MECHANICAL';
      } else if (roll < 0.48) {
        faults.slow!++;
        device.slowMs = 500 + Math.random() * 1500;
        await sleep(3000);
        device.slowMs = 0;
      } else if (roll < 0.55) {
        faults.lostAnswer!++;
        device.loseResponses = true;
        await sleep(700);
        device.loseResponses = false;
      }
    }
  };
  const weathers = devices.map(weather);

  const template = await buildOrderPayload({ baseUrl: servers[0]!.baseUrl, now: clock }, {});
  template.customer = { ...template.customer, ...customer };
  template.items = template.items.map((item, index) => (index === 0 ? { ...item, note } : item));
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const acknowledged = new Map<number, number>(); // order id → when acknowledged (ms)
  const down = new Set<number>();
  let up: Promise<void> = Promise.resolve();
  const place = async (index: number) => {
    const payload = { ...template, local_id: newLocalId(), customer: { ...template.customer, email: `print-${index}@example.fr` } };
    for (let attempt = 0; ; attempt++) {
      const instance = [...Array(instances).keys()].find((i) => !down.has((index + attempt + i) % instances));
      const target = instance === undefined ? 0 : (index + attempt + instance) % instances;
      const outcome = await send(agent, `http://127.0.0.1:${port + target}`, 'POST', '/v2/public/checkout/', payload);
      if (outcome.status === 201 || outcome.status === 200) {
        acknowledged.set((JSON.parse(outcome.body!) as { payload: { order_id: number } }).payload.order_id, Date.now());
        return;
      }
      await sleep(100);
      if (instances === 1) await up;
    }
  };
  const killer = async () => {
    for (let k = 0; k < killCount; k++) {
      await sleep(((orderCount / perSecond) * 1000 * (k + 1)) / (killCount + 1));
      const victim = k % instances;
      let restarted!: () => void;
      up = new Promise((r) => (restarted = r));
      down.add(victim);
      await kill(servers[victim]!, 'SIGKILL');
      servers[victim] = spawnAt(victim);
      await waitHealthy(servers[victim]!);
      down.delete(victim);
      restarted();
    }
  };
  const placed: Promise<void>[] = [];
  const killing = killer();
  const start = Date.now();
  for (let i = 0; i < orderCount; i++) {
    const due = start + (i * 1000) / perSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    placed.push(place(i));
  }
  await Promise.all(placed);
  await killing;
  placing = false;
  await Promise.all(weathers);
  for (const device of devices) Object.assign(device, { offline: false, paperOut: false, coverOpen: false, failNext: null, slowMs: 0, loseResponses: false });

  // Until every ticket is out (a lost answer waits for its 30 s timeout), or 5 minutes.
  const expected = acknowledged.size * devices.length;
  const deadline = Date.now() + 300_000;
  const outOf = (device: SimulatedEpsonPrinter) => new Set(device.printed.map(orderOf).filter((id): id is number => id !== null));
  while (Date.now() < deadline && devices.some((device) => [...acknowledged.keys()].some((id) => !outOf(device).has(id)))) await sleep(500);
  for (const device of devices) await device.stop();

  let missed = 0;
  let unmarkedDuplicates = 0;
  let reprints = 0;
  let mismatched = 0;
  const latency: number[] = [];
  for (const device of devices) {
    const byOrder = new Map<number, PrintedTicket[]>();
    for (const ticket of device.printed) {
      const id = orderOf(ticket);
      if (id === null) continue;
      byOrder.set(id, [...(byOrder.get(id) ?? []), ticket]);
    }
    for (const [orderId, at] of acknowledged) {
      const tickets = byOrder.get(orderId) ?? [];
      if (tickets.length === 0) {
        missed++;
        continue;
      }
      const [firstTicket, ...later] = tickets;
      latency.push(firstTicket!.printedAt - at);
      for (const ticket of later) {
        if (ticket.text.includes('RÉIMPRESSION')) reprints++;
        else unmarkedDuplicates++;
      }
      for (const ticket of tickets) {
        const text = ticket.text;
        if (!text.includes('Hélène Côté-Brûlé') || !text.includes(note) || !/Pizza|pizza/.test(text)) mismatched++;
      }
    }
  }
  for (const server of servers) await kill(server, 'SIGTERM');
  agent.destroy();
  const after = await openDatabase({ databaseUrl: pgDatabase?.url, dataDir });
  const rows = await queryRows<{ status: string; n: number }>(after.db, sql`select status, count(*)::int as n from print_jobs group by status order by status`);
  await after.close();
  await pgDatabase?.drop();
  return {
    backend: backend === 'postgres' ? 'PostgreSQL, 2 instances' : 'PGlite',
    acknowledged: acknowledged.size,
    expected,
    printed: devices.reduce((sum, device) => sum + device.printed.length, 0),
    missed,
    unmarkedDuplicates,
    reprints,
    mismatched,
    kills: killCount,
    faults,
    latency,
    jobs: Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])),
    seconds: (performance.now() - started) / 1000,
  };
}

const results: Result[] = [await run('pglite', 4610)];
const adminUrl = await postgresAdminUrl();
if (adminUrl) results.push(await run('postgres', 4620, adminUrl));
else console.log('PostgreSQL ne répond pas : seulement PGlite.');
for (const r of results) {
  console.log(`\n${r.backend} — ${r.acknowledged} commandes à ${perSecond}/s, ${r.kills} SIGKILL, ${r.seconds.toFixed(0)} s`);
  console.log(
    `  tickets attendus ${r.expected}, sortis ${r.printed} : manqués ${r.missed}, en double sans « RÉIMPRESSION » ${r.unmarkedDuplicates}, réimpressions marquées ${r.reprints}, texte différent de la commande ${r.mismatched}`,
  );
  console.log(
    `  pannes : ${Object.entries(r.faults)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(`  commande acceptée → ticket sorti : p50 ${percentile(r.latency, 50).toFixed(0)} ms, p99 ${percentile(r.latency, 99).toFixed(0)} ms`);
  console.log(
    `  print_jobs : ${Object.entries(r.jobs)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
}
process.exit(results.every((r) => r.missed === 0 && r.unmarkedDuplicates === 0 && r.mismatched === 0) ? 0 : 1);
