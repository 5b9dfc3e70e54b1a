import type { BackOfficeOffer, BackOfficeOffers, OfferDeleted, OfferScopeMenu } from '@resto/contract/backoffice-offers';
import type { OfferEdit } from '@resto/domain/backoffice-offers';
import { requestErrors } from '@resto/copy/errors/request';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { offerEditAnswers } from '@resto/copy/staff/offers';
import { centsToEuros } from '@resto/domain/money';
import { offerProblems } from '@resto/domain/restaurant-file';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { offerRowValues } from '../catalog/index.ts';
import { offerFromRow } from '../catalog/index.ts';
import { assertFresh, catalogEdit, type EditAuthor, type EditTx } from '../audit/index.ts';
import * as repository from './repository.ts';
import type { OfferRow } from './repository.ts';

/**
 * The back office's offers and coupons (docs/decisions/023-back-office.md,
 * « Offres et codes promo »): list with usage, create, edit, pause/resume, delete (archived when
 * orders used the offer). routes.ts → service.ts → repository.ts. Every write goes through
 * `catalogEdit`, so the storefront's offers and coupons follow at once and each change has its
 * audit entry.
 */

type Usage = BackOfficeOffer['usage'];

/**
 * How much each offer was used, by offer id: the orders that applied it and the reductions it
 * gave them, in euros (repository `readUsage`: placed orders neither rejected nor cancelled; an
 * unpaid card order, or one refused or cancelled, cost the restaurant nothing).
 */
async function readUsage(db: Database): Promise<Map<number, Usage>> {
  const rows = await repository.readUsage(db);
  return new Map(rows.map((r) => [r.offerId, { orders: r.orders, cost: centsToEuros(r.cents) }]));
}

const noUsage: Usage = { orders: 0, cost: 0 };

function viewOf(row: OfferRow, usage: Map<number, Usage>): BackOfficeOffer {
  return { ...offerFromRow(row), version: row.version, usage: usage.get(row.id) ?? noUsage };
}

/** What an offer's scope may name: live menus, categories and dishes, in the menu's order. */
async function readScope(db: Database): Promise<OfferScopeMenu[]> {
  const scope = await repository.readScope(db);
  return scope.menus.map((menu) => ({
    menu_id: menu.id,
    name: menu.name,
    categories: scope.categories
      .filter((c) => c.menuId === menu.id)
      .map((category) => ({
        category_id: category.id,
        name: category.name,
        items: scope.items.filter((i) => i.categoryId === category.id).map((item) => ({ item_id: item.id, name: item.name })),
      })),
  }));
}

/** GET /v2/restaurant/offers: every offer and coupon but archived ones (by id), with usage, and the scope's choices. */
export async function listOffers(db: Database): Promise<BackOfficeOffers> {
  const [rows, usage, scope] = await Promise.all([repository.readLiveOffers(db), readUsage(db), readScope(db)]);
  return { offers: rows.map((row) => viewOf(row, usage)), scope };
}

/**
 * The checks that need the database, in the edit's transaction: every menu, category and dish
 * named exists and is not archived (`offerProblems`, shared with the restaurant file), and the
 * code is no other offer's, archived ones included, compared case-insensitively.
 * @throws ApiError invalid_request (fields `menus.0`, `items.2`…) or already_used (field `code`).
 */
async function checkAgainstRestaurant(tx: EditTx, offer: OfferEdit, offerId: number | null): Promise<void> {
  const problems = offerProblems(offer, await repository.readLiveIds(tx));
  if (problems.length) {
    const errors = problems.map((p) => ({ path: p.path.map(String).join('.'), message: p.message }));
    throw new ApiError('invalid_request', `${requestErrors.invalidRequest} ${errors[0]!.message}`, errors);
  }
  if (offer.code === null) return;
  if (await repository.isCodeTaken(tx, offer.code, offerId)) {
    const message = offerEditAnswers.codeTaken(offer.code);
    throw new ApiError('already_used', message, [{ path: 'code', message }]);
  }
}

/** The live offer `offerId` in the transaction, or a 409 stale_edit when it was deleted meanwhile. */
async function liveOffer(tx: EditTx, offerId: number): Promise<OfferRow> {
  const row = await repository.lockLiveOffer(tx, offerId);
  if (!row) throw new ApiError('stale_edit', backOfficeShared.deletedMeanwhile, [], { current: null });
  return row;
}

/** POST /v2/restaurant/offers: a new offer, id `max(id) + 1` (archived ones counted). @throws see checkAgainstRestaurant. */
export function createOffer(db: Database, author: EditAuthor, offer: OfferEdit): Promise<BackOfficeOffer> {
  return catalogEdit(db, author, async (tx, version) => {
    await checkAgainstRestaurant(tx, offer, null);
    const row = await repository.insertOffer(tx, offerRowValues(offer, version));
    const view = viewOf(row, new Map());
    return {
      result: view,
      audit: [{ entity: 'offer', entityId: row.id, action: 'create', summary: offerEditAnswers.audit.created(row.name), before: null, after: view }],
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
    const row = await repository.updateOffer(tx, offerId, offerRowValues(offer, version));
    const view = viewOf(row, usage);
    return {
      result: view,
      audit: [{ entity: 'offer', entityId: offerId, action: 'update', summary: offerEditAnswers.audit.updated(row.name), before: beforeView, after: view }],
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
    const row = await repository.updateOffer(tx, offerId, { isActive, version });
    const view = viewOf(row, usage);
    const summary = isActive ? offerEditAnswers.audit.resumed(row.name) : offerEditAnswers.audit.paused(row.name);
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
    const archived = await repository.isOfferUsed(tx, offerId);
    if (archived) await repository.updateOffer(tx, offerId, { archivedAt: now, version });
    else await repository.deleteOffer(tx, offerId);
    const summary = archived ? offerEditAnswers.audit.archived(before.name) : offerEditAnswers.audit.deleted(before.name);
    return {
      result: { outcome: archived ? 'archived' : 'deleted' },
      audit: [{ entity: 'offer', entityId: offerId, action: archived ? 'archive' : 'delete', summary, before: beforeView, after: null }],
    };
  });
}
