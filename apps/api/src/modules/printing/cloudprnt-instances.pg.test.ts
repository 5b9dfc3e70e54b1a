import { afterAll, beforeAll, expect, test } from 'vitest';
import { printJobs } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { SimulatedCloudPrntPrinter } from '../../test/printers/cloudprnt-printer.ts';
import { addPrinter, flat, placeTicketOrder, waitFor } from '../../test/printers/helpers.ts';

/**
 * Two API instances on one PostgreSQL (docs/decisions/033-kitchen-printers.md, « across instances »):
 * a Star CloudPRNT printer whose every request goes to the other instance (a load balancer without
 * affinity), and a second poller racing it on the same printer's URL through both instances. Every
 * ticket prints once: a job goes to one poll, its GET and DELETE are served by whichever instance.
 */

const tuesday = new Date('2026-11-24T11:30:00Z');
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer({ clock: () => tuesday });
  second = await startTestServer({ clock: () => tuesday, databaseUrl: first.databaseUrl, seed: false });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

test('orders placed on both instances, the printer polling both in turn, twice over: every ticket printed once', async () => {
  const row = await addPrinter(first, { name: 'Cuisine' });
  const servers = [first.baseUrl, second.baseUrl];
  const printers = [
    new SimulatedCloudPrntPrinter({ servers, secret: row.secret, intervalMs: 100 }),
    new SimulatedCloudPrntPrinter({ servers: [...servers].reverse(), secret: row.secret, intervalMs: 100, mac: '00:11:62:0a:0b:0d' }),
  ];
  for (const printer of printers) printer.start();
  try {
    const orders: number[] = [];
    for (let i = 0; i < 12; i++) orders.push((await placeTicketOrder(i % 2 ? second : first)).orderId);
    const printed = () => printers.flatMap((printer) => printer.printed);
    await waitFor('tous les tickets imprimés', () => printed().length >= orders.length, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const numbers = printed().map((ticket) => Number(/n° (\d+)/.exec(flat(ticket.lines))?.[1]));
    expect(numbers.sort((a, b) => a - b)).toEqual([...orders].sort((a, b) => a - b));
    expect(printed().every((ticket) => !flat(ticket.lines).includes('RÉIMPRESSION'))).toBe(true);
    // Both instances served the printers' requests.
    const served = printers.flatMap((printer) => printer.requests);
    for (const server of servers) expect(served.filter((line) => line.includes(server)).length).toBeGreaterThan(orders.length);
    await waitFor('tous confirmés', async () => (await first.db.select().from(printJobs)).every((job) => job.status === 'printed'));
  } finally {
    for (const printer of printers) await printer.stop();
  }
}, 60_000);
