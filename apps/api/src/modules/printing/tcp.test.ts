import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { printJobs, printers, stationCategories } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { addPrinter, expectedTicket, flat, jobsOf, placeTicketOrder, waitFor } from '../../test/printers/helpers.ts';
import { SimulatedTcpPrinter } from '../../test/printers/tcp-printer.ts';
import { PrintAgent, parseAgentArgs } from './agent.ts';
import { jobTimeoutSeconds } from './queue.ts';
import { readPrinterStatus, sendTicket } from './tcp.ts';

/**
 * ESC/POS printers on port 9100 (docs/decisions/033-kitchen-printers.md): driven by the print agent
 * over the server's CloudPRNT endpoints, or by the server's own loop, both through tcp.ts; the
 * printer is simulated (test/printers/tcp-printer.ts: it decodes what it receives back to text and
 * answers DLE EOT with its faults).
 */

const tuesday = new Date('2026-11-24T11:30:00Z');
let now = tuesday;
let server: TestServer;
let tcp: SimulatedTcpPrinter;
let agent: PrintAgent | null = null;
const intervalMs = 200;
const silent = createLogger('silent');

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => server?.close());
beforeEach(async () => {
  now = tuesday;
  await server.db.delete(printJobs);
  await server.db.delete(stationCategories);
  await server.db.delete(printers);
  tcp = new SimulatedTcpPrinter();
  await tcp.listen();
});
afterEach(async () => {
  await agent?.stop();
  agent = null;
  server.deps.directPrinting.stop();
  await server.deps.directPrinting.idle();
  await tcp.close();
});

describe('the TCP sender and the printer’s status', () => {
  test('DLE EOT reads paper out, cover open and an unreachable printer; nothing is sent to a printer that cannot print', async () => {
    expect(await readPrinterStatus(tcp.target)).toMatchObject({ reachable: true, problem: null });
    tcp.faults.paperOut = true;
    expect(await readPrinterStatus(tcp.target)).toMatchObject({ reachable: true, problem: 'paper_out', status: { online: false, paperOut: true } });
    expect(await sendTicket(tcp.target, Uint8Array.of(0x41, 0x0a))).toEqual({
      printed: false,
      error: '410 Out of paper',
      problem: 'paper_out',
      mayHavePrinted: false,
    });
    tcp.faults.paperOut = false;
    tcp.faults.coverOpen = true;
    expect(await readPrinterStatus(tcp.target)).toMatchObject({ problem: 'cover_open' });
    tcp.faults.coverOpen = false;
    expect(await sendTicket(tcp.target, Uint8Array.of(0x1b, 0x40, 0x41, 0x0a))).toEqual({ printed: true });
    await waitFor('le ticket sorti', () => tcp.printed.length === 1);
    expect(tcp.printed[0]!.lines).toEqual(['A']);
    const port = tcp.port;
    await tcp.close();
    const gone = await readPrinterStatus({ host: '127.0.0.1', port }, 500);
    expect(gone).toMatchObject({ reachable: false });
  });

  test('a ticket written whose status then goes unanswered: not confirmed, but it may be on paper (it is: the retry must say « RÉIMPRESSION »)', async () => {
    tcp.faults.statusLostAfterTicket = true;
    expect(await sendTicket(tcp.target, Uint8Array.of(0x1b, 0x40, 0x41, 0x0a), 500)).toMatchObject({ printed: false, mayHavePrinted: true });
    await waitFor('le ticket sorti quand même', () => tcp.printed.length === 1);
    tcp.faults.statusLostAfterTicket = false;
    tcp.faults.paperOut = true;
    // Refused before anything is written: certainly not on paper.
    expect(await sendTicket(tcp.target, Uint8Array.of(0x41, 0x0a))).toEqual({
      printed: false,
      error: '410 Out of paper',
      problem: 'paper_out',
      mayHavePrinted: false,
    });
  });
});

