import { and, asc, eq, gte, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { documentCounters, orderChanges, orderEvents, orderLines, orders, refunds } from '../../db/schema.ts';
import { linkRefundKey } from '@resto/domain/payment-links';

/** SQL of the board (docs/decisions/019): orders, their events and refunds. No rules here: the service decides. */

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type ChangeRow = typeof orderChanges.$inferSelect;

/**
 * The order's row, locked until the end of `tx`: two screens acting on one order wait for each
 * other. FOR NO KEY UPDATE (what the UPDATE of its status takes anyway), not FOR UPDATE: the
 * foreign-key checks of rows written for the order (its events, its refund) take a share lock on
 * it, and with FOR UPDATE a transaction holding the order and waiting for its refund deadlocked
 * with one recording the refund and appending its event (locks.pg.test.ts).
 */
export async function lockOrder(tx: Database, orderId: number): Promise<OrderRow | undefined> {
  const rows = await tx.select().from(orders).where(eq(orders.orderId, orderId)).for('no key update');
  return rows[0];
}

export async function findOrdersByIds(db: Database, orderIds: readonly number[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.orderId, [...orderIds]))
    .orderBy(asc(orders.createdAt), asc(orders.orderId));
}

export async function findOrderIdBySecret(db: Database, secret: string): Promise<number | undefined> {
  const rows = await db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.secret, secret));
  return rows[0]?.orderId;
}

export async function findOrderSecret(db: Database, orderId: number): Promise<string | undefined> {
  const rows = await db.select({ secret: orders.secret }).from(orders).where(eq(orders.orderId, orderId));
  return rows[0]?.secret;
}

export async function findLines(db: Database, orderIds: readonly number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

export async function findEvents(db: Database, orderIds: readonly number[]): Promise<EventRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(asc(orderEvents.id));
}

export async function findRefunds(db: Database, orderIds: readonly number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, [...orderIds]))
    .orderBy(asc(refunds.id));
}

/** The latest event that set the order's status to `status`, or undefined. */
export async function findLastStatusEvent(db: Database, orderId: number, status: string): Promise<EventRow | undefined> {
  const rows = await db
    .select()
    .from(orderEvents)
    // A delay keeps `accepted`: the event that brought the status, not one that kept it.
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, status), or(isNull(orderEvents.fromStatus), ne(orderEvents.fromStatus, status))))
    .orderBy(sql`${orderEvents.id} desc`)
    .limit(1);
  return rows[0];
}

/**
 * The board's orders (docs/decisions/019): not an unpaid card order, and either still running (whatever
 * its day: an order nobody finished must not drop off the board at midnight), or finished
 * (completed, rejected, cancelled) from `dayStart` on, the first instant of the Paris day `today`.
 */
export async function findBoardOrderIds(db: Database, window: { today: string; dayStart: Date }): Promise<number[]> {
  const finals = ['completed', 'rejected', 'cancelled'];
  const rows = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(
      and(
        or(ne(orders.paymentMethod, 'card'), ne(orders.status, 'pending')),
        or(
          // An order not finished stays on the board whatever its day: nobody may lose sight of it.
          notInArray(orders.status, finals),
          and(inArray(orders.status, finals), gte(orders.updatedAt, window.dayStart)),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.orderId));
  return rows.map((row) => row.orderId);
}

/** The id of the last committed order event (0 before any): where a board's event stream resumes. */
export async function lastEventId(db: Database): Promise<number> {
  const rows = await db.select({ last: documentCounters.last }).from(documentCounters).where(eq(documentCounters.name, 'order_event'));
  return rows[0]?.last ?? 0;
}

/** Records the pending full refund of a refused or cancelled order unless it has one (key `refund-<order_id>`: one per order). */
export async function insertPendingRefund(tx: Database, row: { orderId: number; provider: string; amountCents: number }): Promise<void> {
  await tx
    .insert(refunds)
    .values({ ...row, status: 'pending', kind: 'full', refundKey: `refund-${row.orderId}` })
    .onConflictDoNothing({ target: refunds.refundKey });
}

/**
 * Records the pending refund of a card payment made through a payment link (docs/decisions/038):
 * `whole` for an order refused or cancelled (or paid twice by all of the link), `above` for the
 * part a link paid above what was due; its key linkRefundKey, one refund per key.
 * @returns whether it was written (false: that refund was already recorded).
 */
export async function insertLinkRefund(
  tx: Database,
  row: { orderId: number; linkId: number; provider: string; amountCents: number; revision: number; part: 'whole' | 'above' },
): Promise<boolean> {
  const { linkId, part, ...values } = row;
  const written = await tx
    .insert(refunds)
    .values({ ...values, status: 'pending', kind: 'link', refundKey: linkRefundKey(row.orderId, linkId, part) })
    .onConflictDoNothing({ target: refunds.refundKey })
    .returning({ id: refunds.id });
  return written.length > 0;
}

/** Records a pending partial refund (docs/decisions/035), or a changed order's difference (docs/decisions/039, `kind` 'change'), under its key. @returns its id. */
export async function insertPartialRefund(
  tx: Database,
  row: Pick<
    typeof refunds.$inferInsert,
    'orderId' | 'provider' | 'amountCents' | 'refundKey' | 'reason' | 'reasonText' | 'parts' | 'staffId' | 'actorName' | 'revision' | 'paymentLinkId'
  >,
  kind: 'partial' | 'change' = 'partial',
): Promise<number> {
  const [inserted] = await tx
    .insert(refunds)
    .values({ ...row, status: 'pending', kind })
    .returning({ id: refunds.id });
  return inserted!.id;
}

/** The refund recorded under `refundKey`, or undefined. */
export async function findRefundByKey(db: Database, refundKey: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.refundKey, refundKey));
  return rows[0];
}

