import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, items, menus, offers } from '../../db/schema.ts';

/**
 * The SQL of the back office's offers and coupons (docs/decisions/023-back-office.md,
 * « Offres et codes promo »): table `offers`, the orders' `applied_offers` and `order_offers`
 * (an offer's usage), and the live menus, categories and dishes an offer may name. Every
 * function runs on the database or inside a transaction (`Database`).
 */

export type OfferRow = typeof offers.$inferSelect;
/** An offer's stored columns but its id (catalog's `offerRowValues`). */
export type OfferValues = Omit<typeof offers.$inferInsert, 'id'>;

/** How many orders applied an offer, and the reductions it gave them in cents. */
export interface OfferUsageRow {
  offerId: number;
  orders: number;
  cents: number;
}

/** The live menus, categories and dishes, each list in its order (position, then id). */
export interface ScopeRows {
  menus: { id: number; name: string }[];
  categories: { id: number; menuId: number; name: string }[];
  items: { id: number; categoryId: number; name: string }[];
}

async function rowsOf<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}

/**
 * Each offer's usage: the orders that applied it (`orders.applied_offers`) and the reductions
 * it gave them. Only placed orders (`placed_at` set: a cash order at creation, a card order
 * once paid) that did not end rejected or cancelled. Offers never used have no row.
 */
export async function readUsage(db: Database): Promise<OfferUsageRow[]> {
  const rows = await rowsOf<{ offer_id: number; orders: number | string; cents: number | string | null }>(
    db,
    sql`select (applied->>'offer_id')::int as offer_id, count(distinct o.order_id) as orders, sum((applied->>'amount_cents')::int) as cents
        from orders o, jsonb_array_elements(o.applied_offers) as applied
        where o.placed_at is not null and o.status not in ('rejected', 'cancelled')
        group by 1`,
  );
  return rows.map((r) => ({ offerId: Number(r.offer_id), orders: Number(r.orders), cents: Number(r.cents ?? 0) }));
}

/** What an offer's scope may name: the menus, categories and dishes that are not archived, in the menu's order. */
export async function readScope(db: Database): Promise<ScopeRows> {
  const [menuRows, categoryRows, itemRows] = await Promise.all([
    db.select({ id: menus.menuId, name: menus.name }).from(menus).where(isNull(menus.archivedAt)).orderBy(asc(menus.position), asc(menus.menuId)),
    db
      .select({ id: categories.categoryId, menuId: categories.menuId, name: categories.name })
      .from(categories)
      .where(isNull(categories.archivedAt))
      .orderBy(asc(categories.position), asc(categories.categoryId)),
    db
      .select({ id: items.itemId, categoryId: items.categoryId, name: items.name })
      .from(items)
      .where(isNull(items.archivedAt))
      .orderBy(asc(items.position), asc(items.itemId)),
  ]);
  return { menus: menuRows, categories: categoryRows, items: itemRows };
}

/** Every offer and coupon but archived ones, by id. */
export function readLiveOffers(db: Database): Promise<OfferRow[]> {
  return db.select().from(offers).where(isNull(offers.archivedAt)).orderBy(asc(offers.id));
}

/** The ids of the menus, categories and dishes that are not archived (what an offer may name). */
export async function readLiveIds(db: Database): Promise<{ menus: Set<number>; categories: Set<number>; items: Set<number> }> {
  const [menuIds, categoryIds, itemIds] = await Promise.all([
    db.select({ id: menus.menuId }).from(menus).where(isNull(menus.archivedAt)),
    db.select({ id: categories.categoryId }).from(categories).where(isNull(categories.archivedAt)),
    db.select({ id: items.itemId }).from(items).where(isNull(items.archivedAt)),
  ]);
  return { menus: new Set(menuIds.map((r) => r.id)), categories: new Set(categoryIds.map((r) => r.id)), items: new Set(itemIds.map((r) => r.id)) };
}

/**
 * Whether another offer than `offerId` (null: any offer), archived ones included, has `code`,
 * compared case-insensitively.
 */
export async function isCodeTaken(db: Database, code: string, offerId: number | null): Promise<boolean> {
  const sameCode = sql`upper(${offers.code}) = ${code.toUpperCase()}`;
  const [taken] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(offerId === null ? sameCode : and(sameCode, ne(offers.id, offerId)))
    .limit(1);
  return taken !== undefined;
}

/** The offer `offerId` if it is not archived, locked until the transaction ends (undefined: none). */
export async function lockLiveOffer(tx: Database, offerId: number): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), isNull(offers.archivedAt)))
    .for('update');
  return row;
}

/** Inserts an offer with id `max(id) + 1`, archived ones counted. @returns its row. */
export async function insertOffer(tx: Database, values: OfferValues): Promise<OfferRow> {
  const [{ next } = { next: 1 }] = await rowsOf<{ next: number }>(tx, sql`select coalesce(max(id), 0) + 1 as next from offers`);
  const [row] = await tx
    .insert(offers)
    .values({ id: Number(next), ...values })
    .returning();
  return row!;
}

/** Sets columns of the offer `offerId`. @returns its row after. */
export async function updateOffer(tx: Database, offerId: number, values: Partial<OfferValues>): Promise<OfferRow> {
  const [row] = await tx.update(offers).set(values).where(eq(offers.id, offerId)).returning();
  return row!;
}

/** Whether an order applied the offer (`orders.applied_offers`) or recorded a use of it (`order_offers`), whatever the order's status. */
export async function isOfferUsed(tx: Database, offerId: number): Promise<boolean> {
  const used = await rowsOf<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from order_offers where offer_id = ${offerId})
            or exists (select 1 from orders where applied_offers @> ${JSON.stringify([{ offer_id: offerId }])}::jsonb) as used`,
  );
  return Boolean(used[0]?.used);
}

/** Deletes the offer `offerId`. */
export async function deleteOffer(tx: Database, offerId: number): Promise<void> {
  await tx.delete(offers).where(eq(offers.id, offerId));
}
