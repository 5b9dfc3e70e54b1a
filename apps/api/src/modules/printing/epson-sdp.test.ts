import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { boardOrderCard } from '@resto/copy/staff/board';
import { printerAnswers, printerFaults } from '@resto/copy/staff/printers';
import { orderEvents, orderLines, printJobs, printers, stationCategories } from '../../db/schema.ts';
import { fetchCatalogue, findItem, looksFrench, startTestServer, type TestServer } from '../../test/harness.ts';
import { SimulatedEpsonPrinter, type PrintedTicket } from '../../test/printers/epson-sdp-printer.ts';
import { placeCashOrder } from '../board/test-helpers.ts';
import { jobTimeoutSeconds, newPrinterSecret, type PrinterRow } from './queue.ts';

/**
 * Epson Server Direct Print end to end (docs/decisions/033-kitchen-printers.md): a simulated Epson
 * printer (test/printers/epson-sdp-printer.ts, written from Epson's manuals) polls the real server
 * over HTTP, prints the ePOS-Print XML it gets back to text and answers with its result; the
 * ticket's text matches the order, a paper-out prints once the paper is back and never twice, a
 * lost answer prints again as « RÉIMPRESSION » only after the job's timeout. PGlite, or PostgreSQL
 * with DATABASE_URL.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
let now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let printer: SimulatedEpsonPrinter | null = null;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await server.db.delete(printJobs);
  await server.db.delete(stationCategories);
  await server.db.delete(printers);
});
afterEach(async () => {
  await printer?.stop();
  printer = null;
});

async function addEpsonPrinter(values: Partial<typeof printers.$inferInsert> = {}): Promise<PrinterRow> {
  const [row] = await server.db
    .insert(printers)
    .values({ name: 'Cuisine', station: 'kitchen', connection: 'epson_sdp', secret: newPrinterSecret(), ...values })
    .returning();
  return row!;
}

const urlOf = (secret: string) => `${server.baseUrl}/v2/print/epson/${secret}`;

/** A simulated printer on `row`'s URL, polling. */
function startPrinter(row: PrinterRow): SimulatedEpsonPrinter {
  printer = new SimulatedEpsonPrinter({ url: urlOf(row.secret), intervalMs: 40 });
  printer.start();
  return printer;
}

const jobsOf = (orderId: number) => server.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(printJobs.id);
const printerRow = async (id: number) => (await server.db.select().from(printers).where(eq(printers.id, id)))[0]!;

/** The ticket's words as a person reads them, whatever the line breaks. */
const flat = (ticket: PrintedTicket) =>
  ticket.lines
    .map((line) => line.text.trim())
    .join(' ')
    .replace(/\s+/g, ' ');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an Epson printer prints the tickets of its station', () => {
  test('an order placed prints once, its text matching the order: number, lines, options, note, accents, €', async () => {
    const row = await addEpsonPrinter();
    const sdp = startPrinter(row);
    const catalogue = await fetchCatalogue(server.baseUrl);
    const burger = findItem(catalogue, 110);
    const cooking = burger.options.find((o) => o.option_name === 'Cuisson')!;
    const medium = cooking.option_options[1]!;
    const side = burger.options.find((o) => o.option_name === 'Accompagnement')!;
    const fries = side.option_options[0]!;
    const note = 'Sans <oignons> & "sauce" à part\nallergie: crème';
    const { orderId } = await placeCashOrder(server, {
      lines: [
        {
          itemId: 110,
          quantity: 3,
          choices: [
            { option_id: cooking.option_id, option_option_id: medium.id, quantity: 1 },
            { option_id: side.option_id, option_option_id: fries.id, quantity: 1 },
          ],
          note,
        },
      ],
      customer: { first_name: 'Hélène', last_name: 'Côté-Brûlé', email: 'helene.cote@example.fr', phone: '06 12 34 56 78' },
    });
    await sdp.waitFor(() => sdp.printed.length === 1);
    const [ticket] = sdp.printed;
    const text = flat(ticket!);
    expect(ticket!.devid).toBe('local_printer');
    expect(ticket!.lines[0]).toMatchObject({ text: boardOrderCard.orderNumber(orderId), bold: true, dw: true, dh: true });
    expect(text).toContain(`3 × ${burger.item_name}`);
    expect(text).toContain(`+ ${medium.name}`);
    expect(text).toContain(`+ ${fries.name}`);
    expect(text).toContain(boardOrderCard.note('Sans <oignons> & "sauce" à part allergie: crème'));
    expect(text).toContain('Hélène Côté-Brûlé');
    expect(text).toContain('06 12 34 56 78');
    expect(text).toMatch(/Total \d+,\d{2} €/);
    expect(text).not.toContain('RÉIMPRESSION');
    expect(ticket!.lines.filter((line) => !line.symbol && line.text.length > (line.dw ? 24 : 48))).toEqual([]);

    await expect.poll(async () => (await jobsOf(orderId))[0]).toMatchObject({ status: 'printed', attempts: 1, lastError: null });
    await sleep(200);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.type === 'ticket_printed').map((event) => event.actorName)).toEqual(['Cuisine']);
    expect(sdp.printed).toHaveLength(1);
    expect((await printerRow(row.id)).lastPollAt).not.toBeNull();
  });

  test('a 58 mm printer gets lines of 32 columns', async () => {
    const row = await addEpsonPrinter({ paperWidth: 58 });
    const sdp = startPrinter(row);
    await placeCashOrder(server);
    await sdp.waitFor(() => sdp.printed.length === 1);
    const lines = sdp.printed[0]!.lines;
    expect(lines.filter((line) => !line.symbol && line.text.length > (line.dw ? 16 : 32))).toEqual([]);
    expect(lines.filter((line) => line.symbol)).toHaveLength(1);
    expect(lines.some((line) => line.text === '-'.repeat(32))).toBe(true);
  });
});

