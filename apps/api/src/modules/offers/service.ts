import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { BackOfficeOffer, BackOfficeOffers, OfferDeleted, OfferScopeMenu } from '@resto/contract/backoffice-offers';
import type { OfferEdit } from '@resto/domain/backoffice-offers';
import { requestErrors } from '@resto/copy/errors/request';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { offerEditAnswers } from '@resto/copy/staff/offers';
import { centsToEuros } from '@resto/domain/money';
import { offerProblems } from '@resto/domain/restaurant-file';
import type { Database } from '../../db/client.ts';
import { categories, items, menus, offers } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { offerRowValues } from '../catalog/index.ts';
import { offerFromRow } from '../catalog/index.ts';
import { assertFresh, catalogEdit, type EditAuthor, type EditTx } from '../audit/index.ts';

/**
 * The back office's offers and coupons (docs/decisions/023-back-office.md,
 * « Offres et codes promo »): list with usage, create, edit, pause/resume, delete (archived when
 * orders used the offer). Every write goes through `catalogEdit`, so the storefront's offers and
 * coupons follow at once and each change has its audit entry.
 */

type OfferRow = typeof offers.$inferSelect;
type Usage = BackOfficeOffer['usage'];

async function rowsOf<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}

/**
 * How much each offer was used, by offer id: the orders that applied it (`orders.applied_offers`)
 * and the reductions it gave them, in euros. Only placed orders (`placed_at` set: a cash order at
 * creation, a card order once paid) that did not end rejected or cancelled: an unpaid card order,
 * or one refused or cancelled, cost the restaurant nothing.
 */
