import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Receipt } from '@resto/domain/receipt';
import { queryRows, type Database } from '../../db/client.ts';
import { orders, printJobs, printers, stationCategories } from '../../db/schema.ts';
import { appendOrderEvent } from '../orders/index.ts';

/**
 * The print queue (docs/decisions/033-kitchen-printers.md): every ticket is a `print_jobs` row,
 * created in the transaction of the event that causes it, handed to one poll at a time with a job
 * token, and confirmed by the printer's answer. Any API instance serves any poll: the hand-over is
 * one UPDATE of a row taken with `FOR UPDATE SKIP LOCKED`, so two instances never hand out one job.
 */

export type PrinterRow = typeof printers.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;
export type Station = PrinterRow['station'];

/** A job handed to a poll and not answered within this many seconds is handed out again (and says « RÉIMPRESSION »). */
export const jobTimeoutSeconds = 30;

/** A job that failed this many times is left 'failed' (the board shows « échec » and « Réimprimer »). */
export const maxAttempts = 5;

/** A new printer's secret: its CloudPRNT / Server Direct Print URL's last segment, or the print agent's key. */
export function newPrinterSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Queues the tickets of order `orderId` for `trigger` inside `tx`, the transaction of the event:
 * one job per enabled printer (not the browser's page) whose `print_on` is `trigger`, per copy,
 * when the order has a line its station prints (a line of a category set for that station, or of
 * a category set for none). Run twice for one order (a retried event), it queues nothing more:
 * the unique index print_jobs_order_ticket_idx holds one job per order, printer, kind and copy.
 * @returns the jobs queued now.
 */
export async function queueOrderTickets(tx: Database, orderId: number, trigger: 'arrival' | 'acceptance', now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into print_jobs (order_id, origin_printer_id, printer_id, kind, cause, copy, created_at)
      select ${orderId}, p.id, p.id, 'ticket', 'order', c.copy, ${now.toISOString()}::timestamptz
      from printers p cross join lateral generate_series(1, greatest(p.copies, 1)) as c(copy)
      where p.enabled and p.connection <> 'browser' and p.print_on = ${trigger}
        and exists (
          select 1 from order_lines l left join station_categories s on s.category_id = l.item_category_id
          where l.order_id = ${orderId} and (s.station is null or s.station = p.station))
      on conflict (order_id, origin_printer_id, kind, copy) where cause = 'order' do nothing
      returning id`,
  );
  return rows.length;
}

/**
 * Queues the « MODIFICATION » tickets of change `changeId` of order `orderId` (docs/decisions/039)
 * inside the change's transaction: one job per enabled printer (not the browser's page) whose
 * station prints a line of the order, per copy — on the printers that print at acceptance only
 * once the order was accepted (before, its first ticket is still to come, with the new lines).
 * A change happens once (its key), so its tickets are queued once. @returns the jobs queued.
 */
export async function queueChangeTickets(tx: Database, orderId: number, changeId: number, accepted: boolean, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into print_jobs (order_id, origin_printer_id, printer_id, kind, cause, copy, change_id, created_at)
      select ${orderId}, p.id, p.id, 'change', 'change', c.copy, ${changeId}, ${now.toISOString()}::timestamptz
      from printers p cross join lateral generate_series(1, greatest(p.copies, 1)) as c(copy)
      where p.enabled and p.connection <> 'browser' and (p.print_on = 'arrival' or ${accepted})
        and exists (
          select 1 from order_lines l left join station_categories s on s.category_id = l.item_category_id
          where l.order_id = ${orderId} and (s.station is null or s.station = p.station))
      returning id`,
  );
  return rows.length;
}

/**
 * « Réimprimer »: a new ticket of order `orderId` on `printerId` (or on every enabled printer whose
 * station prints a line of it, when null), marked « RÉIMPRESSION ». @returns the jobs queued.
 */
