import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { documentCounters, orders } from '../../db/schema.ts';

/** A database or an open transaction: the numbers are taken inside the caller's transaction. */
type Tx = Pick<Database, 'insert' | 'update' | 'execute'>;

/** A series of gapless numbers kept in `document_counters`. */
export type DocumentSeries = 'receipt' | 'invoice' | 'order_event';

/**
 * The statement taking the next number of `series`: one upsert on `document_counters` returning
 * the incremented value as `last`. Usable as a common table expression, so that a statement that
 * writes an order also numbers it (orders/repository.ts, docs/decisions/025-order-creation-cost.md).
 */
export function documentNumberSql(series: DocumentSeries): SQL {
  return sql`insert into ${documentCounters} (${sql.identifier(documentCounters.name.name)}, ${sql.identifier(documentCounters.last.name)}) values (${series}, 1)
    on conflict (${sql.identifier(documentCounters.name.name)}) do update set ${sql.identifier(documentCounters.last.name)} = ${documentCounters}.${sql.identifier(documentCounters.last.name)} + 1
    returning ${sql.identifier(documentCounters.last.name)} as last`;
}

/**
 * The next number of a gapless series ('receipt', 'invoice', and the order events' ids): one upsert on `document_counters`
 * that returns the incremented value (documentNumberSql). Inside the transaction that places the order the row stays
 * locked until commit, so two concurrent orders wait for each other (no duplicate), and a rolled
 * back order gives its number back (no gap). docs/decisions/013-receipts.md.
 */
async function takeDocumentNumber(tx: Tx, series: DocumentSeries): Promise<number> {
  const result = await tx.execute<{ last: number }>(documentNumberSql(series));
  return Number(result.rows[0]!.last);
}

/**
 * Places an order for its receipt: its receipt number, its invoice number when it has business
 * details, and `placed_at`; once only (an order already numbered keeps its numbers).
 * Call it in the transaction that places the order (cash: its creation; card: its payment).
 */
export async function numberPlacedOrder(tx: Tx & Pick<Database, 'select'>, orderId: number, at: Date): Promise<void> {
  const current = await tx.select({ receiptNumber: orders.receiptNumber, business: orders.business }).from(orders).where(eq(orders.orderId, orderId));
  if (!current[0] || current[0].receiptNumber !== null) return;
  const receiptNumber = await takeDocumentNumber(tx, 'receipt');
  const invoiceNumber = current[0].business ? await takeDocumentNumber(tx, 'invoice') : null;
  await tx
    .update(orders)
    .set({ receiptNumber, invoiceNumber, placedAt: at })
    .where(and(eq(orders.orderId, orderId), isNull(orders.receiptNumber)));
}