async function readUsage(db: Database): Promise<Map<number, Usage>> {
  const rows = await rowsOf<{ offer_id: number; orders: number | string; cents: number | string | null }>(
    db,
    sql`select (applied->>'offer_id')::int as offer_id, count(distinct o.order_id) as orders, sum((applied->>'amount_cents')::int) as cents
        from orders o, jsonb_array_elements(o.applied_offers) as applied
        where o.placed_at is not null and o.status not in ('rejected', 'cancelled')
        group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.offer_id), { orders: Number(r.orders), cost: centsToEuros(Number(r.cents ?? 0)) }]));
}

const noUsage: Usage = { orders: 0, cost: 0 };

function viewOf(row: OfferRow, usage: Map<number, Usage>): BackOfficeOffer {
  return { ...offerFromRow(row), version: row.version, usage: usage.get(row.id) ?? noUsage };
}

/** What an offer's scope may name: live menus, categories and dishes, in the menu's order. */
async function readScope(db: Database): Promise<OfferScopeMenu[]> {
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
  return menuRows.map((menu) => ({
    menu_id: menu.id,
    name: menu.name,
    categories: categoryRows
      .filter((c) => c.menuId === menu.id)
      .map((category) => ({
        category_id: category.id,
        name: category.name,
        items: itemRows.filter((i) => i.categoryId === category.id).map((item) => ({ item_id: item.id, name: item.name })),
      })),
  }));
}

/** GET /v2/restaurant/offers: every offer and coupon but archived ones (by id), with usage, and the scope's choices. */
export async function listOffers(db: Database): Promise<BackOfficeOffers> {
  const [rows, usage, scope] = await Promise.all([
    db.select().from(offers).where(isNull(offers.archivedAt)).orderBy(asc(offers.id)),
    readUsage(db),
    readScope(db),
  ]);
  return { offers: rows.map((row) => viewOf(row, usage)), scope };
}

/**
 * The checks that need the database, in the edit's transaction: every menu, category and dish
 * named exists and is not archived (`offerProblems`, shared with the restaurant file), and the
 * code is no other offer's, archived ones included, compared case-insensitively.
 * @throws ApiError invalid_request (fields `menus.0`, `items.2`…) or already_used (field `code`).
 */
async function checkAgainstRestaurant(tx: EditTx, offer: OfferEdit, offerId: number | null): Promise<void> {
  const [menuIds, categoryIds, itemIds] = await Promise.all([
    tx.select({ id: menus.menuId }).from(menus).where(isNull(menus.archivedAt)),
    tx.select({ id: categories.categoryId }).from(categories).where(isNull(categories.archivedAt)),
    tx.select({ id: items.itemId }).from(items).where(isNull(items.archivedAt)),
  ]);
  const known = { menus: new Set(menuIds.map((r) => r.id)), categories: new Set(categoryIds.map((r) => r.id)), items: new Set(itemIds.map((r) => r.id)) };
  const problems = offerProblems(offer, known);
  if (problems.length) {
    const errors = problems.map((p) => ({ path: p.path.map(String).join('.'), message: p.message }));
    throw new ApiError('invalid_request', `${requestErrors.invalidRequest} ${errors[0]!.message}`, errors);
  }
  if (offer.code === null) return;
  const sameCode = sql`upper(${offers.code}) = ${offer.code.toUpperCase()}`;
  const [taken] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(offerId === null ? sameCode : and(sameCode, ne(offers.id, offerId)))
    .limit(1);
  if (taken) {
    const message = offerEditAnswers.codeTaken(offer.code);
    throw new ApiError('already_used', message, [{ path: 'code', message }]);
  }
}

/** The live offer `offerId` in the transaction, or a 409 stale_edit when it was deleted meanwhile. */
async function liveOffer(tx: EditTx, offerId: number): Promise<OfferRow> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), isNull(offers.archivedAt)))
    .for('update');
  if (!row) throw new ApiError('stale_edit', backOfficeShared.deletedMeanwhile, [], { current: null });
  return row;
}

/** POST /v2/restaurant/offers: a new offer, id `max(id) + 1` (archived ones counted). @throws see checkAgainstRestaurant. */
export function createOffer(db: Database, author: EditAuthor, offer: OfferEdit): Promise<BackOfficeOffer> {
  return catalogEdit(db, author, async (tx, version) => {
    await checkAgainstRestaurant(tx, offer, null);
    const [{ next } = { next: 1 }] = await rowsOf<{ next: number }>(tx, sql`select coalesce(max(id), 0) + 1 as next from offers`);
    const [row] = await tx
      .insert(offers)
      .values({ id: Number(next), ...offerRowValues(offer, version) })
      .returning();
    const view = viewOf(row!, new Map());
    return {
      result: view,
      audit: [{ entity: 'offer', entityId: row!.id, action: 'create', summary: offerEditAnswers.audit.created(row!.name), before: null, after: view }],
    };
  });
}

/** PUT /v2/restaurant/offers/{id}: the whole offer replaced. @throws stale_edit (409, current values), invalid_request, already_used. */
export function updateOffer(db: Database, author: EditAuthor, offerId: number, offer: OfferEdit, expectedVersion: number): Promise<BackOfficeOffer> {
  return catalogEdit(db, author, async (tx, version) => {
    const before = await liveOffer(tx, offerId);
    const usage = await readUsage(tx);
    const beforeView = viewOf(before, usage);
    assertFresh(before.version, expectedVersion, beforeView, offerEditAnswers.stale);
    await checkAgainstRestaurant(tx, offer, offerId);
    const [row] = await tx.update(offers).set(offerRowValues(offer, version)).where(eq(offers.id, offerId)).returning();
    const view = viewOf(row!, usage);
    return {
      result: view,
      audit: [{ entity: 'offer', entityId: offerId, action: 'update', summary: offerEditAnswers.audit.updated(row!.name), before: beforeView, after: view }],
    };
  });
}

/** POST /v2/restaurant/offers/{id}/active: pause (false) or resume (true). @throws stale_edit. */
export function setOfferActive(db: Database, author: EditAuthor, offerId: number, isActive: boolean, expectedVersion: number): Promise<BackOfficeOffer> {
  return catalogEdit(db, author, async (tx, version) => {
    const before = await liveOffer(tx, offerId);
    const usage = await readUsage(tx);
    const beforeView = viewOf(before, usage);
    assertFresh(before.version, expectedVersion, beforeView, offerEditAnswers.stale);
    const [row] = await tx.update(offers).set({ isActive, version }).where(eq(offers.id, offerId)).returning();
    const view = viewOf(row!, usage);
    const summary = isActive ? offerEditAnswers.audit.resumed(row!.name) : offerEditAnswers.audit.paused(row!.name);
    return { result: view, audit: [{ entity: 'offer', entityId: offerId, action: isActive ? 'resume' : 'pause', summary, before: beforeView, after: view }] };
  });
}

/**
 * DELETE /v2/restaurant/offers/{id}: archived (`archived_at`, its code kept reserved) when an
 * order applied it or recorded a use of it, whatever the order's status; deleted otherwise.
 * Either way it leaves the storefront and the back office's list. @throws stale_edit.
 */
export function deleteOffer(db: Database, author: EditAuthor, offerId: number, expectedVersion: number, now: Date): Promise<OfferDeleted> {
  return catalogEdit(db, author, async (tx, version) => {
    const before = await liveOffer(tx, offerId);
    const beforeView = viewOf(before, await readUsage(tx));
    assertFresh(before.version, expectedVersion, beforeView, offerEditAnswers.stale);
    const used = await rowsOf<{ used: boolean }>(
      tx,
      sql`select exists (select 1 from order_offers where offer_id = ${offerId})
              or exists (select 1 from orders where applied_offers @> ${JSON.stringify([{ offer_id: offerId }])}::jsonb) as used`,
    );
    const archived = Boolean(used[0]?.used);
    if (archived) await tx.update(offers).set({ archivedAt: now, version }).where(eq(offers.id, offerId));
    else await tx.delete(offers).where(eq(offers.id, offerId));
    const summary = archived ? offerEditAnswers.audit.archived(before.name) : offerEditAnswers.audit.deleted(before.name);
    return {
      result: { outcome: archived ? 'archived' : 'deleted' },
      audit: [{ entity: 'offer', entityId: offerId, action: archived ? 'archive' : 'delete', summary, before: beforeView, after: null }],
    };
  });
}