export async function queueReprint(tx: Database, orderId: number, printerId: number | null, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into print_jobs (order_id, origin_printer_id, printer_id, kind, cause, copy, may_have_printed, created_at)
      select ${orderId}, p.id, p.id, 'ticket', 'reprint', 1, true, ${now.toISOString()}::timestamptz
      from printers p
      where p.enabled and p.connection <> 'browser' and (${printerId}::int is null or p.id = ${printerId}::int)
        and exists (
          select 1 from order_lines l left join station_categories s on s.category_id = l.item_category_id
          where l.order_id = ${orderId} and (s.station is null or s.station = p.station))
      returning id`,
  );
  return rows.length;
}

/**
 * « Imprimer le reçu »: the customer's `receipt`, as issued now, on `printerId` (or the first
 * enabled counter printer that is not the browser's page, when null). @returns the job and its
 * printer, or null when there is no such printer.
 */
export async function queueReceipt(
  db: Database,
  orderId: number,
  receipt: Receipt,
  printerId: number | null,
  now: Date,
): Promise<{ jobId: number; printer: PrinterRow } | null> {
  const candidates = await db
    .select()
    .from(printers)
    .where(
      and(eq(printers.enabled, true), ne(printers.connection, 'browser'), printerId === null ? eq(printers.station, 'counter') : eq(printers.id, printerId)),
    )
    .orderBy(asc(printers.id))
    .limit(1);
  const printer = candidates[0];
  if (!printer) return null;
  const [row] = await db
    .insert(printJobs)
    .values({ orderId, originPrinterId: printer.id, printerId: printer.id, kind: 'receipt', cause: 'reprint', document: receipt, createdAt: now })
    .returning({ id: printJobs.id });
  return { jobId: row!.id, printer };
}

/** « Page de test »: a test ticket on `printerId`. @returns the job's id. */
export async function queueTestPage(db: Database, printerId: number, now: Date): Promise<number> {
  const [row] = await db
    .insert(printJobs)
    .values({ originPrinterId: printerId, printerId, kind: 'test', cause: 'test', createdAt: now })
    .returning({ id: printJobs.id });
  return row!.id;
}

/**
 * Hands the next job of printer `printerId` to this poll: the oldest queued one, or one handed
 * out more than `jobTimeoutSeconds` ago and never answered (then `may_have_printed`: it may have
 * come out already). Only one job of a printer is out at a time: while one is sent and within its
 * timeout, nothing else is handed out, so tickets print in order. @returns the job with its new
 * token, or null when there is nothing to print.
 */
export async function claimJob(db: Database, printerId: number, now: Date): Promise<PrintJobRow | null> {
  const token = randomBytes(16).toString('hex');
  const cutoff = new Date(now.getTime() - jobTimeoutSeconds * 1000).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with busy as (
        select 1 from print_jobs where printer_id = ${printerId} and status = 'sent' and sent_at >= ${cutoff}::timestamptz limit 1),
      next as (
        select id from print_jobs
        where printer_id = ${printerId} and (status = 'queued' or (status = 'sent' and sent_at < ${cutoff}::timestamptz))
          and not exists (select 1 from busy)
        order by id limit 1 for update skip locked)
      update print_jobs j set status = 'sent', attempts = j.attempts + 1, sent_at = ${now.toISOString()}::timestamptz,
        job_token = ${token}, may_have_printed = j.may_have_printed or j.status = 'sent'
      from next where j.id = next.id
      returning j.id`,
  );
  if (!rows[0]) return null;
  const [job] = await db
    .select()
    .from(printJobs)
    .where(eq(printJobs.id, Number(rows[0].id)));
  return job ?? null;
}

/** The job handed out with `token` (a CloudPRNT GET after its POST), or null when unknown. */
export async function findJobByToken(db: Database, token: string): Promise<PrintJobRow | null> {
  const [job] = await db.select().from(printJobs).where(eq(printJobs.jobToken, token));
  return job ?? null;
}

/** The job of printer `printerId` handed out and not answered yet (the newest), or null: what a CloudPRNT printer without job tokens has in hand. */
export async function findSentJob(db: Database, printerId: number): Promise<PrintJobRow | null> {
  const [job] = await db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.printerId, printerId), eq(printJobs.status, 'sent')))
    .orderBy(desc(printJobs.sentAt))
    .limit(1);
  return job ?? null;
}

/**
 * What a printer answered for a job: printed, or not (its error, in its words). `mayHavePrinted`:
 * the failure came after the ticket's bytes reached the printer without the printer saying which
 * job failed (a CloudPRNT printer posting a fault with a job in hand, whose confirmation may have
 * been lost; a 9100 printer whose status could not be read after the ticket was written): its
 * next print is marked « RÉIMPRESSION », so a ticket that did come out is never printed twice
 * unmarked (docs/decisions/033-kitchen-printers.md, « Exactly once »).
 */
export type JobOutcome = { printed: true } | { printed: false; error: string; mayHavePrinted: boolean };

