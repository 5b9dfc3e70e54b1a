import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderPrintJob, PrinterEdit, PrintersPage, PrintersStatus, PrinterView, PrintJobView, StationCategory } from '@resto/contract/printers';
import { describeBoardTime } from '@resto/domain/board-time';
import { describePrinterAlarm, isAlarm, printerHealth, type PrinterHealth } from '@resto/domain/printer-health';
import { printerErrors, printerStates } from '@resto/copy/staff/printers';
import { requestErrors } from '@resto/copy/errors/request';
import type { Database } from '../../db/client.ts';
import { categories, menus, printJobs, printers, stationCategories } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { newPrinterSecret, queueTestPage, type PrinterRow, type PrintJobRow, type Station } from './queue.ts';

/**
 * The printers' back office and the boards' printer states (docs/decisions/033-kitchen-printers.md):
 * the printers page's list, add, edit (at the version read: a stale edit is 409 with the current
 * values), delete, new secret and test page; each category's station; the status every board polls
 * for its red banner; each order's tickets for its card. Instants are the server's clock's.
 */

/** Who reads: the owner sees the secrets (setup URL, agent command), a staff member does not. */
export type Reader = 'owner' | 'staff';

/** The health of a printer row at `now` (packages/domain/src/printer-health.ts). */
export function healthOf(row: PrinterRow, now: Date): PrinterHealth {
  return printerHealth(
    {
      connection: row.connection,
      enabled: row.enabled,
      lastPollAt: row.lastPollAt,
      createdAt: row.createdAt,
      problem: row.problem,
      problemSince: row.problemSince,
      failuresInARow: row.failuresInARow,
    },
    now,
  );
}

/** « prête », « hors ligne depuis 12:31 », « sans papier », « désactivée ». */
function healthLabel(health: PrinterHealth, now: Date): string {
  if (health.state === 'ok') return printerStates.ok;
  if (health.state === 'off') return printerStates.off;
  const state = printerStates.state[health.state];
  return health.since ? `${state} depuis ${describeBoardTime(health.since, now)}` : state;
}

function healthView(row: PrinterRow, now: Date) {
  const health = healthOf(row, now);
  return { health, view: { state: health.state, since: health.since?.toISOString() ?? null, label: healthLabel(health, now) } };
}

/** Tickets waiting for each printer (queued, or sent and not answered yet), by printer id. */
async function waitingByPrinter(db: Database): Promise<Map<number, number>> {
  const rows = await db
    .select({ printerId: printJobs.printerId, count: sql<number>`count(*)::int` })
    .from(printJobs)
    .where(inArray(printJobs.status, ['queued', 'sent']))
    .groupBy(printJobs.printerId);
  return new Map(rows.filter((row) => row.printerId !== null).map((row) => [row.printerId!, Number(row.count)]));
}

/** The URL a CloudPRNT or Server Direct Print printer polls, or null for the others. */
function setupUrl(row: PrinterRow, siteUrl: string): string | null {
  if (row.connection === 'cloudprnt') return `${siteUrl}/v2/print/cloudprnt/${row.secret}`;
  if (row.connection === 'epson_sdp') return `${siteUrl}/v2/print/epson/${row.secret}`;
  return null;
}

function viewOf(row: PrinterRow, now: Date, waiting: Map<number, number>, reader: Reader, siteUrl: string): PrinterView {
  const owner = reader === 'owner';
  const agent = row.connection === 'tcp' && row.viaAgent;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    station: row.station,
    paper_width: row.paperWidth,
    connection: row.connection,
    host: row.host,
    port: row.port,
    via_agent: row.viaAgent,
    copies: row.copies,
    print_on: row.printOn,
    qr_code: row.qrCode,
    enabled: row.enabled,
    backup_printer_id: row.backupPrinterId,
    fallback_seconds: row.fallbackSeconds,
    health: healthView(row, now).view,
    last_poll_at: row.lastPollAt?.toISOString() ?? null,
    waiting: waiting.get(row.id) ?? 0,
    secret: owner ? row.secret : null,
    setup_url: owner ? setupUrl(row, siteUrl) : null,
    agent_command: owner && agent ? `npm run print-agent -- --server ${siteUrl} --key ${row.secret}` : null,
  };
}