export async function findRefundById(db: Database, refundId: number): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return rows[0];
}

/** The order's refunds, oldest first, locked until the end of `tx`. */
export async function lockRefunds(tx: Database, orderId: number): Promise<RefundRow[]> {
  return tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)).for('update');
}

/**
 * Moves a refund from `from` to `to` (with the provider's refund id or error); only one of two
 * racing calls does it. @returns whether this call did.
 */
export async function moveRefund(
  tx: Database,
  refundId: number,
  from: 'pending' | 'failed',
  to: { status: 'pending' | 'succeeded' | 'failed'; providerRefundId?: string | null; lastError?: string | null; countFailure?: boolean; at?: Date },
): Promise<boolean> {
  const rows = await tx
    .update(refunds)
    .set({
      status: to.status,
      ...(to.providerRefundId !== undefined ? { providerRefundId: to.providerRefundId } : {}),
      ...(to.lastError !== undefined ? { lastError: to.lastError?.slice(0, 500) ?? null } : {}),
      ...(to.countFailure ? { attempts: sql`${refunds.attempts} + 1` } : {}),
      updatedAt: to.at ?? new Date(),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, from)))
    .returning({ id: refunds.id });
  return rows.length > 0;
}

/** Keeps a transient error on a pending refund (the provider was unreachable): it stays pending. */
export async function noteRefundError(db: Database, refundId: number, error: string): Promise<void> {
  await db
    .update(refunds)
    .set({ lastError: error.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** Refunds pending and untouched for `olderThanSeconds` (left by a crash or an unreachable provider): their ids. */
export async function findStalePendingRefunds(db: Database, olderThanSeconds: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), sql`${refunds.updatedAt} < now() - make_interval(secs => ${olderThanSeconds})`))
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The changes of orders (docs/decisions/039), oldest first. */
export async function findChanges(db: Database, orderIds: readonly number[]): Promise<ChangeRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderChanges)
    .where(inArray(orderChanges.orderId, [...orderIds]))
    .orderBy(asc(orderChanges.orderId), asc(orderChanges.revision));
}

/** The change recorded under `changeKey` (the screen's key), or undefined. */
export async function findChangeByKey(db: Database, changeKey: string): Promise<ChangeRow | undefined> {
  const rows = await db.select().from(orderChanges).where(eq(orderChanges.changeKey, changeKey));
  return rows[0];
}

/** Records a change of an order in its transaction. @returns its id. */
export async function insertChange(tx: Database, row: typeof orderChanges.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(orderChanges).values(row).returning({ id: orderChanges.id });
  return inserted!.id;
}

/** Names the refund of a change's difference on it. */
export async function setChangeRefund(tx: Database, changeId: number, refundId: number): Promise<void> {
  await tx.update(orderChanges).set({ refundId }).where(eq(orderChanges.id, changeId));
}