describe('faults', () => {
  test('paper out: the job is queued again, the printer marked paper out, and it prints once the paper is back, never twice', async () => {
    const row = await addEpsonPrinter();
    const sdp = startPrinter(row);
    sdp.paperOut = true;
    const { orderId } = await placeCashOrder(server);
    await sdp.waitFor(() => sdp.results.some((result) => result.code === 'EPTR_REC_EMPTY'));
    await expect.poll(() => printerRow(row.id)).toMatchObject({ problem: 'paper_out' });
    await expect.poll(async () => (await jobsOf(orderId))[0]).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Plus de papier (EPTR_REC_EMPTY)' });
    // While the paper is out the printer is asked its status, and no ticket spends an attempt.
    await sdp.waitFor(() => sdp.results.filter((result) => result.printJobId === 'status').length >= 3);
    expect(sdp.printed).toHaveLength(0);
    expect((await jobsOf(orderId))[0]).toMatchObject({ status: 'queued', attempts: 1 });

    sdp.paperOut = false;
    await sdp.waitFor(() => sdp.printed.length === 1);
    await sleep(300);
    expect(sdp.printed).toHaveLength(1);
    expect(flat(sdp.printed[0]!)).toContain(boardOrderCard.orderNumber(orderId));
    await expect.poll(async () => (await jobsOf(orderId))[0]).toMatchObject({ status: 'printed', attempts: 2 });
    await expect.poll(() => printerRow(row.id)).toMatchObject({ problem: null });
  });

  test('cover open, then another fault: each time queued again, printed once at the end', async () => {
    const row = await addEpsonPrinter();
    const sdp = startPrinter(row);
    sdp.coverOpen = true;
    const { orderId } = await placeCashOrder(server);
    await sdp.waitFor(() => sdp.results.some((result) => result.code === 'EPTR_COVER_OPEN'));
    await expect.poll(() => printerRow(row.id)).toMatchObject({ problem: 'cover_open' });
    sdp.failNext = 'EPTR_CUTTER';
    sdp.coverOpen = false;
    await sdp.waitFor(() => sdp.printed.length === 1);
    await sleep(200);
    expect(sdp.results.some((result) => result.code === 'EPTR_CUTTER')).toBe(true);
    expect(sdp.printed).toHaveLength(1);
    await expect.poll(async () => (await jobsOf(orderId))[0]).toMatchObject({ status: 'printed', attempts: 3 });
  });

  test('a lost SetResponse: nothing more is handed out until the timeout, then the ticket prints again as « RÉIMPRESSION », once', async () => {
    const row = await addEpsonPrinter();
    const sdp = startPrinter(row);
    sdp.loseResponses = true;
    const { orderId } = await placeCashOrder(server);
    const second = await placeCashOrder(server);
    await sdp.waitFor(() => sdp.printed.length === 1);
    await sleep(300);
    expect(sdp.printed).toHaveLength(1);
    expect((await jobsOf(orderId))[0]).toMatchObject({ status: 'sent' });

    sdp.loseResponses = false;
    now = new Date(now.getTime() + (jobTimeoutSeconds + 1) * 1000);
    await sdp.waitFor(() => sdp.printed.length === 3);
    await sleep(300);
    const [first, again, next] = sdp.printed;
    expect(flat(first!)).toContain(boardOrderCard.orderNumber(orderId));
    expect(flat(first!)).not.toContain('RÉIMPRESSION');
    expect(again!.lines[0]).toMatchObject({ text: 'RÉIMPRESSION', bold: true });
    expect(flat(again!)).toContain(boardOrderCard.orderNumber(orderId));
    expect(flat(next!)).toContain(boardOrderCard.orderNumber(second.orderId));
    expect(flat(next!)).not.toContain('RÉIMPRESSION');
    expect(sdp.printed).toHaveLength(3);
    await expect.poll(async () => (await jobsOf(orderId))[0]).toMatchObject({ status: 'printed', attempts: 2, mayHavePrinted: true });
    await expect.poll(async () => (await jobsOf(second.orderId))[0]).toMatchObject({ status: 'printed', attempts: 1 });
  });

  test('offline: a printer that stops polling is no longer seen; slow, it still prints', async () => {
    const row = await addEpsonPrinter();
    const sdp = startPrinter(row);
    await sdp.waitFor(() => sdp.answers.length > 0);
    sdp.offline = true;
    await sleep(150);
    const seen = (await printerRow(row.id)).lastPollAt;
    now = new Date(now.getTime() + 1000);
    await sleep(200);
    expect((await printerRow(row.id)).lastPollAt).toEqual(seen);
    const { orderId } = await placeCashOrder(server);
    expect((await jobsOf(orderId))[0]).toMatchObject({ status: 'queued' });

    sdp.slowMs = 250;
    sdp.offline = false;
    await sdp.waitFor(() => sdp.printed.length === 1);
    expect((await printerRow(row.id)).lastPollAt!.getTime()).toBeGreaterThan(seen!.getTime());
  });
});

