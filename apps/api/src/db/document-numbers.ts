import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';
import { documentCounters, orders } from './schema.ts';

/** A database or an open transaction: the numbers are taken inside the caller's transaction. */
type Tx = Pick<Database, 'insert' | 'update' | 'execute'>;

/**
 * A series of gapless numbers kept in `document_counters`: receipts, invoices and credit notes of
 * the live books, the same of the simulation chain (docs/decisions/031: test-mode money never takes
 * a live number), and the order events' ids.
 */
export type DocumentSeries =
  | 'receipt'
  | 'invoice'
  | 'credit_note'
  | 'simulation.receipt'
  | 'simulation.invoice'
  | 'simulation.credit_note'
  | 'order_event';

/** The series of a document kind in a books chain: 'receipt' (live), 'simulation.receipt'. */
export function seriesOf(chain: 'live' | 'simulation', kind: 'receipt' | 'invoice' | 'credit_note'): DocumentSeries {
  return chain === 'live' ? kind : `simulation.${kind}`;
}

/**
 * The statement taking the next number of `series`: one upsert on `document_counters` returning
 * the incremented value as `last`. Usable as a common table expression, so that a statement that
 * writes an order also numbers it (orders/repository.ts, docs/decisions/025-order-creation-cost.md).
 * `after`: a common table expression of the same statement (one row) whose write must come first:
 * the counter's row is then locked only once that write is done (an order's event id is taken
 * after the order's row passed its unique local_id, docs/decisions/036 « Sent twice at once »).
 */
export function documentNumberSql(series: DocumentSeries, after?: SQL): SQL {
  const source = after ? sql`select ${series}, 1 from ${after}` : sql`values (${series}, 1)`;
  return sql`insert into ${documentCounters} (${sql.identifier(documentCounters.name.name)}, ${sql.identifier(documentCounters.last.name)}) ${source}
    on conflict (${sql.identifier(documentCounters.name.name)}) do update set ${sql.identifier(documentCounters.last.name)} = ${documentCounters}.${sql.identifier(documentCounters.last.name)} + 1
    returning ${sql.identifier(documentCounters.last.name)} as last`;
}

/**
 * The next number of a gapless series ('receipt', 'invoice', and the order events' ids): one upsert on `document_counters`
 * that returns the incremented value (documentNumberSql). Inside the transaction that places the order the row stays
 * locked until commit, so two concurrent orders wait for each other (no duplicate), and a rolled
 * back order gives its number back (no gap). docs/decisions/013-receipts.md.
 */
export async function takeDocumentNumber(tx: Tx, series: DocumentSeries): Promise<number> {
  const result = await tx.execute<{ last: number }>(documentNumberSql(series));
  return Number(result.rows[0]!.last);
}

/**
 * Places an order for its receipt: its receipt number, its invoice number when it has business
 * details, and `placed_at`, in the series of its books `chain` (recorded on the order); once only
 * (an order already numbered keeps its numbers). Call it in the transaction that places the order
 * (cash: its creation; card: its payment). @returns whether this call numbered it.
 */
export async function numberPlacedOrder(tx: Tx & Pick<Database, 'select'>, orderId: number, at: Date, chain: 'live' | 'simulation' = 'live'): Promise<boolean> {
  const current = await tx.select({ receiptNumber: orders.receiptNumber, business: orders.business }).from(orders).where(eq(orders.orderId, orderId));
  if (!current[0] || current[0].receiptNumber !== null) return false;
  const receiptNumber = await takeDocumentNumber(tx, seriesOf(chain, 'receipt'));
  const invoiceNumber = current[0].business ? await takeDocumentNumber(tx, seriesOf(chain, 'invoice')) : null;
  const numbered = await tx
    .update(orders)
    .set({ receiptNumber, invoiceNumber, placedAt: at, booksChain: chain })
    .where(and(eq(orders.orderId, orderId), isNull(orders.receiptNumber)))
    .returning({ orderId: orders.orderId });
  return numbered.length === 1;
}
