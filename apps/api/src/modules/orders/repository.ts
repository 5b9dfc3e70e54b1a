import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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