describe('the print agent', () => {
  async function agentPrinter() {
    const row = await addPrinter(server, { name: 'Cuisine', connection: 'tcp', viaAgent: true, host: '127.0.0.1', port: tcp.port });
    agent = new PrintAgent({ server: server.baseUrl, key: row.secret, intervalMs, timeoutMs: 2000, logger: silent });
    agent.start();
    return row;
  }

  test('polls as a CloudPRNT printer, fetches the ticket in ESC/POS and forwards it to the printer of its row: printed once, as the order reads', async () => {
    const row = await agentPrinter();
    const { orderId, placedAt } = await placeTicketOrder(server);
    await waitFor('le ticket sorti', () => tcp.printed.length === 1);
    expect(tcp.printed[0]!.at - placedAt).toBeLessThan(intervalMs + 2000);
    const text = flat(tcp.printed[0]!.lines);
    expect(text).toContain(`n° ${orderId}`);
    for (const expected of await expectedTicket(server, orderId, row)) expect(text).toContain(flat([expected]));
    for (const expected of ['Zoé Lefèvre', '+ À point', '« Bien cuite, pâte fine »', '€']) expect(text).toContain(expected);
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
    await new Promise((resolve) => setTimeout(resolve, intervalMs * 3));
    expect(tcp.printed).toHaveLength(1);
  });

  test('paper out during the ticket: reported, queued again, printed once the paper is back, marked « RÉIMPRESSION » (part of it may be out)', async () => {
    const row = await agentPrinter();
    tcp.faults.paperRunsOutOnNextTicket = true;
    const { orderId } = await placeTicketOrder(server);
    await waitFor('le ticket remis en file', async () => (await jobsOf(server, orderId))[0]?.lastError === '410 Out of paper');
    expect(tcp.printed).toHaveLength(0);
    await waitFor('le papier signalé', async () => (await server.db.select().from(printers).where(eq(printers.id, row.id)))[0]?.problem === 'paper_out');
    expect((await jobsOf(server, orderId))[0]?.status).toBe('queued');
    tcp.faults.paperOut = false;
    await waitFor('le ticket sorti', () => tcp.printed.length === 1);
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
    expect(flat(tcp.printed[0]!.lines)).toContain('RÉIMPRESSION');
  });

  test('a ticket forwarded whose status goes unanswered: the agent does not confirm it; after its timeout it prints again marked « RÉIMPRESSION »', async () => {
    await agentPrinter();
    tcp.faults.statusLostAfterTicket = true;
    const { orderId } = await placeTicketOrder(server);
    await waitFor('le ticket sorti', () => tcp.printed.length === 1);
    tcp.faults.statusLostAfterTicket = false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs * 4));
    // Neither confirmed nor queued again at once: the server cannot tell, the job waits for its timeout.
    expect((await jobsOf(server, orderId)).map((job) => [job.status, job.attempts])).toEqual([['sent', 1]]);
    expect(tcp.printed).toHaveLength(1);
    now = new Date(tuesday.getTime() + (jobTimeoutSeconds + 1) * 1000);
    await waitFor('la réimpression', () => tcp.printed.length === 2);
    expect(flat(tcp.printed[0]!.lines)).not.toContain('RÉIMPRESSION');
    expect(flat(tcp.printed[1]!.lines)).toContain('RÉIMPRESSION');
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
  });

  test('the printer unreachable: no poll, the ticket waits without losing an attempt; back, it prints', async () => {
    const row = await agentPrinter();
    await waitFor('un poll', async () => (await server.db.select().from(printers).where(eq(printers.id, row.id)))[0]?.lastPollAt !== null);
    await tcp.close();
    const { orderId } = await placeTicketOrder(server);
    await new Promise((resolve) => setTimeout(resolve, intervalMs * 4));
    expect((await jobsOf(server, orderId)).map((job) => [job.status, job.attempts])).toEqual([['queued', 0]]);
    await tcp.listen(row.port!);
    await waitFor('le ticket sorti', () => tcp.printed.length === 1);
  });

  test('the server unreachable: each turn says so and the agent goes on; the command line is read', async () => {
    const lost = new PrintAgent({ server: 'http://127.0.0.1:9', key: 'x', intervalMs, timeoutMs: 500, printer: tcp.target, logger: silent });
    expect(await lost.turn()).toMatchObject({ kind: 'server_error' });
    expect(await lost.turn()).toMatchObject({ kind: 'server_error' });
    expect(parseAgentArgs(['--server', 'https://chez-margot.fr', '--key', 'k', '--printer', '192.168.1.50', '--interval', '1.5'])).toEqual({
      server: 'https://chez-margot.fr',
      key: 'k',
      printer: { host: '192.168.1.50', port: 9100 },
      intervalMs: 1500,
    });
    expect(() => parseAgentArgs(['--key', 'k'])).toThrow(/--server/);
    expect(() => parseAgentArgs(['--server', 'https://x.fr'])).toThrow(/--key/);
  });

  test('npm run print-agent runs the agent: it prints a ticket, and stops on SIGTERM', async () => {
    const row = await addPrinter(server, { name: 'Cuisine', connection: 'tcp', viaAgent: true, host: '127.0.0.1', port: tcp.port });
    const cli = fileURLToPath(new URL('../../cli/print-agent.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--server', server.baseUrl, '--key', row.secret, '--interval', '0.2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'info' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const { orderId } = await placeTicketOrder(server);
      await waitFor('le ticket sorti', () => tcp.printed.length === 1, 20_000);
      expect(flat(tcp.printed[0]!.lines)).toContain(`n° ${orderId}`);
      await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(output).toContain('ticket imprimé');
  }, 30_000);
});