describe('a job with nothing left to print', () => {
  test('its station lost every line of the order before it printed: no paper comes out, the job is skipped, never sent again', async () => {
    const row = await addEpsonPrinter();
    const { orderId } = await placeCashOrder(server);
    const [line] = await server.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await server.db.insert(stationCategories).values({ categoryId: line!.itemCategoryId, station: 'bar' });
    const sdp = startPrinter(row);
    await expect
      .poll(async () => (await jobsOf(orderId))[0], { timeout: 5000 })
      .toMatchObject({ status: 'skipped', attempts: 1, lastError: printerFaults.nothingToPrint });
    expect(sdp.printed).toHaveLength(0);
  });
});

describe('requests the endpoint refuses', () => {
  const post = (secret: string, body: string, type = 'application/x-www-form-urlencoded') =>
    fetch(urlOf(secret), { method: 'POST', headers: { 'Content-Type': type }, body });

  test('an unknown secret, a disabled printer or another kind of printer: 404 in French', async () => {
    const cloudprnt = await addEpsonPrinter({ connection: 'cloudprnt' });
    const disabled = await addEpsonPrinter({ enabled: false });
    for (const secret of ['inconnu', cloudprnt.secret, disabled.secret]) {
      const response = await post(secret, 'ConnectionType=GetRequest&ID=x');
      expect(response.status).toBe(404);
      const body = (await response.json()) as { code: string; message: string };
      expect(body).toMatchObject({ status: 'error', code: 'printer_not_found', message: printerAnswers.unknownPrinter });
      expect(looksFrench(body.message)).toBe(true);
    }
  });

  test('a form that is not Epson’s: 400 invalid_request, and nothing handed out', async () => {
    const row = await addEpsonPrinter();
    const { orderId } = await placeCashOrder(server);
    const malformed = [
      post(row.secret, JSON.stringify({ ConnectionType: 'GetRequest' }), 'application/json'),
      post(row.secret, 'ConnectionType=Autre&ID=x'),
      post(row.secret, 'ID=x'),
      post(row.secret, 'ConnectionType=SetResponse&ID=x'),
      post(row.secret, `ConnectionType=SetResponse&ID=x&ResponseFile=${encodeURIComponent('<PrintResponseInfo><ePOSPrint>')}`),
      post(row.secret, `ConnectionType=SetResponse&ID=x&ResponseFile=${encodeURIComponent('<Autre/>')}`),
    ];
    for (const response of await Promise.all(malformed)) {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe('invalid_request');
      expect(looksFrench(body.message)).toBe(true);
    }
    expect((await jobsOf(orderId))[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });

  test('a SetResponse for a job id that is not out changes nothing', async () => {
    const row = await addEpsonPrinter();
    const { orderId } = await placeCashOrder(server);
    const file = (id: string) =>
      `<PrintResponseInfo Version="2.00"><ePOSPrint><Parameter><devid>local_printer</devid><printjobid>${id}</printjobid></Parameter>` +
      '<PrintResponse><response success="true" code="" status="2" battery="0"/></PrintResponse></ePOSPrint></PrintResponseInfo>';
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'autre'])
      expect((await post(row.secret, `ConnectionType=SetResponse&ID=x&ResponseFile=${encodeURIComponent(file(id))}`)).status).toBe(200);
    expect((await jobsOf(orderId))[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
