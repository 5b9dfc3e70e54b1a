import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { printJobs, printers } from '../../db/schema.ts';
import { errorOf, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { placeCashOrder } from '../board/test-helpers.ts';
import { createCardOrder } from '../payments/test-helpers.ts';
import { decodeEscPos, printedLines } from './escpos-decode.ts';
import { claimJob, newPrinterSecret } from './queue.ts';

/**
 * « Imprimer le reçu » (docs/decisions/033): the customer's receipt issued on request and queued on
 * the counter's printer, printed as issued however often it is sent; the second edition says
 * « DUPLICATA » as the receipt's page does (docs/decisions/031).
 */

// Tuesday 24 November 2026, 12:30 in Paris (open).
const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let karim: TestStaff;

type Queued = { job_id: number; printer_id: number; printer_name: string };
const printReceipt = (orderId: number, body: Record<string, unknown> = {}, cookie: string | null = karim.cookie) =>
  staffRequest<Queued>(server, cookie, 'POST', `/v2/restaurant/orders/${orderId}/receipt-print`, body);

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await server.db.delete(printJobs);
  await server.db.delete(printers);
});

/** What the counter's printer prints of its next job, decoded from the ESC/POS it would receive. */
async function printNext(printerId: number): Promise<string[]> {
  const [printer] = await server.db.select().from(printers);
  const job = await claimJob(server.db, printerId, now);
  expect(job?.kind).toBe('receipt');
  const bytes = await server.deps.printing.encode(job!, printer!, 'esc-pos');
  await server.deps.printing.answer(job!.jobToken!, { printed: true });
  return printedLines(decodeEscPos(bytes!));
}

describe('the receipt on the counter printer', () => {
  test('no counter printer: refused in French, nothing issued; one: queued, printed with the receipt’s facts; again: « DUPLICATA »', async () => {
    const { orderId } = await placeCashOrder(server);
    const refused = await printReceipt(orderId);
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'no_receipt_printer' });
    expect(looksFrench(errorOf(refused).message)).toBe(true);

    await server.db.insert(printers).values({ name: 'Cuisine', station: 'kitchen', connection: 'cloudprnt', secret: newPrinterSecret() });
    const [counter] = await server.db
      .insert(printers)
      .values({ name: 'Comptoir', station: 'counter', connection: 'tcp', host: '127.0.0.1', port: 9100, secret: newPrinterSecret() })
      .returning();
    const queued = payloadOf(await printReceipt(orderId));
    expect(queued).toMatchObject({ printer_id: counter!.id, printer_name: 'Comptoir' });

    const paper = (await printNext(counter!.id)).join('\n');
    expect(paper).toMatch(/Reçu R-\d+/);
    expect(paper).toContain(`Commande n° ${orderId}`);
    expect(paper).toMatch(/Total TTC\s+\d+,\d{2}\s€/);
    expect(paper).toContain('TVA 10 %');
    expect(paper).not.toContain('DUPLICATA');

    payloadOf(await printReceipt(orderId, { printer_id: counter!.id }));
    expect((await printNext(counter!.id)).join('\n')).toContain('DUPLICATA');
  });

  test('staff only; an unknown order 404, a card order not paid 409, a printer that is not one 422', async () => {
    await server.db.insert(printers).values({ name: 'Comptoir', station: 'counter', connection: 'cloudprnt', secret: newPrinterSecret() });
    const { orderId } = await placeCashOrder(server);
    expect((await printReceipt(orderId, {}, null)).status).toBe(401);
    expect(errorOf(await printReceipt(999_999)).code).toBe('receipt_not_found');
    const card = await createCardOrder(server);
    const unpaid = await printReceipt(card.orderId);
    expect(unpaid.status).toBe(409);
    expect(errorOf(unpaid).code).toBe('receipt_not_ready');
    expect(errorOf(await printReceipt(orderId, { printer_id: 424242 })).code).toBe('no_receipt_printer');
    expect((await printReceipt(orderId, { printer_id: 'un' })).status).toBe(400);
  });
});
