import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { orders, pushSubscriptions, staffUsers } from '../../db/schema.ts';

/**
 * SQL of the escalation job and of Web Push (docs/decisions/022-nothing-unseen.md).
 * No rules here: which orders await acceptance is the domain's `awaitsAcceptance`, applied by the service.
 */

/** An order the job may have to alert about or refuse: what the rules and the messages need. */
export interface WaitingOrder {
  orderId: number;
  status: string;
  paymentMethod: string;
  placedAt: Date;
  openedAt: Date | null;
  unseenAlertAt: Date | null;
  isPickup: boolean;
  customer: { first_name: string; last_name: string; email: string; phone: string };
  totalCents: number;
  deliveryDate: string | null;
  deliveryTimeRange: string | null;
}

/**
 * Orders placed between `from` and `to` (instants) whose status is one of `statuses` (the
 * statuses that may await acceptance; the service keeps those the domain says do), oldest first.
 */
export async function findWaitingOrders(db: Database, statuses: readonly string[], from: Date, to: Date): Promise<WaitingOrder[]> {
  const rows = await db
    .select({
      orderId: orders.orderId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      placedAt: orders.placedAt,
      openedAt: orders.openedAt,
      unseenAlertAt: orders.unseenAlertAt,
      isPickup: orders.isPickup,
      customer: orders.customer,
      totalCents: orders.totalCents,
      deliveryDate: orders.deliveryDate,
      deliveryTimeRange: orders.deliveryTimeRange,
    })
    .from(orders)
    .where(and(inArray(orders.status, [...statuses]), gte(orders.placedAt, from), lte(orders.placedAt, to)))
    .orderBy(orders.placedAt);
  return rows.flatMap((row) => (row.placedAt ? [{ ...row, placedAt: row.placedAt }] : []));
}

/**
 * Claims the "not opened" alert of one order: sets `unseen_alert_at` only if it is still null,
 * the order still unopened and still in `status`. Two instances racing: one gets true, the other
 * false (the row's update is atomic), so an order is alerted once.
 */
export async function claimUnseenAlert(tx: Database, orderId: number, status: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ unseenAlertAt: now })
    .where(and(eq(orders.orderId, orderId), eq(orders.status, status), isNull(orders.unseenAlertAt), isNull(orders.openedAt)))
    .returning({ orderId: orders.orderId });
  return rows.length === 1;
}

/** The e-mail addresses of the restaurant's owners (not removed). */
export async function ownerEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), isNull(staffUsers.removedAt)))
    .orderBy(staffUsers.id);
  return rows.map((row) => row.email);
}

/** When the first staff account still on the team was created, or null when there is none. */
export async function firstStaffCreatedAt(db: Database): Promise<Date | null> {
  const rows = await db.select({ createdAt: staffUsers.createdAt }).from(staffUsers).where(isNull(staffUsers.removedAt)).orderBy(staffUsers.createdAt).limit(1);
  return rows[0]?.createdAt ?? null;
}

/**
 * Writes `value` under `name` in `server_secrets` unless it already holds it; true when written.
 * The atomic "claim once" of the no-screen alert: two instances writing the same outage's key at
 * once, one gets true.
 */
export async function claimMarker(tx: Database, name: string, value: string): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`insert into server_secrets (name, value) values (${name}, ${value})
        on conflict (name) do update set value = excluded.value where server_secrets.value is distinct from excluded.value
        returning name`,
  );
  return rows.length === 1;
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Every staff device's push subscription. */
export async function allPushSubscriptions(db: Database): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id);
}

/** Saves a device's subscription; the same endpoint again replaces its keys and owner. */
export async function upsertPushSubscription(db: Database, row: { staffId: number; endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { staffId: row.staffId, p256dh: row.p256dh, auth: row.auth } });
}

/** Forgets a subscription by its endpoint. @returns whether one was there. */
export async function deletePushSubscription(db: Database, endpoint: string): Promise<boolean> {
  const rows = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
