import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, paymentWebhookEvents, payments } from '../../db/schema.ts';
import { appendOrderEvent } from '../orders/index.ts';
import { numberPlacedOrder } from '../orders/index.ts';

/** SQL of card payments. No rules here: the service decides (packages/domain/src/payments.ts), this writes and reads. */

export type PaymentRow = typeof payments.$inferSelect;

export async function findOrderForPayment(db: Database, orderId: number) {
  const rows = await db
    .select({
      orderId: orders.orderId,
      localId: orders.localId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalCents: orders.totalCents,
      customer: orders.customer,
      transactionId: orders.transactionId,
    })
    .from(orders)
    .where(eq(orders.orderId, orderId));
  return rows[0];
}

export async function findPaymentByOrder(db: Database, orderId: number): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return rows[0];
}

export async function findPaymentByIntent(db: Database, intentId: string): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.intentId, intentId));
  return rows[0];
}

/** Whether an order other than `orderId` was created carrying `intentId` as its transaction_id (section 3). */
export async function otherOrderCarries(db: Database, intentId: string, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(eq(orders.transactionId, intentId), ne(orders.orderId, orderId)))
    .limit(1);
  return rows.length > 0;
}

/** Records the order's intent unless one is already recorded; returns the recorded one either way. */
export async function insertPayment(db: Database, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  await db.insert(payments).values(row).onConflictDoNothing({ target: payments.orderId });
  return (await findPaymentByOrder(db, row.orderId))!; // inserted now or before: the unique order_id guarantees it
}

/**
 * Binds an intent made without an order to `row.orderId` unless the order or the intent is bound
 * already (unique order_id, unique intent_id). @returns the order's payment row after it (this
 * one, or the one bound before), undefined when the intent went to another order meanwhile.
 */
export async function bindPayment(db: Database, row: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  await db.insert(payments).values(row).onConflictDoNothing();
  return findPaymentByOrder(db, row.orderId);
}

/** The intent's last known status, unless the payment already succeeded (a success is final). */
export async function updatePaymentStatus(db: Database, intentId: string, status: string, lastError: string | null, checkedAt?: Date) {
  await db
    .update(payments)
    .set({ status, lastError, updatedAt: new Date(), ...(checkedAt ? { checkedAt } : {}) })
    .where(and(eq(payments.intentId, intentId), ne(payments.status, 'succeeded')));
}

export async function touchChecked(db: Database, intentId: string, checkedAt: Date) {
  await db.update(payments).set({ checkedAt }).where(eq(payments.intentId, intentId));
}

/**
 * Marks the payment succeeded and the order paid in one transaction, only from pending (two
 * finalisations racing write one 'paid' event). `inTransaction` runs in that transaction when
 * this call pays the order (its e-mails, docs/decisions/010); when it throws, the order stays pending.
 * @returns whether this call paid the order.
 */
export async function markOrderPaid(
  db: Database,
  orderId: number,
  intentId: string,
  inTransaction?: (tx: Database, orderId: number) => Promise<void>,
  /** The books' chain of its receipt: 'simulation' for the test processor's payments (docs/decisions/031). */
  chain: 'live' | 'simulation' = 'live',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.update(payments).set({ status: 'succeeded', lastError: null, updatedAt: new Date() }).where(eq(payments.intentId, intentId));
    const paid = await tx
      .update(orders)
      .set({ status: 'paid', transactionId: intentId, updatedAt: new Date() })
      .where(and(eq(orders.orderId, orderId), eq(orders.status, 'pending')))
      .returning({ orderId: orders.orderId });
    if (!paid.length) return false;
    await appendOrderEvent(tx, { orderId, type: 'paid', fromStatus: 'pending', toStatus: 'paid', actor: 'payment' });
    // A card order is placed when paid: its receipt number is taken in this transaction, before
    // the e-mails that link to the receipt.
    await numberPlacedOrder(tx, orderId, new Date(), chain);
    if (inTransaction) await inTransaction(tx, orderId);
    return true;
  });
}

export async function webhookEventSeen(db: Database, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: paymentWebhookEvents.eventId }).from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId));
  return rows.length > 0;
}

/** Records an applied event; a replay racing this one is a no-op. */
export async function recordWebhookEvent(db: Database, event: { eventId: string; type: string; intentId: string | null }) {
  await db.insert(paymentWebhookEvents).values(event).onConflictDoNothing();
}

/**
 * Card payments of pending orders to ask the provider about, never-checked first then the
 * longest unchecked, created after `since` (older intents are abandoned carts), at most `limit`.
 */
export async function findPaymentsToReconcile(db: Database, options: { since: Date; checkedBefore: Date; limit: number }) {
  return db
    .select({ orderId: payments.orderId, intentId: payments.intentId })
    .from(payments)
    .innerJoin(orders, eq(orders.orderId, payments.orderId))
    .where(
      and(
        eq(orders.status, 'pending'),
        eq(orders.paymentMethod, 'card'),
        sql`${payments.createdAt} > ${options.since}`,
        or(isNull(payments.checkedAt), lt(payments.checkedAt, options.checkedBefore)),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.id))
    .limit(options.limit);
}
