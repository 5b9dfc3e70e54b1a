/**
 * Kitchen printers (docs/decisions/033): order accepted → ticket taken by its printer, p50 and p99,
 * for a Star CloudPRNT printer at its poll interval and for the print agent forwarding to an ESC/POS
 * printer on port 9100, on PGlite and on PostgreSQL. The printers are the tests' simulated ones
 * (apps/api/src/test/printers/), speaking Star's documented protocol and ESC/POS; the server is the
 * real app over real HTTP, its clock frozen on an open Tuesday (the demo restaurant is closed on
 * Mondays). Orders are placed one at a time, each once the previous one printed, after a
 * second and a random part of a poll interval, so each figure is a ticket's own wait, not a queue's.
 * « Accepted »: the order's 201 received. « Taken »: CloudPRNT, the job's GET answered with its
 * bytes; the agent, the ticket decoded by the 9100 printer (later still: sent and printed).
 * Run: npm run bench:printing   (PostgreSQL when DATABASE_URL is set or 127.0.0.1:5432 answers;
 * PRINT_BENCH_ORDERS, default 12; PRINT_BENCH_INTERVAL_MS, default 2000)
 */
import { printers } from '../apps/api/src/db/schema.ts';
import { createLogger } from '../apps/api/src/logger.ts';
import { PrintAgent } from '../apps/api/src/modules/printing/index.ts';
import { startTestServer, type TestServer } from '../apps/api/src/test/harness.ts';
import { SimulatedCloudPrntPrinter } from '../apps/api/src/test/printers/cloudprnt-printer.ts';
import { addPrinter, placeTicketOrder, waitFor } from '../apps/api/src/test/printers/helpers.ts';
import { SimulatedTcpPrinter } from '../apps/api/src/test/printers/tcp-printer.ts';
import { reportFigures, type BenchFigure } from './lib/figures.ts';
import { openNow, percentile, postgresAdminUrl } from './lib/server-process.ts';

const orderCount = Number(process.env.PRINT_BENCH_ORDERS ?? 12);
const intervalMs = Number(process.env.PRINT_BENCH_INTERVAL_MS ?? 2000);
const silent = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The gap before the next order: over a second at least, and a random phase of the poll (uniform over one interval). */
const spacing = () => 1000 + intervalMs * Math.random();

async function cloudPrnt(server: TestServer): Promise<number[]> {
  const row = await addPrinter(server, { name: 'Cuisine' });
  const printer = new SimulatedCloudPrntPrinter({ servers: [server.baseUrl], secret: row.secret, intervalMs });
  printer.start();
  const waits: number[] = [];
  try {
    await sleep(Math.random() * intervalMs);
    for (let i = 0; i < orderCount; i++) {
      const { placedAt } = await placeTicketOrder(server);
      await waitFor('le ticket pris', () => printer.printed.length === i + 1, intervalMs * 5);
      waits.push(printer.printed[i]!.fetchedAt - placedAt);
      await sleep(spacing());
    }
  } finally {
    await printer.stop();
    await server.db.update(printers).set({ enabled: false });
  }
  return waits;
}

async function agent(server: TestServer): Promise<number[]> {
  const tcp = new SimulatedTcpPrinter();
  await tcp.listen();
  const row = await addPrinter(server, { name: 'Bar', station: 'bar', connection: 'tcp', viaAgent: true, host: '127.0.0.1', port: tcp.port });
  const printAgent = new PrintAgent({ server: server.baseUrl, key: row.secret, intervalMs, logger: silent });
  printAgent.start();
  const waits: number[] = [];
  try {
    await sleep(Math.random() * intervalMs);
    for (let i = 0; i < orderCount; i++) {
      const { placedAt } = await placeTicketOrder(server);
      await waitFor('le ticket sorti', () => tcp.printed.length === i + 1, intervalMs * 5);
      waits.push(tcp.printed[i]!.at - placedAt);
      await sleep(spacing());
    }
  } finally {
    await printAgent.stop();
    await tcp.close();
  }
  return waits;
}

const figures: BenchFigure[] = [];
const goal = `p99 ≤ ${(intervalMs / 1000 + 1).toLocaleString('fr-FR')} s (l’intervalle + 1 s)`;
const row = (name: string, waits: number[]): BenchFigure => {
  const p50 = percentile(waits, 50);
  const p99 = percentile(waits, 99);
  return { row: name, measured: `p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms (${waits.length} tickets)`, goal, met: p99 <= intervalMs + 1000 };
};

const adminUrl = await postgresAdminUrl();
for (const kind of ['PGlite', 'PostgreSQL'] as const) {
  if (kind === 'PostgreSQL') {
    if (!adminUrl) {
      console.log('PostgreSQL absent (DATABASE_URL ou 127.0.0.1:5432) : seul PGlite est mesuré.');
      break;
    }
    process.env.DATABASE_URL = adminUrl;
  } else delete process.env.DATABASE_URL;
  const server = await startTestServer({ clock: () => openNow, logger: silent });
  try {
    figures.push(row(`order accepted → CloudPRNT printer took it, poll every ${intervalMs / 1000} s, ${kind}`, await cloudPrnt(server)));
    figures.push(row(`order accepted → print agent's printer printed it, poll every ${intervalMs / 1000} s, ${kind}`, await agent(server)));
  } finally {
    await server.close();
  }
}
reportFigures('Kitchen printers: order accepted → ticket taken (docs/decisions/033)', figures);
process.exit(figures.every((f) => f.met) ? 0 : 1);