/** The live categories, in the menu's order, each with its station (null: every station). */
async function stationCategoryList(db: Database): Promise<StationCategory[]> {
  const rows = await db
    .select({ categoryId: categories.categoryId, name: categories.name, menu: menus.name, station: stationCategories.station })
    .from(categories)
    .innerJoin(menus, eq(menus.menuId, categories.menuId))
    .leftJoin(stationCategories, eq(stationCategories.categoryId, categories.categoryId))
    .where(and(isNull(categories.archivedAt), isNull(menus.archivedAt)))
    .orderBy(asc(menus.position), asc(categories.position), asc(categories.categoryId));
  return rows.map((row) => ({ category_id: row.categoryId, name: row.name, menu: row.menu, station: row.station ?? null }));
}

/** GET /v2/restaurant/printers: every printer (by id) with its state and waiting tickets, and each category's station. */
export async function printersPage(db: Database, now: Date, reader: Reader, siteUrl: string): Promise<PrintersPage> {
  const [rows, waiting, list] = await Promise.all([db.select().from(printers).orderBy(asc(printers.id)), waitingByPrinter(db), stationCategoryList(db)]);
  return {
    printers: rows.map((row) => viewOf(row, now, waiting, reader, siteUrl)),
    categories: list,
    can_edit: reader === 'owner',
    server_time: now.toISOString(),
  };
}

/** The row's columns of a form's values: host and port kept for a TCP printer only. */
function rowValues(input: PrinterEdit) {
  const tcp = input.connection === 'tcp';
  return {
    name: input.name,
    station: input.station,
    paperWidth: input.paper_width,
    connection: input.connection,
    host: tcp ? input.host : null,
    port: tcp ? (input.port ?? 9100) : null,
    viaAgent: tcp && input.via_agent,
    copies: input.copies,
    printOn: input.print_on,
    qrCode: input.qr_code,
    enabled: input.enabled,
    backupPrinterId: input.backup_printer_id,
    fallbackSeconds: input.fallback_seconds,
  };
}

/** @throws ApiError invalid_request (field backup_printer_id) when the backup is the printer itself or unknown. */
async function checkBackup(db: Database, backupId: number | null, printerId: number | null): Promise<void> {
  if (backupId === null) return;
  const fail = (message: string) => {
    throw new ApiError('invalid_request', `${requestErrors.invalidRequest} ${message}`, [{ path: 'backup_printer_id', message }]);
  };
  if (backupId === printerId) fail(printerErrors.backupSelf);
  const [found] = await db.select({ id: printers.id }).from(printers).where(eq(printers.id, backupId));
  if (!found) fail(printerErrors.backupUnknown);
}

async function single(db: Database, printerId: number): Promise<PrinterRow | undefined> {
  const [row] = await db.select().from(printers).where(eq(printers.id, printerId));
  return row;
}

/**
 * The row of `printerId` at `expectedVersion`, or a 409 stale_edit whose payload is its current
 * view (null when deleted meanwhile).
 */
async function freshRow(db: Database, printerId: number, expectedVersion: number, now: Date, siteUrl: string): Promise<PrinterRow> {
  const row = await single(db, printerId);
  if (row && row.version === expectedVersion) return row;
  const current = row ? viewOf(row, now, await waitingByPrinter(db), 'owner', siteUrl) : null;
  throw new ApiError('stale_edit', printerErrors.stale, [], { current });
}

