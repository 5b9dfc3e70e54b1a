import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { cloudPrntMediaTypes } from '@resto/contract/cloudprnt.routes';
import { orderEvents, printJobs, printers, stationCategories } from '../../db/schema.ts';
import { errorOf, request, sendJson, startTestServer, type TestServer } from '../../test/harness.ts';
import { SimulatedCloudPrntPrinter } from '../../test/printers/cloudprnt-printer.ts';
import { addPrinter, expectedTicket, flat, jobsOf, placeTicketOrder, waitFor } from '../../test/printers/helpers.ts';
import { jobTimeoutSeconds } from './queue.ts';

/**
 * Star CloudPRNT (docs/decisions/033-kitchen-printers.md) over real HTTP on the real server: a
 * simulated printer speaking Star's documented protocol (test/printers/cloudprnt-printer.ts) polls,
 * fetches its tickets in StarPRNT, prints them (decodes them back to text) and confirms them, with
 * its faults: paper out, an error code, a lost confirmation, switched off.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays). Moved on by the timeout's test.
const tuesday = new Date('2026-11-24T11:30:00Z');
let now = tuesday;
let server: TestServer;
const pollMs = 250;
let printer: SimulatedCloudPrntPrinter | null = null;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => server?.close());
beforeEach(async () => {
  now = tuesday;
  await server.db.delete(printJobs);
  await server.db.delete(stationCategories);
  await server.db.delete(printers);
});
afterEach(async () => {
  await printer?.stop();
  printer = null;
});

async function startPrinter(name = 'Cuisine') {
  const row = await addPrinter(server, { name });
  printer = new SimulatedCloudPrntPrinter({ servers: [server.baseUrl], secret: row.secret, intervalMs: pollMs });
  printer.start();
  return { row, printer };
}

const post = (secret: string, body: unknown) => sendJson<Record<string, unknown>>(server.baseUrl, 'POST', `/v2/print/cloudprnt/${secret}`, body);

describe('a Star CloudPRNT printer prints each ticket once', () => {
  test('an order placed prints within the poll interval, in StarPRNT, and reads as its order: number, lines, options, note, accents, €', async () => {
    const { row, printer } = await startPrinter();
    const { orderId, placedAt } = await placeTicketOrder(server);
    await waitFor('le ticket imprimé', () => printer.printed.length === 1);
    const [ticket] = printer.printed;
    expect(ticket!.mediaType).toBe(cloudPrntMediaTypes.starPrnt);
    // Within its poll interval, and the time to encode and send it (a loaded test machine: bench/printing-latency.ts measures it).
    expect(ticket!.at - placedAt).toBeLessThan(pollMs + 2000);
    const text = flat(ticket!.lines);
    expect(text).toContain(`n° ${orderId}`);
    for (const expected of [
      'À emporter',
      'dès que possible',
      'Zoé Lefèvre',
      '2 × Pizza Margherita',
      '« Bien cuite, pâte fine »',
      '1 × Burger Classique + À point + Frites maison',
      'Œufs',
      '€',
    ])
      expect(text).toContain(expected);
    // Every text of the ticket as the domain makes it is on the paper, wrapped to 48 columns.
    for (const expected of await expectedTicket(server, orderId, row)) expect(text).toContain(flat([expected]));
    expect(text).not.toContain('RÉIMPRESSION');
    expect(ticket!.items.filter((item) => item.kind === 'cut')).toEqual([{ kind: 'cut', partial: false }]);

    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.type === 'ticket_printed').map((event) => event.actorName)).toEqual(['Cuisine']);
    // Polls go on; nothing prints twice.
    const polls = printer.requests.length;
    await waitFor('trois polls de plus', () => printer.requests.length >= polls + 3);
    expect(printer.printed).toHaveLength(1);
  });

  test('the job goes to one poll; a repeated GET of its token serves it again; a DELETE of an unknown or old token changes nothing', async () => {
    const row = await addPrinter(server, { name: 'Cuisine' });
    const { orderId } = await placeTicketOrder(server);
    const poll = { printerMAC: '00:11:62:0a:0b:0c', statusCode: '200%20OK', status: '23 86 00 00 00 00 00 00 00', printingInProgress: false };
    const first = await post(row.secret, poll);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ jobReady: true, mediaTypes: [cloudPrntMediaTypes.starPrnt], deleteMethod: 'DELETE' });
    const token = (first.body as unknown as { jobToken: string }).jobToken;
    // Out to that poll: the next polls get nothing while it is out.
    expect((await post(row.secret, poll)).body).toEqual({ jobReady: false });

    const url = `${server.baseUrl}/v2/print/cloudprnt/${row.secret}?type=${encodeURIComponent(cloudPrntMediaTypes.starPrnt)}&token=${token}`;
    const [a, b] = await Promise.all([fetch(url), fetch(url)]);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe(cloudPrntMediaTypes.starPrnt);
    expect(new Uint8Array(await a.arrayBuffer())).toEqual(new Uint8Array(await b.arrayBuffer()));
    const escPos = await fetch(url.replace(encodeURIComponent(cloudPrntMediaTypes.starPrnt), encodeURIComponent(cloudPrntMediaTypes.escPos)));
    expect(escPos.headers.get('content-type')).toBe(cloudPrntMediaTypes.escPos);
    const pdf = await request(server.baseUrl, `/v2/print/cloudprnt/${row.secret}?type=application/pdf&token=${token}`);
    expect(pdf.status).toBe(415);
    expect(errorOf(pdf).code).toBe('print_media_unsupported');
    const unknown = await request(server.baseUrl, `/v2/print/cloudprnt/${row.secret}?token=nope`);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('print_job_not_found');

    const confirm = (code: string, jobToken: string) =>
      sendJson<{ result: string }>(server.baseUrl, 'DELETE', `/v2/print/cloudprnt/${row.secret}?code=${encodeURIComponent(code)}&token=${jobToken}`, undefined);
    expect((await confirm('200 OK', 'not-a-token')).body).toEqual({ result: 'unknown' });
    expect((await jobsOf(server, orderId))[0]?.status).toBe('sent');
    expect((await confirm('200 OK', token)).body).toEqual({ result: 'printed' });
    expect((await confirm('200 OK', token)).body).toEqual({ result: 'unknown' });
    expect((await request(server.baseUrl, url.slice(server.baseUrl.length))).status).toBe(404);
    expect((await jobsOf(server, orderId)).map((job) => [job.status, job.attempts])).toEqual([['printed', 1]]);

    const stranger = await post('no-such-printer', poll);
    expect(stranger.status).toBe(404);
    expect(errorOf(stranger).code).toBe('printer_not_found');
  });

  test('paper out while printing: not printed, queued again; the printer says so at each poll; printed once the paper is back, marked « RÉIMPRESSION » (a fault posted with a job in hand reads as a lost confirmation)', async () => {
    const { row, printer } = await startPrinter();
    printer.onJob = () => {
      printer.faults.paperOut = true;
      printer.onJob = null;
    };
    const { orderId } = await placeTicketOrder(server);
    await waitFor(
      'le ticket remis en file',
      async () => (await jobsOf(server, orderId))[0]?.status === 'queued' && (await jobsOf(server, orderId))[0]?.attempts === 1,
    );
    const [job] = await jobsOf(server, orderId);
    expect(job?.lastError).toBe('410 Out of paper');
    const [state] = await server.db.select().from(printers).where(eq(printers.id, row.id));
    expect(state?.problem).toBe('paper_out');
    // Polls with paper out take nothing.
    const polls = printer.requests.length;
    await waitFor('trois polls sans papier', () => printer.requests.length >= polls + 3);
    expect(printer.printed).toHaveLength(0);
    expect((await jobsOf(server, orderId))[0]?.status).toBe('queued');

    printer.faults.paperOut = false;
    await waitFor('le ticket imprimé', () => printer.printed.length === 1);
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
    expect(flat(printer.printed[0]!.lines)).toContain('RÉIMPRESSION');
    const [after] = await server.db.select().from(printers).where(eq(printers.id, row.id));
    expect(after?.problem).toBeNull();
  });

  test('an error code in the confirmation: not printed, queued again, printed at a later poll', async () => {
    const { printer } = await startPrinter();
    printer.faults.errorCode = '511 Media decoding error';
    const { orderId } = await placeTicketOrder(server);
    await waitFor(
      'une tentative refusée',
      async () => ((await jobsOf(server, orderId))[0]?.attempts ?? 0) >= 1 && (await jobsOf(server, orderId))[0]?.lastError === '511 Media decoding error',
    );
    printer.faults.errorCode = null;
    await waitFor('le ticket imprimé', () => printer.printed.length === 1);
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
  });

  test('a lost confirmation: nothing more while the job is out; after its timeout it prints again, marked « RÉIMPRESSION », and is printed once confirmed', async () => {
    const { printer } = await startPrinter();
    printer.faults.dropDelete = true;
    const { orderId } = await placeTicketOrder(server);
    await waitFor('le ticket imprimé', () => printer.printed.length === 1);
    printer.faults.dropDelete = false;
    const polls = printer.requests.length;
    await waitFor('trois polls', () => printer.requests.length >= polls + 3);
    expect(printer.printed).toHaveLength(1);
    expect((await jobsOf(server, orderId))[0]?.status).toBe('sent');

    now = new Date(tuesday.getTime() + (jobTimeoutSeconds + 1) * 1000);
    await waitFor('la réimpression', () => printer.printed.length === 2);
    expect(flat(printer.printed[0]!.lines)).not.toContain('RÉIMPRESSION');
    expect(flat(printer.printed[1]!.lines)).toContain('RÉIMPRESSION');
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
    // The first hand-over's token, answered late, changes nothing.
    const late = await sendJson<{ result: string }>(
      server.baseUrl,
      'DELETE',
      `/v2/print/cloudprnt/${(await server.db.select().from(printers))[0]!.secret}?code=200%20OK&token=${printer.printed[0]!.token}`,
      undefined,
    );
    expect(late.body).toEqual({ result: 'unknown' });
    expect((await jobsOf(server, orderId)).map((job) => [job.status, job.attempts, job.mayHavePrinted])).toEqual([['printed', 2, true]]);
  });

  test('printed, its confirmation lost, then a fault posted: the ticket is queued again but its second print says « RÉIMPRESSION »', async () => {
    const { printer } = await startPrinter();
    printer.faults.dropDelete = true;
    const { orderId } = await placeTicketOrder(server);
    await waitFor('le ticket imprimé', () => printer.printed.length === 1);
    printer.faults.dropDelete = false;
    printer.faults.coverOpen = true;
    await waitFor('le ticket remis en file', async () => (await jobsOf(server, orderId))[0]?.status === 'queued');
    printer.faults.coverOpen = false;
    await waitFor('la réimpression', () => printer.printed.length === 2);
    expect(flat(printer.printed[1]!.lines)).toContain('RÉIMPRESSION');
    await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
  });

  test('an error code in a confirmation is that job’s own refusal: its retry is not marked', async () => {
    const { printer } = await startPrinter();
    printer.faults.errorCode = '511 Media decoding error';
    const { orderId } = await placeTicketOrder(server);
    await waitFor(
      'une tentative refusée',
      async () => ((await jobsOf(server, orderId))[0]?.attempts ?? 0) >= 1 && (await jobsOf(server, orderId))[0]?.status === 'queued',
    );
    printer.faults.errorCode = null;
    await waitFor('le ticket imprimé', () => printer.printed.length === 1);
    expect(flat(printer.printed[0]!.lines)).not.toContain('RÉIMPRESSION');
  });

  test('a slow print (longer than its poll interval), and a second printer polling the same URL meanwhile: printed once, nothing handed out twice', async () => {
    const { row, printer } = await startPrinter();
    printer.faults.slowMs = pollMs * 3;
    const racer = new SimulatedCloudPrntPrinter({ servers: [server.baseUrl], secret: row.secret, intervalMs: pollMs / 2, mac: '00:11:62:0a:0b:0d' });
    racer.start();
    try {
      const { orderId } = await placeTicketOrder(server);
      await waitFor('le ticket confirmé', async () => (await jobsOf(server, orderId))[0]?.status === 'printed');
      await new Promise((resolve) => setTimeout(resolve, pollMs * 2));
      expect(printer.printed.length + racer.printed.length).toBe(1);
      expect((await jobsOf(server, orderId)).map((job) => [job.status, job.attempts])).toEqual([['printed', 1]]);
    } finally {
      await racer.stop();
    }
  });

  test('switched off: no poll, its ticket waits; switched on, it prints it', async () => {
    const { row, printer } = await startPrinter();
    await waitFor('un poll', () => printer.requests.length > 0);
    printer.faults.offline = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs * 2));
    const [before] = await server.db.select().from(printers).where(eq(printers.id, row.id));
    const { orderId } = await placeTicketOrder(server);
    await new Promise((resolve) => setTimeout(resolve, pollMs * 3));
    expect(printer.printed).toHaveLength(0);
    expect((await jobsOf(server, orderId))[0]?.status).toBe('queued');
    const [during] = await server.db.select().from(printers).where(eq(printers.id, row.id));
    expect(during?.lastPollAt).toEqual(before?.lastPollAt);
    printer.faults.offline = false;
    await waitFor('le ticket imprimé', () => printer.printed.length === 1);
  });

  test('the printer’s state read from its status code and its ASB: cover open, paper out, offline', async () => {
    const row = await addPrinter(server, { name: 'Bar', station: 'bar' });
    const problem = async () => (await server.db.select().from(printers).where(eq(printers.id, row.id)))[0]?.problem;
    await post(row.secret, { statusCode: '420%20Cover%20open' });
    expect(await problem()).toBe('cover_open');
    await post(row.secret, { status: '23 86 00 00 0c 00 00 00 00' });
    expect(await problem()).toBe('paper_out');
    await post(row.secret, { status: '23 8e 00 00 00 00 00 00 00' });
    expect(await problem()).toBe('failing');
    await post(row.secret, { statusCode: '211%20Paper%20low', status: '23 86 00 00 04 00 00 00 00' });
    expect(await problem()).toBeNull();
  });
});
