import { eq } from 'drizzle-orm';
import { ticketTexts } from '@resto/domain/kitchen-ticket';
import { printJobs, printers } from '../../db/schema.ts';
import { newPrinterSecret, type PrinterRow } from '../../modules/printing/index.ts';
import { buildOrderPayload, payloadOf, postOrder, type TestServer } from '../harness.ts';

/** Helpers of the printers' tests (docs/decisions/033): printers added, an order with options and accents, waits. */

/** A printer row, CloudPRNT by default, with a fresh secret. */
export async function addPrinter(server: Pick<TestServer, 'db'>, values: Partial<typeof printers.$inferInsert> & { name: string }): Promise<PrinterRow> {
  const [printer] = await server.db
    .insert(printers)
    .values({ station: 'kitchen', connection: 'cloudprnt', secret: newPrinterSecret(), ...values })
    .returning();
  return printer!;
}

/**
 * A cash order of the demo menu with what a ticket must print right: two pizzas 105 with a note, a
 * burger 110 with its cooking and side options, a customer with accents. @returns its id and when
 * it was accepted (real time, ms).
 */
export async function placeTicketOrder(server: Pick<TestServer, 'baseUrl' | 'now'>): Promise<{ orderId: number; placedAt: number }> {
  const payload = await buildOrderPayload(server, {
    customer: { first_name: 'Zoé', last_name: 'Lefèvre', email: 'zoe.lefevre@example.fr', phone: '06 98 76 54 32' },
    lines: [
      { itemId: 105, quantity: 2, note: 'Bien cuite, pâte fine' },
      {
        itemId: 110,
        quantity: 1,
        choices: [
          { option_id: 1006, option_option_id: 5027, quantity: 1 },
          { option_id: 1007, option_option_id: 5029, quantity: 1 },
        ],
      },
    ],
  });
  const { order_id } = payloadOf(await postOrder(server.baseUrl, payload));
  return { orderId: order_id, placedAt: Date.now() };
}

/** Waits until `check` holds (polled every 20 ms). @throws Error naming `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`toujours pas : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Printed lines (or ticket texts) as one text: wrapped lines joined, runs of spaces as one, and our
 * typography's minus and hyphens as the printer's « - » (as printing/encode.ts prints them).
 */
export const flat = (lines: readonly string[]) =>
  lines
    .join(' ')
    .replace(/[\u2212\u2010\u2011]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** The ticket's texts as the domain makes them for the job of `orderId` on `printer` (what the paper must say). */
export async function expectedTicket(server: Pick<TestServer, 'db' | 'deps'>, orderId: number, printer: PrinterRow): Promise<string[]> {
  const [job] = await server.db.select().from(printJobs).where(eq(printJobs.orderId, orderId));
  const blocks = await server.deps.printing.render({ ...job!, mayHavePrinted: false }, printer);
  return ticketTexts(blocks!);
}

/** The jobs of an order. */
export const jobsOf = (server: Pick<TestServer, 'db'>, orderId: number) =>
  server.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(printJobs.id);
