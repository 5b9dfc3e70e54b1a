import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insertJsonRows } from '../../db/json-rows.ts';
import { orderLines, orderOffers, orders, orderStatusHistory, payments, users } from '../../db/schema.ts';
import { numberPlacedOrder } from './numbering.ts';

/** SQL of orders. No rules here: the service decides, this writes and reads. */

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

export async function findOrderIdByLocalId(db: Database, localId: string): Promise<number | undefined> {
  const rows = await db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.localId, localId));
  return rows[0]?.orderId;
}

/** The order holding this secret (see `orders.secret`), or undefined. */
export async function findOrderBySecret(db: Database, secret: string) {
  const rows = await db.select().from(orders).where(eq(orders.secret, secret));
  return rows[0];
}

/** An order's secret, by its id. */
export async function findOrderSecret(db: Database, orderId: number): Promise<string | undefined> {
  const rows = await db.select({ secret: orders.secret }).from(orders).where(eq(orders.orderId, orderId));
  return rows[0]?.secret;
}

/**
 * Writes an order, its lines and its first status in one transaction, keyed by local_id:
 * when another request already wrote that local_id, nothing is written and its order_id is returned.
 * `placedAt` (cash orders): the order is placed now, so it takes its receipt number in this
 * transaction (numbering.ts).
 * `inTransaction` runs in the same transaction once a new order is written and numbered (its
 * e-mails, issue 17): when it throws, nothing of the order is kept.
 */
export async function insertOrder(
  db: Database,
  order: NewOrder,
  lines: NewOrderLine[],
  offerUses: Omit<typeof orderOffers.$inferInsert, 'orderId'>[] = [],
  placedAt: Date | null = null,
  inTransaction?: (tx: Database, orderId: number) => Promise<void>,
): Promise<{ orderId: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(orders).values(order).onConflictDoNothing({ target: orders.localId }).returning({ orderId: orders.orderId });
    const orderId = inserted[0]?.orderId;
    if (orderId === undefined) {
      const existing = await tx.select({ orderId: orders.orderId }).from(orders).where(eq(orders.localId, order.localId));
      return { orderId: existing[0]!.orderId, created: false }; // the conflict guarantees the row
    }
    await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId })));
    if (offerUses.length) await tx.insert(orderOffers).values(offerUses.map((use) => ({ ...use, orderId })));
    await tx.insert(orderStatusHistory).values({ orderId, status: order.status ?? 'pending' });
    // The receipt number before the e-mails, which link to the receipt.
    if (placedAt) await numberPlacedOrder(tx, orderId, placedAt);
    if (inTransaction) await inTransaction(tx as unknown as Database, orderId);
    return { orderId, created: true };
  });
}

/** A past order to write as it happened: its row, its lines and its status history (oldest first). */
export interface PastOrder {
  order: NewOrder;
  lines: readonly NewOrderLine[];
  history: readonly { status: string; at: Date }[];
}

/**
 * Writes past orders (the demo history, apps/api/src/seeding/demo-history.ts) with their lines and
 * their whole status history, in one transaction, by batches of `batchSize` orders: three INSERT
 * statements a batch (db/json-rows.ts), where `insertOrder` would take one transaction an order
 * (about 9 s instead of 1 s for 3,000 orders on PGlite). Orders whose local_id is already there are
 * skipped with their lines, so writing the same orders twice adds nothing. No offer uses, no
 * receipt numbers, no e-mails: these orders are history, not placed now.
 * @returns how many orders were written.
 */
export async function insertPastOrders(db: Database, rows: readonly PastOrder[], batchSize = 1000): Promise<number> {
  let inserted = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += batchSize) {
      const batch = rows.slice(start, start + batchSize);
      const result = (await tx.execute(
        insertJsonRows(
          orders,
          batch.map((row) => row.order),
          sql`on conflict (${sql.identifier(orders.localId.name)}) do nothing returning ${sql.identifier(orders.orderId.name)} as "orderId", ${sql.identifier(orders.localId.name)} as "localId"`,
        ),
      )) as unknown as { rows: { orderId: number; localId: string }[] };
      const idByLocalId = new Map(result.rows.map((r) => [r.localId, Number(r.orderId)]));
      const lineRows: (typeof orderLines.$inferInsert)[] = [];
      const historyRows: (typeof orderStatusHistory.$inferInsert)[] = [];
      for (const row of batch) {
        const orderId = idByLocalId.get(row.order.localId);
        if (orderId === undefined) continue;
        for (const line of row.lines) lineRows.push({ ...line, orderId });
        for (const step of row.history) historyRows.push({ orderId, status: step.status, at: step.at });
      }
      if (lineRows.length) await tx.execute(insertJsonRows(orderLines, lineRows));
      if (historyRows.length) await tx.execute(insertJsonRows(orderStatusHistory, historyRows));
      inserted += idByLocalId.size;
    }
  });
  return inserted;
}

export async function findOrder(db: Database, orderId: number) {
  const rows = await db.select().from(orders).where(eq(orders.orderId, orderId));
  return rows[0];
}

export async function findOrderLines(db: Database, orderId: number) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

export async function findStatusHistory(db: Database, orderId: number) {
  return db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
}

/** Records a finalisation: transaction id, and a new status row when the status changes. */
export async function updateOrderStatus(db: Database, orderId: number, status: string, transactionId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId));
    await tx.update(orders).set({ status, transactionId, updatedAt: new Date() }).where(eq(orders.orderId, orderId));
    if (current[0]?.status !== status) await tx.insert(orderStatusHistory).values({ orderId, status });
  });
}

/** Offers used under any of a customer's keys (orders of any status), for allow_repeat. */
export async function findUsedOfferIds(db: Database, customerKeys: string[]): Promise<Set<number>> {
  if (!customerKeys.length) return new Set();
  const rows = await db.selectDistinct({ offerId: orderOffers.offerId }).from(orderOffers).where(inArray(orderOffers.customerKey, customerKeys));
  return new Set(rows.map((r) => r.offerId));
}

/** The e-mail of an account (users.email), or undefined when it no longer exists. */
export async function findAccountEmail(db: Database, userId: number): Promise<string | undefined> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return rows[0]?.email;
}

/**
 * The orders among `orderIds` whose card payment runs on the built-in test processor (payments.provider
 * 'test'): shown as "Mode test" to staff and customers (issue 17).
 */
export async function findTestModeOrders(db: Database, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.provider, 'test')));
  return new Set(rows.map((row) => row.orderId));
}
