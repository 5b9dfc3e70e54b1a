import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { eventTypeOfStatus } from '@resto/domain/order-events';
import type { Database } from '../../db/client.ts';
import { insertJsonRows } from '../../db/json-rows.ts';
import { orderEvents, orderLines, orderOffers, orders, payments, users } from '../../db/schema.ts';
import { appendOrderEvent, appendOrderEvents, type NewOrderEvent } from '../board/events.ts';
import { lockSlot } from './capacity.ts';
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
 * `capacity` (issue 14, part 4): the order's slot is locked first (capacity.ts, lockSlot), then an
 * order already written with this local_id is answered as above, never refused; then `check` runs
 * (counts the slot, may throw slot_full) before anything is written.
 */
export async function insertOrder(
  db: Database,
  order: NewOrder,
  lines: NewOrderLine[],
  offerUses: Omit<typeof orderOffers.$inferInsert, 'orderId'>[] = [],
  placedAt: Date | null = null,
  inTransaction?: (tx: Database, orderId: number) => Promise<void>,
  capacity?: { slotKey: string; check: (tx: Database) => Promise<void> },
): Promise<{ orderId: number; created: boolean }> {
  return db.transaction(async (tx) => {
    if (capacity) {
      await lockSlot(tx as unknown as Database, capacity.slotKey, order.isPickup);
      const existing = await tx.select({ orderId: orders.orderId }).from(orders).where(eq(orders.localId, order.localId));
      if (existing[0]) return { orderId: existing[0].orderId, created: false };
      await capacity.check(tx as unknown as Database);
    }
    const inserted = await tx.insert(orders).values(order).onConflictDoNothing({ target: orders.localId }).returning({ orderId: orders.orderId });
    const orderId = inserted[0]?.orderId;
    if (orderId === undefined) {
      const existing = await tx.select({ orderId: orders.orderId }).from(orders).where(eq(orders.localId, order.localId));
      return { orderId: existing[0]!.orderId, created: false }; // the conflict guarantees the row
    }
    await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId })));
    if (offerUses.length) await tx.insert(orderOffers).values(offerUses.map((use) => ({ ...use, orderId })));
    // The order's first event (issue 13): placed, to pending, by the customer.
    await appendOrderEvent(tx as unknown as Database, {
      orderId,
      type: 'placed',
      fromStatus: null,
      toStatus: order.status ?? 'pending',
      actor: 'customer',
      at: order.createdAt ?? new Date(),
    });
    // The receipt number before the e-mails, which link to the receipt.
    if (placedAt) await numberPlacedOrder(tx, orderId, placedAt);
    if (inTransaction) await inTransaction(tx as unknown as Database, orderId);
    return { orderId, created: true };
  });
}

/** A past order to write as it happened: its row, its lines and its status history (oldest first), written as order events. */
export interface PastOrder {
  order: NewOrder;
  lines: readonly NewOrderLine[];
  history: readonly { status: string; at: Date }[];
}

/**
 * Writes past orders (the demo history, apps/api/src/seeding/demo-history.ts) with their lines and
 * their whole status history, in one transaction, by batches of `batchSize` orders: two INSERT
 * statements a batch (db/json-rows.ts), where `insertOrder` would take one transaction an order
 * (about 9 s instead of 1 s for 3,000 orders on PGlite). The histories become order events at the
 * end: sorted by time, their ids reserved with one update of the counter and inserted in one
 * statement (board/events.ts, appendOrderEvents), so ids grow with time as live events' do. Orders whose local_id is already there are
 * skipped with their lines, so writing the same orders twice adds nothing. No offer uses, no
 * receipt numbers, no e-mails: these orders are history, not placed now.
 * @returns how many orders were written.
 */
export async function insertPastOrders(db: Database, rows: readonly PastOrder[], batchSize = 1000): Promise<number> {
  let inserted = 0;
  const events: NewOrderEvent[] = [];
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
      for (const row of batch) {
        const orderId = idByLocalId.get(row.order.localId);
        if (orderId === undefined) continue;
        for (const line of row.lines) lineRows.push({ ...line, orderId });
        let from: string | null = null;
        for (const step of row.history) {
          events.push({
            orderId,
            type: eventTypeOfStatus(from === null ? 'pending' : step.status),
            fromStatus: from,
            toStatus: step.status,
            actor: from === null ? 'customer' : step.status === 'paid' ? 'payment' : 'staff',
            at: step.at,
          });
          from = step.status;
        }
      }
      if (lineRows.length) await tx.execute(insertJsonRows(orderLines, lineRows));
      inserted += idByLocalId.size;
    }
    // Stable sort: steps of one order at the same instant keep their order.
    events.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
    await appendOrderEvents(tx as unknown as Database, events);
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

/** An order's statuses with their times, oldest first: its events that changed (or set) the status. */
export async function findStatusHistory(db: Database, orderId: number): Promise<{ orderId: number; status: string; at: Date }[]> {
  return findStatusHistories(db, [orderId]);
}

/** The statuses of several orders with their times (events with a to_status), by event id. */
export async function findStatusHistories(db: Database, orderIds: readonly number[]): Promise<{ orderId: number; status: string; at: Date }[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ orderId: orderEvents.orderId, status: orderEvents.toStatus, at: orderEvents.at })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, [...orderIds]), isNotNull(orderEvents.toStatus)))
    .orderBy(asc(orderEvents.id));
  return rows.map((row) => ({ orderId: row.orderId, status: row.status!, at: row.at }));
}

/** Records a finalisation: transaction id, and a status event when the status changes. */
export async function updateOrderStatus(db: Database, orderId: number, status: string, transactionId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId)).for('update');
    await tx.update(orders).set({ status, transactionId, updatedAt: new Date() }).where(eq(orders.orderId, orderId));
    const from = current[0]?.status ?? null;
    if (from !== status)
      await appendOrderEvent(tx as unknown as Database, { orderId, type: eventTypeOfStatus(status), fromStatus: from, toStatus: status, actor: 'customer' });
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