/** An UPDATE at `expectedVersion` changed nothing: another edit came first. @throws stale_edit always. */
async function staleNow(db: Database, printerId: number, expectedVersion: number, now: Date, siteUrl: string): Promise<never> {
  await freshRow(db, printerId, expectedVersion, now, siteUrl);
  throw new ApiError('stale_edit', printerErrors.stale, [], { current: null });
}

/** POST /v2/restaurant/printers: a new printer with a new secret. @throws invalid_request (backup). */
export async function createPrinter(db: Database, input: PrinterEdit, now: Date, siteUrl: string): Promise<PrinterView> {
  await checkBackup(db, input.backup_printer_id, null);
  const [row] = await db
    .insert(printers)
    .values({ ...rowValues(input), secret: newPrinterSecret(), createdAt: now })
    .returning();
  return viewOf(row!, now, new Map(), 'owner', siteUrl);
}

/**
 * PUT /v2/restaurant/printers/{id}: the whole printer, at `expectedVersion` (one UPDATE on that
 * version: two forms saving at once, the second is stale). @throws stale_edit, invalid_request.
 */
export async function updatePrinter(
  db: Database,
  printerId: number,
  input: PrinterEdit,
  expectedVersion: number,
  now: Date,
  siteUrl: string,
): Promise<PrinterView> {
  await freshRow(db, printerId, expectedVersion, now, siteUrl);
  await checkBackup(db, input.backup_printer_id, printerId);
  const [row] = await db
    .update(printers)
    .set({ ...rowValues(input), version: expectedVersion + 1 })
    .where(and(eq(printers.id, printerId), eq(printers.version, expectedVersion)))
    .returning();
  if (!row) return staleNow(db, printerId, expectedVersion, now, siteUrl);
  return viewOf(row, now, await waitingByPrinter(db), 'owner', siteUrl);
}

/** DELETE /v2/restaurant/printers/{id}: the printer and its jobs; printers backed up by it lose their backup. @throws stale_edit. */
export async function deletePrinter(db: Database, printerId: number, expectedVersion: number, now: Date, siteUrl: string): Promise<{ deleted: true }> {
  await freshRow(db, printerId, expectedVersion, now, siteUrl);
  await db.transaction(async (tx) => {
    await tx.update(printers).set({ backupPrinterId: null }).where(eq(printers.backupPrinterId, printerId));
    await tx.delete(printers).where(and(eq(printers.id, printerId), eq(printers.version, expectedVersion)));
  });
  return { deleted: true };
}

/** POST /v2/restaurant/printers/{id}/secret: a new secret (the old URL or agent key stops working). @throws stale_edit. */
export async function rotateSecret(db: Database, printerId: number, expectedVersion: number, now: Date, siteUrl: string): Promise<PrinterView> {
  await freshRow(db, printerId, expectedVersion, now, siteUrl);
  const [row] = await db
    .update(printers)
    .set({ secret: newPrinterSecret(), version: expectedVersion + 1 })
    .where(and(eq(printers.id, printerId), eq(printers.version, expectedVersion)))
    .returning();
  if (!row) return staleNow(db, printerId, expectedVersion, now, siteUrl);
  return viewOf(row, now, await waitingByPrinter(db), 'owner', siteUrl);
}

function jobView(row: typeof printJobs.$inferSelect): PrintJobView {
  return {
    job_id: row.id,
    printer_id: row.printerId,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    printed_at: row.printedAt?.toISOString() ?? null,
    failed_at: row.failedAt?.toISOString() ?? null,
    last_error: row.lastError,
  };
}

/** POST /v2/restaurant/printers/{id}/test: « Page de test » queued. @throws not_found; invalid_request (disabled, or the browser's page). */
export async function testPage(db: Database, printerId: number, now: Date): Promise<PrintJobView> {
  const row = await single(db, printerId);
  if (!row) throw new ApiError('not_found', printerErrors.unknownPrinter);
  if (!row.enabled || row.connection === 'browser') throw new ApiError('invalid_request', printerErrors.notPrintable);
  return findJob(db, await queueTestPage(db, printerId, now));
}

