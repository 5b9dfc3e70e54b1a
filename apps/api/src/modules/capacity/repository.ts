import { and, eq, gte, inArray, like, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { capacitySettingNames } from '@resto/domain/capacity';
import type { SlotLoad } from '@resto/domain/capacity';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, settings } from '../../db/schema.ts';

/**
 * SQL of capacity per slot (docs/decisions/023; packages/domain/src/capacity.ts has the rules).
 * What a slot holds: its orders of one type that are not refused or cancelled (rejected,
 * cancelled), card orders awaiting their payment included while they are younger than the
 * payment hold (an abandoned payment frees its place after it), and their dishes, free ones
 * included (the kitchen makes them too), counting only the given categories (empty: all).
 */

/** Which orders take a place: not ended refused, and a card order awaiting payment only while recent. */
function holdsAPlace(cardPendingSince: Date) {
  return and(
    notInArray(orders.status, ['rejected', 'cancelled']),
    or(ne(orders.paymentMethod, 'card'), ne(orders.status, 'pending'), gte(orders.createdAt, cardPendingSince)),
  );
}

function countedItems(itemCategoryIds: readonly number[]) {
  const counted = itemCategoryIds.length ? inArray(orderLines.itemCategoryId, [...itemCategoryIds]) : sql`true`;
  return sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${counted}), 0)::int`;
}

/**
 * Serialises the orders of one slot and order type, across connections and API instances, until
 * the transaction ends (`pg_advisory_xact_lock` keyed by a 64-bit hash of the slot and type).
 * Two slots rarely share a hash; when they do they only wait for each other, never overbook.
 */
export async function lockSlot(tx: Database, slotKey: string, isPickup: boolean): Promise<void> {
  await tx.execute(sql`select ${slotLockSql(slotKey, isPickup)}`);
}

/** The expression of lockSlot's lock, for a statement that takes it after another (orders/repository.ts lockOrderWrite). */
export function slotLockSql(slotKey: string, isPickup: boolean): SQL {
  return sql`pg_advisory_xact_lock(hashtextextended(${`capacity ${slotKey} ${isPickup ? 'pickup' : 'delivery'}`}, 0))`;
}

/** What one slot holds (see the module's comment), without the order `exceptOrderId` (an order being changed, docs/decisions/039). */
export async function slotLoad(
  tx: Database,
  slotKey: string,
  isPickup: boolean,
  itemCategoryIds: readonly number[],
  cardPendingSince: Date,
  exceptOrderId?: number,
): Promise<SlotLoad> {
  const [row] = await tx
    .select({ orders: sql<number>`count(distinct ${orders.orderId})::int`, items: countedItems(itemCategoryIds) })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.orderId))
    .where(
      and(
        eq(orders.slotKey, slotKey),
        eq(orders.isPickup, isPickup),
        holdsAPlace(cardPendingSince),
        exceptOrderId === undefined ? undefined : ne(orders.orderId, exceptOrderId),
      ),
    );
  return { orders: Number(row?.orders ?? 0), items: Number(row?.items ?? 0) };
}

/** What each slot of a Paris day ('YYYY-MM-DD') holds, by slot key; slots holding nothing are absent. */
export async function dayLoads(db: Database, date: string, isPickup: boolean, itemCategoryIds: readonly number[], cardPendingSince: Date): Promise<Map<string, SlotLoad>> {
  const rows = await db
    .select({ slotKey: orders.slotKey, orders: sql<number>`count(distinct ${orders.orderId})::int`, items: countedItems(itemCategoryIds) })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.orderId))
    .where(and(like(orders.slotKey, `${date} %`), eq(orders.isPickup, isPickup), holdsAPlace(cardPendingSince)))
    .groupBy(orders.slotKey);
  return new Map(rows.map((row) => [row.slotKey ?? '', { orders: Number(row.orders), items: Number(row.items) }]));
}


/** A capacity setting's row (table settings). */
export type Row = { name: string; value: unknown; version: number };

/** The capacity settings' rows (those never set are absent). */
export async function readRows(db: Database): Promise<Row[]> {
  return db.select().from(settings).where(inArray(settings.name, [...capacitySettingNames]));
}

/** Writes one capacity setting with the edit's catalogue `version`; `value` null is no limit. */
export async function writeSetting(tx: Database, name: string, value: unknown, version: number): Promise<void> {
  // JSON null, not SQL NULL: the row (and its version) stays, and reads as no limit.
  const stored = value === null ? sql`'null'::jsonb` : value;
  await tx
    .insert(settings)
    .values({ name, value: stored, version })
    .onConflictDoUpdate({ target: settings.name, set: { value: stored, version } });
}