/**
 * Records the printer's answer for the job handed out with `token`, once: printed (the job
 * 'printed', and the order's `ticket_printed` event with the printer's name, so every board shows
 * it), or not (queued again for the next poll — marked to reprint as « RÉIMPRESSION » when it may
 * have come out, see JobOutcome — or 'failed' after `maxAttempts`, with a
 * `ticket_failed` event). An answer for a token no longer out (answered already, or handed out again
 * since) changes nothing. @returns what it did.
 */
export async function completeJob(db: Database, token: string, outcome: JobOutcome, now: Date): Promise<'printed' | 'requeued' | 'failed' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.jobToken, token), eq(printJobs.status, 'sent')))
      .for('update');
    if (!job) return 'unknown';
    const [printer] = await tx.select({ name: printers.name }).from(printers).where(eq(printers.id, job.originPrinterId));
    if (outcome.printed) {
      await tx.update(printJobs).set({ status: 'printed', printedAt: now, lastError: null }).where(eq(printJobs.id, job.id));
      if (job.printerId !== null) await tx.update(printers).set({ failuresInARow: 0 }).where(eq(printers.id, job.printerId));
      if (job.orderId !== null) {
        await tx
          .update(orders)
          .set({ ticketPrintedAt: sql`coalesce(${orders.ticketPrintedAt}, ${now.toISOString()}::timestamptz)` })
          .where(eq(orders.orderId, job.orderId));
        await appendOrderEvent(tx, { orderId: job.orderId, type: 'ticket_printed', actor: 'system', actorName: printer?.name ?? null, at: now });
      }
      return 'printed';
    }
    const failed = job.attempts >= maxAttempts;
    if (job.printerId !== null)
      await tx
        .update(printers)
        .set({ failuresInARow: sql`${printers.failuresInARow} + 1` })
        .where(eq(printers.id, job.printerId));
    await tx
      .update(printJobs)
      .set(
        failed
          ? { status: 'failed', failedAt: now, lastError: outcome.error, jobToken: null, mayHavePrinted: job.mayHavePrinted || outcome.mayHavePrinted }
          : { status: 'queued', lastError: outcome.error, jobToken: null, mayHavePrinted: job.mayHavePrinted || outcome.mayHavePrinted },
      )
      .where(eq(printJobs.id, job.id));
    if (failed && job.orderId !== null)
      await appendOrderEvent(tx, {
        orderId: job.orderId,
        type: 'ticket_failed',
        actor: 'system',
        actorName: printer?.name ?? null,
        reasonText: outcome.error,
        at: now,
      });
    return failed ? 'failed' : 'requeued';
  });
}

/**
 * A job handed out with `token` that has nothing to print (its order deleted, or no line left for
 * its station since it was queued): 'skipped', with `reason`, never sent again. @returns whether it was out.
 */
export async function skipJob(db: Database, token: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(printJobs)
    .set({ status: 'skipped', lastError: reason, jobToken: null })
    .where(and(eq(printJobs.jobToken, token), eq(printJobs.status, 'sent')))
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

/** What a printer says of itself when it polls: null when all is well. */
export type PrinterProblem = PrinterRow['problem'];

/**
 * A poll of printer `printerId`: its `last_poll_at`, and its problem as it reports it (paper out,
 * cover open, or null), with the instant it began. The alarm's end is the watch's (watch.ts).
 */
export async function recordPoll(db: Database, printerId: number, problem: PrinterProblem, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(
    sql`update printers set last_poll_at = ${at}::timestamptz,
        problem_since = case when ${problem}::text is null then null when problem is distinct from ${problem}::text then ${at}::timestamptz else problem_since end,
        problem = ${problem}::text
      where id = ${printerId}`,
  );
}

/** The printer whose URL secret or agent key is `secret`, or null (enabled or not). */
export async function findPrinterBySecret(db: Database, secret: string): Promise<PrinterRow | null> {
  const [printer] = await db.select().from(printers).where(eq(printers.secret, secret));
  return printer ?? null;
}

/** Every printer, in the order they were added. */
export async function listPrinters(db: Database): Promise<PrinterRow[]> {
  return db.select().from(printers).orderBy(asc(printers.id));
}

/** The station of each category set for one (categories not listed print at every station). */
export async function findStationCategories(db: Database): Promise<Map<number, Station>> {
  const rows = await db.select().from(stationCategories);
  return new Map(rows.map((row) => [row.categoryId, row.station]));
}

/** The jobs of these orders (tickets and reprints), oldest first: what the board shows of their printing. */
export async function findOrderJobs(db: Database, orderIds: readonly number[]): Promise<PrintJobRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(printJobs)
    .where(inArray(printJobs.orderId, [...orderIds]))
    .orderBy(asc(printJobs.id));
}