/** GET /v2/restaurant/print-jobs/{id}. @throws not_found. */
export async function findJob(db: Database, jobId: number): Promise<PrintJobView> {
  const [row] = await db.select().from(printJobs).where(eq(printJobs.id, jobId));
  if (!row) throw new ApiError('not_found', printerErrors.unknownJob);
  return jobView(row);
}

/** PUT /v2/restaurant/stations/{category_id}: the category's station, or none (every station). @throws not_found. */
export async function setStation(db: Database, categoryId: number, station: Station | null): Promise<{ categories: StationCategory[] }> {
  const [category] = await db
    .select({ id: categories.categoryId })
    .from(categories)
    .where(and(eq(categories.categoryId, categoryId), isNull(categories.archivedAt)));
  if (!category) throw new ApiError('not_found', printerErrors.unknownCategory);
  if (station === null) await db.delete(stationCategories).where(eq(stationCategories.categoryId, categoryId));
  else await db.insert(stationCategories).values({ categoryId, station }).onConflictDoUpdate({ target: stationCategories.categoryId, set: { station } });
  return { categories: await stationCategoryList(db) };
}

/** The window of « listed, not printed » tickets the banner names: the last 12 hours. */
const skippedWindowMs = 12 * 3600_000;

/**
 * GET /v2/restaurant/printers/status: each enabled printer but the browser's page (by id) with its
 * health, waiting tickets and the banner's sentence when it alarms — only while the restaurant is
 * `open`: closed, a silent printer is a state, not an alarm —; the orders whose waiting tickets were
 * skipped (finished when their printer came back) in the last 12 hours.
 */
export async function printersStatus(db: Database, now: Date, open = true): Promise<PrintersStatus> {
  const since = new Date(now.getTime() - skippedWindowMs);
  const [rows, waiting, skipped] = await Promise.all([
    db.select().from(printers).where(eq(printers.enabled, true)).orderBy(asc(printers.id)),
    waitingByPrinter(db),
    db
      .selectDistinct({ orderId: printJobs.orderId })
      .from(printJobs)
      .where(and(eq(printJobs.status, 'skipped'), sql`${printJobs.createdAt} >= ${since.toISOString()}::timestamptz`))
      .orderBy(asc(printJobs.orderId)),
  ]);
  return {
    printers: rows
      .filter((row) => row.connection !== 'browser')
      .map((row) => {
        const { health, view } = healthView(row, now);
        const count = waiting.get(row.id) ?? 0;
        return {
          printer_id: row.id,
          name: row.name,
          station: row.station,
          health: view,
          alarm: open && isAlarm(health.state),
          waiting: count,
          banner: open ? describePrinterAlarm(row.name, health, count, now) : null,
        };
      }),
    skipped_orders: skipped.map((row) => row.orderId).filter((id): id is number => id !== null),
    server_time: now.toISOString(),
  };
}

/**
 * The tickets of orders as the board shows them, by order id, oldest first: `jobs` from
 * queue.findOrderJobs (one query for all the board's orders), each with the printer its station's
 * ticket is for (`origin_printer_id`) among `rows` (queue.listPrinters).
 */
export function orderPrintJobViews(jobs: readonly PrintJobRow[], rows: readonly PrinterRow[]): Map<number, OrderPrintJob[]> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byOrder = new Map<number, OrderPrintJob[]>();
  for (const job of jobs) {
    const printer = byId.get(job.originPrinterId);
    if (job.orderId === null || !printer) continue;
    const list = byOrder.get(job.orderId) ?? [];
    list.push({
      job_id: job.id,
      printer_id: printer.id,
      printer_name: printer.name,
      station: printer.station,
      cause: job.cause,
      status: job.status,
      printed_at: job.printedAt?.toISOString() ?? null,
      may_have_printed: job.mayHavePrinted,
    });
    byOrder.set(job.orderId, list);
  }
  return byOrder;
}
