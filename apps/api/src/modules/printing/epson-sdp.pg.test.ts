import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { boardOrderCard } from '@resto/copy/staff/board';
import { printJobs, printers } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { SimulatedEpsonPrinter } from '../../test/printers/epson-sdp-printer.ts';
import { placeCashOrder } from '../board/test-helpers.ts';
import { newPrinterSecret } from './queue.ts';

/**
 * Two API instances on one PostgreSQL database behind a load balancer (docs/decisions/033): an
 * Epson printer's posts go to one instance, then the other, so a SetResponse often reaches the
 * instance that did not hand the job out. Every ticket prints exactly once, in the order the
 * orders came, whichever instance placed them. PostgreSQL only (PGlite is one process).
 */

const now = new Date('2026-11-24T11:30:00Z');
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer({ clock: () => now });
  second = await startTestServer({ clock: () => now, databaseUrl: first.databaseUrl });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

test('orders placed on both instances, the printer polling both: each ticket printed once, in order', async () => {
  const secret = newPrinterSecret();
  await first.db.insert(printers).values({ name: 'Cuisine', station: 'kitchen', connection: 'epson_sdp', secret });
  const path = `/v2/print/epson/${secret}`;
  const printer = new SimulatedEpsonPrinter({ url: [`${first.baseUrl}${path}`, `${second.baseUrl}${path}`], intervalMs: 20 });
  printer.start();
  try {
    const orderIds: number[] = [];
    for (let i = 0; i < 12; i++) orderIds.push((await placeCashOrder(i % 2 === 0 ? first : second)).orderId);
    await printer.waitFor(() => printer.printed.length === orderIds.length, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(printer.printed.map((ticket) => ticket.lines[0]!.text)).toEqual(orderIds.map((id) => boardOrderCard.orderNumber(id)));
    expect(printer.printed.some((ticket) => ticket.text.includes('RÉIMPRESSION'))).toBe(false);
    const jobs = async () => (await second.db.select().from(printJobs).where(eq(printJobs.kind, 'ticket'))).filter((job) => orderIds.includes(job.orderId!));
    await expect.poll(async () => (await jobs()).map((job) => [job.status, job.attempts])).toEqual(orderIds.map(() => ['printed', 1]));
  } finally {
    await printer.stop();
  }
});
