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
import { SimulatedEpsonPrinter } from '../apps/api/src/test/printers/epson-sdp-printer.ts';
import { SimulatedCloudPrntPrinter } from '../apps/api/src/test/printers/cloudprnt-printer.ts';
import { SimulatedTcpPrinter } from '../apps/api/src/test/printers/tcp-printer.ts';
import { spawn, type ChildProcess } from 'node:child_process';
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
  perDevice: Record<string, { missed: number; unmarked: number }>;
  jobs: Record<string, number>;
  seconds: number;
}

/** The order number a ticket shows (« n° 1042 »), or null. */
function orderOf(ticket: { text: string }): number | null {
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
  const tcp = new SimulatedTcpPrinter();
  await tcp.listen();
  const printerRows = [
    { name: 'Cuisine', station: 'kitchen' as const, connection: 'epson_sdp' as const, secret: newPrinterSecret() },
    { name: 'Bar', station: 'bar' as const, connection: 'cloudprnt' as const, secret: newPrinterSecret() },
    {
      name: 'Comptoir',
      station: 'counter' as const,
      connection: 'tcp' as const,
      viaAgent: true,
      host: '127.0.0.1',
      port: tcp.port,
      secret: newPrinterSecret(),
    },
  ];
  await database.db.insert(printers).values(printerRows.map((row) => ({ ...row, fallbackSeconds: 3600, createdAt: clock(), lastPollAt: clock() })));
  await database.close();

  const spawnAt = (instance: number) => spawnServer({ ...options(instance), env: { CLOCK_NOW: undefined, CLOCK_START: clock().toISOString() } });
  const servers: ServerProcess[] = [];
  for (let i = 0; i < instances; i++) {
    servers[i] = spawnAt(i);
    await waitHealthy(servers[i]!);
  }
  const origins = Array.from({ length: instances }, (_, i) => `http://127.0.0.1:${port + i}`);
  const epson = new SimulatedEpsonPrinter({
    url: origins.map((origin) => `${origin}/v2/print/epson/${printerRows[0]!.secret}`),
    name: 'Cuisine',
    intervalMs: 150,
  });
  const star = new SimulatedCloudPrntPrinter({ servers: origins, secret: printerRows[1]!.secret, intervalMs: 150 });
  epson.start();
  star.start();
  // The print agent, a process of its own as on the restaurant's Raspberry Pi, on the last instance.
  const agentArgs = [
    '--import',
    'tsx',
    'apps/api/src/cli/print-agent.ts',
    '--server',
    origins.at(-1)!,
    '--key',
    printerRows[2]!.secret,
    '--printer',
    `127.0.0.1:${tcp.port}`,
    '--interval',
    '0.15',
  ];
  const startAgent = () =>
    spawn(process.execPath, agentArgs, { cwd: join(import.meta.dirname, '..'), env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  let printAgent: ChildProcess = startAgent();
  // The printers' weather: every 1 to 3 s each printer may fall into a fault for a few seconds;
  // the agent may be killed with SIGKILL in the middle of a ticket and started again.
  const faults: Record<string, number> = { offline: 0, paperOut: 0, coverOpen: 0, faultCode: 0, slow: 0, lostAnswer: 0, agentKilled: 0 };
  let placing = true;
  const pause = () => sleep(1000 + Math.random() * 2000);
  const hold = async (set: (on: boolean) => void, ms: number) => {
    set(true);
    await sleep(ms);
    set(false);
  };
  /** A printer's weather: every 1 to 3 s, one fault drawn from `table` (its share of the draws, its name, what it does), or none. */
  type Fault = [share: number, name: keyof typeof faults, act: () => Promise<unknown>];
  const weather = async (table: readonly Fault[]) => {
    while (placing) {
      await pause();
      let roll = Math.random();
      for (const [share, name, act] of table) {
        roll -= share;
        if (roll >= 0) continue;
        faults[name]!++;
        await act();
        break;
      }
    }
  };
  const epsonFaults: Fault[] = [
    [0.12, 'offline', () => hold((on) => (epson.offline = on), 2000 + Math.random() * 8000)],
    [0.1, 'paperOut', () => hold((on) => (epson.paperOut = on), 2000 + Math.random() * 4000)],
    [0.06, 'coverOpen', () => hold((on) => (epson.coverOpen = on), 1000 + Math.random() * 3000)],
    [0.1, 'faultCode', async () => (epson.failNext = 'EPTR_MECHANICAL')],
    [0.1, 'slow', () => hold((on) => (epson.slowMs = on ? 500 + Math.random() * 1500 : 0), 3000)],
    [0.07, 'lostAnswer', () => hold((on) => (epson.loseResponses = on), 700)],
  ];
  const starFaults: Fault[] = [
    [0.12, 'offline', () => hold((on) => (star.faults.offline = on), 2000 + Math.random() * 8000)],
    [0.1, 'paperOut', () => hold((on) => (star.faults.paperOut = on), 2000 + Math.random() * 4000)],
    [0.06, 'coverOpen', () => hold((on) => (star.faults.coverOpen = on), 1000 + Math.random() * 3000)],
    [0.1, 'faultCode', () => hold((on) => (star.faults.errorCode = on ? '511 Media decoding error' : null), 400)],
    [0.1, 'slow', () => hold((on) => (star.faults.slowMs = on ? 500 + Math.random() * 1500 : 0), 3000)],
    [0.07, 'lostAnswer', () => hold((on) => (star.faults.dropDelete = on), 700)],
  ];
  const tcpFaults: Fault[] = [
    [0.1, 'paperOut', () => hold((on) => (tcp.faults.paperOut = on), 2000 + Math.random() * 4000)],
    [0.06, 'coverOpen', () => hold((on) => (tcp.faults.coverOpen = on), 1000 + Math.random() * 3000)],
    [0.06, 'paperOut', () => hold((on) => (on ? (tcp.faults.paperRunsOutOnNextTicket = true) : (tcp.faults.paperOut = false)), 2000)],
    [0.1, 'slow', () => hold((on) => (tcp.faults.slowMs = on ? 300 + Math.random() * 700 : 0), 3000)],
    [
      0.08,
      'agentKilled',
      async () => {
        printAgent.kill('SIGKILL');
        await sleep(500 + Math.random() * 2000);
        printAgent = startAgent();
      },
    ],
  ];
  const weathers = [weather(epsonFaults), weather(starFaults), weather(tcpFaults)];

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
  Object.assign(epson, { offline: false, paperOut: false, coverOpen: false, failNext: null, slowMs: 0, loseResponses: false });
  Object.assign(star.faults, { offline: false, paperOut: false, coverOpen: false, errorCode: null, slowMs: 0, dropDelete: false });
  Object.assign(tcp.faults, { paperOut: false, coverOpen: false, paperRunsOutOnNextTicket: false, slowMs: 0 });
  // What came out of each printer: its text and when (real time, ms).
  const devices = [
    { name: 'Cuisine (Epson Server Direct Print)', out: () => epson.printed.map((t) => ({ text: t.text, at: t.printedAt })) },
    { name: 'Bar (Star CloudPRNT)', out: () => star.printed.map((t) => ({ text: t.lines.join('\n'), at: t.at })) },
    { name: 'Comptoir (agent → TCP 9100)', out: () => tcp.printed.map((t) => ({ text: t.lines.join('\n'), at: t.at })) },
  ];

  // Until every ticket is out (a lost answer waits for its 30 s timeout), or until no ticket came
  // out for 90 s (a ticket still missing then is missed), or 20 minutes: a backlog drains at the
  // printers' pace, one ticket a poll, and is not counted as missed while it moves.
  const expected = acknowledged.size * devices.length;
  const hardDeadline = Date.now() + 1_200_000;
  const printedCount = () => devices.reduce((sum, device) => sum + device.out().length, 0);
  let lastCount = printedCount();
  let lastProgress = Date.now();
  const outOf = (device: (typeof devices)[number]) =>
    new Set(
      device
        .out()
        .map(orderOf)
        .filter((id): id is number => id !== null),
    );
  while (
    Date.now() < hardDeadline &&
    Date.now() - lastProgress < 90_000 &&
    devices.some((device) => [...acknowledged.keys()].some((id) => !outOf(device).has(id)))
  ) {
    await sleep(500);
    if (printedCount() !== lastCount) [lastCount, lastProgress] = [printedCount(), Date.now()];
  }
  await epson.stop();
  await star.stop();
  printAgent.kill('SIGTERM');
  await tcp.close();

  let missed = 0;
  let unmarkedDuplicates = 0;
  let reprints = 0;
  let mismatched = 0;
  const latency: number[] = [];
  const perDevice: Record<string, { missed: number; unmarked: number }> = {};
  for (const device of devices) {
    const before = { missed, unmarkedDuplicates };
    const byOrder = new Map<number, { text: string; at: number }[]>();
    for (const ticket of device.out()) {
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
      latency.push(firstTicket!.at - at);
      for (const ticket of later) {
        if (ticket.text.includes('RÉIMPRESSION')) reprints++;
        else unmarkedDuplicates++;
      }
      for (const ticket of tickets) {
        const text = ticket.text;
        const flat = text.replace(/\s+/g, ' ');
        if (!flat.includes('Hélène Côté-Brûlé') || !flat.includes(note) || !/Pizza|pizza/.test(flat)) mismatched++;
      }
    }
    perDevice[device.name] = { missed: missed - before.missed, unmarked: unmarkedDuplicates - before.unmarkedDuplicates };
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
    printed: devices.reduce((sum, device) => sum + device.out().length, 0),
    perDevice,
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
    `  par imprimante : ${Object.entries(r.perDevice)
      .map(([k, v]) => `${k} : manqués ${v.missed}, doubles ${v.unmarked}`)
      .join(' ; ')}`,
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