describe('direct TCP: the server drives the printer itself', () => {
  test('a printer with connection tcp and no agent prints its tickets from the server’s loop, once', async () => {
    const row = await addPrinter(server, { name: 'Bar', station: 'bar', connection: 'tcp', viaAgent: false, host: '127.0.0.1', port: tcp.port });
    // A printer of the agent is left to the agent.
    await addPrinter(server, { name: 'Comptoir', station: 'counter', connection: 'tcp', viaAgent: true, host: '127.0.0.1', port: 1 });
    server.deps.directPrinting.start(intervalMs);
    const { orderId, placedAt } = await placeTicketOrder(server);
    await waitFor('le ticket sorti', () => tcp.printed.length === 1);
    expect(tcp.printed[0]!.at - placedAt).toBeLessThan(intervalMs + 2000);
    for (const expected of await expectedTicket(server, orderId, row)) expect(flat(tcp.printed[0]!.lines)).toContain(flat([expected]));
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId)).find((job) => job.printerId === row.id)?.status === 'printed');
    await new Promise((resolve) => setTimeout(resolve, intervalMs * 3));
    expect(tcp.printed).toHaveLength(1);
    expect((await jobsOf(server, orderId)).find((job) => job.printerId !== row.id)?.status).toBe('queued');
  });

  test('paper out: the loop reports it and keeps the ticket; printed once the paper is back', async () => {
    const row = await addPrinter(server, { name: 'Cuisine', connection: 'tcp', host: '127.0.0.1', port: tcp.port });
    tcp.faults.paperOut = true;
    server.deps.directPrinting.start(intervalMs);
    const { orderId } = await placeTicketOrder(server);
    await waitFor('le papier signalé', async () => (await server.db.select().from(printers).where(eq(printers.id, row.id)))[0]?.problem === 'paper_out');
    await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
    expect((await jobsOf(server, orderId)).map((job) => job.status)).toEqual(['queued']);
    tcp.faults.paperOut = false;
    await waitFor('le ticket sorti', () => tcp.printed.length === 1);
    expect(flat(tcp.printed[0]!.lines)).not.toContain('RÉIMPRESSION');
  });

  test('a ticket written whose status goes unanswered: queued again at once, and its retry says « RÉIMPRESSION »', async () => {
    await addPrinter(server, { name: 'Cuisine', connection: 'tcp', host: '127.0.0.1', port: tcp.port });
    tcp.faults.statusLostAfterTicket = true;
    server.deps.directPrinting.start(intervalMs);
    const { orderId } = await placeTicketOrder(server);
    // The server's loop waits its 10 s for the status asked after the ticket, then hangs up (the
    // printer prints what it received then) and queues the ticket again.
    await waitFor('le ticket sorti', () => tcp.printed.length === 1, 25_000);
    tcp.faults.statusLostAfterTicket = false;
    await waitFor('la réimpression', () => tcp.printed.length === 2);
    expect(flat(tcp.printed[0]!.lines)).not.toContain('RÉIMPRESSION');
    expect(flat(tcp.printed[1]!.lines)).toContain('RÉIMPRESSION');
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
    expect((await jobsOf(server, orderId))[0]).toMatchObject({ attempts: 2, mayHavePrinted: true });
  }, 40_000);
});
