import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { printerHealth, type PrinterHealth } from '@resto/domain/printer-health';
import { queryRows, type Database } from '../../db/client.ts';
import { printJobs, printers } from '../../db/schema.ts';
import type { PrinterRow } from './queue.ts';

/**
 * « No silent printer » (docs/decisions/033-kitchen-printers.md): each printer's health at an
 * instant (packages/domain/src/printer-health.ts) with what waits for it, the once-per-outage
 * alarm claim, the fallback of a silent printer's tickets to its backup printer (or the browser's
 * page), and the tickets of finished orders a printer coming back is not given.
 */

/** A printer as the watch sees it: its row, its health and its tickets waiting (queued or out). */
export interface WatchedPrinter {
  printer: PrinterRow;
  health: PrinterHealth;
  waiting: number;
}

/** Order statuses after which a ticket still waiting is listed, not printed. */
const finishedStatuses = ['completed', 'rejected', 'cancelled'] as const;

/** Every printer with its health at `now` and its tickets waiting, in the order they were added. */
export async function watchPrinters(db: Database, now: Date): Promise<WatchedPrinter[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(printers).orderBy(printers.id),
    queryRows<{ printerId: number; waiting: number }>(
      db,
      sql`select printer_id as "printerId", count(*)::int as waiting from print_jobs where status in ('queued', 'sent') and printer_id is not null group by printer_id`,
    ),
  ]);
  const waitingOf = new Map(counts.map((row) => [Number(row.printerId), Number(row.waiting)]));
  return rows.map((printer) => ({ printer, health: printerHealth(printer, now), waiting: waitingOf.get(printer.id) ?? 0 }));
}

/**
 * Claims the alarm of printer `printerId`'s current outage inside `tx`: true once per outage (the
 * caller then writes the owner's e-mail in `tx` and pushes after commit), false when another run
 * or instance claimed it. `clearAlarm` ends the outage once the printer is fine again.
 */
export async function claimPrinterAlarm(tx: Database, printerId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(printers)
    .set({ alarmSentAt: now })
    .where(and(eq(printers.id, printerId), isNull(printers.alarmSentAt)))
    .returning({ id: printers.id });
  return rows.length > 0;
}

/** Ends the outage of printer `printerId` (its next one alarms again). */
export async function clearAlarm(db: Database, printerId: number): Promise<void> {
  await db.update(printers).set({ alarmSentAt: null }).where(eq(printers.id, printerId));
}

/**
 * Sends the tickets waiting for `printer` (queued, or out and unanswered past their timeout) to
 * `backupId`, or to the browser's page when null (printer_id null: the board shows them to print
 * there). Tickets of finished orders are not moved (they are listed). @returns the tickets moved.
 */
export async function fallBack(db: Database, printer: PrinterRow, backupId: number | null): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update print_jobs set printer_id = ${backupId}::int, status = 'queued', job_token = null
      where printer_id = ${printer.id} and status in ('queued', 'sent')
        and (order_id is null or order_id not in (select order_id from orders where status in (${sql.join(
          finishedStatuses.map((s) => sql`${s}`),
          sql`, `,
        )})))
      returning id`,
  );
  return rows.length;
}

/**
 * Marks 'skipped' the tickets waiting for `printerId` whose order finished meanwhile (a printer
 * coming back prints the tickets of orders still open, with their age; the others are listed,
 * not printed). @returns the order ids skipped.
 */
export async function skipFinishedTickets(db: Database, printerId: number): Promise<number[]> {
  const rows = await queryRows<{ orderId: number }>(
    db,
    sql`update print_jobs set status = 'skipped', job_token = null
      where printer_id = ${printerId} and status = 'queued' and order_id in (select order_id from orders where status in (${sql.join(
        finishedStatuses.map((s) => sql`${s}`),
        sql`, `,
      )}))
      returning order_id as "orderId"`,
  );
  return rows.map((row) => Number(row.orderId));
}

/** The tickets staff printed from the browser's page (« Imprimer » on the board): those waiting there for order `orderId` are printed. */
export async function confirmBrowserTickets(db: Database, orderId: number, now: Date): Promise<number> {
  const rows = await db
    .update(printJobs)
    .set({ status: 'printed', printedAt: now })
    .where(and(eq(printJobs.orderId, orderId), isNull(printJobs.printerId), inArray(printJobs.status, ['queued'])))
    .returning({ id: printJobs.id });
  return rows.length;
}
