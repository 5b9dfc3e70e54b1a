import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ticketTexts } from '@resto/domain/kitchen-ticket';
import { queryRows } from '../../db/client.ts';
import { orderEvents, orderLines, printJobs, printers, stationCategories } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { act, inMinutes, placeCashOrder, placePaidCardOrder } from '../board/test-helpers.ts';
import { claimJob, jobTimeoutSeconds, maxAttempts, newPrinterSecret, queueReprint, type PrinterRow } from './queue.ts';

/**
 * The print queue (docs/decisions/033-kitchen-printers.md) on a real server and database: jobs
 * queued in the transactions of the events that cause them, per station and copy, handed to one
 * poll at a time, sent again only after their timeout and then marked « RÉIMPRESSION ».
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let karim: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await server.db.delete(printJobs);
  await server.db.delete(stationCategories);
  await server.db.delete(printers);
});

async function addPrinter(values: Partial<typeof printers.$inferInsert> & { name: string; station: PrinterRow['station'] }): Promise<PrinterRow> {
  const [printer] = await server.db
    .insert(printers)
    .values({ connection: 'cloudprnt', secret: newPrinterSecret(), ...values })
    .returning();
  return printer!;
}

const jobsOf = (orderId: number) => server.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(printJobs.id);

describe('jobs are queued with the event that causes them', () => {
  test('a cash order queues a ticket per copy on each printer printing on arrival, none on those printing on acceptance', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen', copies: 2 });
    const bar = await addPrinter({ name: 'Bar', station: 'bar', printOn: 'acceptance' });
    await addPrinter({ name: 'Page', station: 'counter', connection: 'browser' });
    await addPrinter({ name: 'Éteinte', station: 'counter', enabled: false });
    const { orderId } = await placeCashOrder(server);
    const jobs = await jobsOf(orderId);
    expect(jobs.map((job) => [job.originPrinterId, job.copy, job.status, job.cause])).toEqual([
      [kitchen.id, 1, 'queued', 'order'],
      [kitchen.id, 2, 'queued', 'order'],
    ]);
    await act(server, karim.cookie, orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) });
    expect((await jobsOf(orderId)).filter((job) => job.originPrinterId === bar.id)).toHaveLength(1);
  });

  test('a card order queues its tickets when it is paid, not when it is created', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen' });
    const { orderId } = await placePaidCardOrder(server);
    const jobs = await jobsOf(orderId);
    expect(jobs.map((job) => job.originPrinterId)).toEqual([kitchen.id]);
  });

  test('a station whose categories the order has no line of gets no ticket; a category set for none prints everywhere', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen' });
    const bar = await addPrinter({ name: 'Bar', station: 'bar' });
    const { orderId } = await placeCashOrder(server);
    const [line] = await server.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await server.db.insert(stationCategories).values({ categoryId: line!.itemCategoryId, station: 'kitchen' });
    const second = await placeCashOrder(server);
    expect((await jobsOf(second.orderId)).map((job) => job.originPrinterId)).toEqual([kitchen.id]);
    // The first order, before the category was set, printed on both.
    expect((await jobsOf(orderId)).map((job) => job.originPrinterId)).toEqual([kitchen.id, bar.id]);
  });

  test('the order ticket exists once per printer and copy, whatever the retries; a reprint is a new job marked as such', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen' });
    const { orderId } = await placeCashOrder(server);
    await server.db.transaction(async (tx) => {
      await expect(queryRows(tx, sql`select 1`)).resolves.toHaveLength(1);
      await queueReprint(tx, orderId, kitchen.id, now);
    });
    const jobs = await jobsOf(orderId);
    expect(jobs.map((job) => [job.cause, job.mayHavePrinted])).toEqual([
      ['order', false],
      ['reprint', true],
    ]);
    await expect(
      server.db
        .insert(printJobs)
        .values({ orderId, originPrinterId: kitchen.id, printerId: kitchen.id, kind: 'ticket', cause: 'order', copy: 1, createdAt: now }),
    ).rejects.toThrow();
  });
});

describe('a job goes to one poll at a time and is confirmed by the printer', () => {
  test('claimed, then nothing else while it is out; unanswered past its timeout it goes again as a reprint; printed once', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen' });
    const first = await placeCashOrder(server);
    const second = await placeCashOrder(server);
    const job = await claimJob(server.db, kitchen.id, now);
    expect(job).toMatchObject({ orderId: first.orderId, status: 'sent', attempts: 1, mayHavePrinted: false });
    expect(await claimJob(server.db, kitchen.id, now)).toBeNull();

    const blocks = await server.deps.printing.render(job!, kitchen);
    const texts = ticketTexts(blocks!).join('\n');
    expect(texts).toContain(String(first.orderId));
    expect(texts).not.toContain('RÉIMPRESSION');

    const later = new Date(now.getTime() + (jobTimeoutSeconds + 1) * 1000);
    const again = await claimJob(server.db, kitchen.id, later);
    expect(again).toMatchObject({ id: job!.id, attempts: 2, mayHavePrinted: true });
    expect(again!.jobToken).not.toBe(job!.jobToken);
    expect(ticketTexts((await server.deps.printing.render(again!, kitchen))!)).toContain('RÉIMPRESSION');

    // The first hand-over's late answer changes nothing; the second's counts.
    expect(await server.deps.printing.answer(job!.jobToken!, { printed: true })).toBe('unknown');
    expect(await server.deps.printing.answer(again!.jobToken!, { printed: true })).toBe('printed');
    expect(await server.deps.printing.answer(again!.jobToken!, { printed: true })).toBe('unknown');
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, first.orderId));
    expect(events.filter((event) => event.type === 'ticket_printed').map((event) => event.actorName)).toEqual(['Cuisine']);

    const next = await claimJob(server.db, kitchen.id, now);
    expect(next?.orderId).toBe(second.orderId);
  });

  test('a failed print is queued again, and left failed after the last attempt, with an event the board shows', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen' });
    const { orderId } = await placeCashOrder(server);
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const job = await claimJob(server.db, kitchen.id, now);
      expect(job?.attempts).toBe(attempt);
      outcomes.push(await server.deps.printing.answer(job!.jobToken!, { printed: false, error: 'papier épuisé', mayHavePrinted: false }));
    }
    expect(outcomes).toEqual([...Array<string>(maxAttempts - 1).fill('requeued'), 'failed']);
    expect(await claimJob(server.db, kitchen.id, now)).toBeNull();
    const [job] = await jobsOf(orderId);
    expect(job).toMatchObject({ status: 'failed', lastError: 'papier épuisé' });
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((event) => event.type === 'ticket_failed').map((event) => event.reasonText)).toEqual(['papier épuisé']);
  });

  test('a failure after the ticket may have come out (its confirmation lost, its status unreadable): the retry is marked « RÉIMPRESSION »; a plain refusal is not', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen' });
    const { orderId } = await placeCashOrder(server);
    const first = await claimJob(server.db, kitchen.id, now);
    expect(await server.deps.printing.answer(first!.jobToken!, { printed: false, error: '410 Out of paper', mayHavePrinted: false })).toBe('requeued');
    const second = await claimJob(server.db, kitchen.id, now);
    expect(second?.mayHavePrinted).toBe(false);
    expect(await server.deps.printing.answer(second!.jobToken!, { printed: false, error: 'envoi interrompu : délai dépassé', mayHavePrinted: true })).toBe(
      'requeued',
    );
    const third = await claimJob(server.db, kitchen.id, now);
    expect(third?.mayHavePrinted).toBe(true);
    // Once it may have come out, it stays so: a later plain refusal does not unmark it.
    expect(await server.deps.printing.answer(third!.jobToken!, { printed: false, error: '420 Cover open', mayHavePrinted: false })).toBe('requeued');
    const fourth = await claimJob(server.db, kitchen.id, now);
    expect(fourth?.mayHavePrinted).toBe(true);
    expect(await server.deps.printing.answer(fourth!.jobToken!, { printed: true })).toBe('printed');
    expect((await jobsOf(orderId)).map((job) => [job.status, job.attempts, job.mayHavePrinted])).toEqual([['printed', 4, true]]);
  });

  test('polls racing for one printer never get the same job', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen' });
    const bar = await addPrinter({ name: 'Bar', station: 'bar' });
    for (let i = 0; i < 4; i++) await placeCashOrder(server);
    const claims = await Promise.all([...Array(8)].map((_, i) => claimJob(server.db, i % 2 ? kitchen.id : bar.id, now)));
    const taken = claims.filter((job) => job !== null);
    expect(new Set(taken.map((job) => job!.id)).size).toBe(taken.length);
    expect(taken.length).toBeGreaterThanOrEqual(2);
  });
});
