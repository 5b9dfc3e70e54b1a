import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  CategoryCreateBody,
  CategoryUpdateBody,
  CategoryView,
  DeleteResult,
  DishCreateBody,
  DishUpdateBody,
  DishView,
  MenuCreateBody,
  MenuUpdateBody,
  MenuView,
  MoveBody,
} from '@resto/contract/backoffice-menu';
import { dishChanges, moveWithin } from '@resto/domain/backoffice-menu';
import { weekdays, type ActiveTime } from '@resto/domain/catalogue';
import { eurosToCents, percentToBasisPoints } from '@resto/domain/money';
import { menuAudit as audit, menuAnswers as m } from '@resto/copy/staff/menu';
import type { Database } from '../../db/client.ts';
import { categories, itemOptions, items, menus, optionOptions } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { assertFresh, catalogEdit, type AuditEntry, type EditAuthor, type EditTx } from '../audit/index.ts';
import { categoryOnly, categoryOrdered, menuOnly, menuOrdered, nextId, orderedItemIds, readCategory, readDish, readMenu } from './repository.ts';

/**
 * The menu editor's changes (docs/decisions/023-back-office.md, « The menu
 * editor »): menus, categories and dishes created, edited, moved and deleted, each in one
 * `catalogEdit` (serialised, versioned, audited, the storefront rebuilt after commit).
 * Rows past orders name are archived, never erased. Errors: 409 stale_edit (another version than
 * the form's; `payload.current` the row now, null when gone), 409 still_in_use (the last menu),
 * 404 not_found (a parent that is gone).
 */

type CategoryRow = typeof categories.$inferSelect;

const bp = (percent: number | null) => (percent === null ? null : percentToBasisPoints(percent));
const summary = (lines: string[], fallback: string) => (lines.length ? lines.join(' ; ') : fallback);

/** The dish's fields in the audit log's comparison (dishChanges). */
async function dishFields(tx: EditTx, dish: DishView) {
  const category = await readCategory(tx, dish.category_id);
  return { ...dish, category_name: category?.name ?? '' };
}

/** Writes a dish's options and values (the old ones replaced), keeping the ids that stay on this dish. */
async function writeOptions(
  tx: EditTx,
  itemId: number,
  options: DishCreateBody['options'],
  keep: { options: Set<number>; values: Set<number> },
): Promise<void> {
  // New ids are taken before the old rows go: a kept id may be the largest.
  let nextOption = await nextId(tx, 'item_options');
  let nextValue = await nextId(tx, 'option_options');
  await tx.delete(itemOptions).where(eq(itemOptions.itemId, itemId));
  for (const [position, option] of options.entries()) {
    const optionId = option.option_id !== undefined && keep.options.has(option.option_id) ? option.option_id : nextOption++;
    await tx.insert(itemOptions).values({ optionId, itemId, name: option.name, selected: option.selected, required: option.required, position });
    if (option.values.length)
      await tx.insert(optionOptions).values(
        option.values.map((value, valuePosition) => ({
          id: value.id !== undefined && keep.values.has(value.id) ? value.id : nextValue++,
          optionId,
          name: value.name,
          priceCents: eurosToCents(value.price),
          taxRateBp: bp(value.tax_rate),
          allergens: value.allergens,
          position: valuePosition,
        })),
      );
  }
}

/** The dish columns of a body. */
function dishColumns(body: DishCreateBody) {
  return {
    name: body.name,
    description: body.description,
    image: body.image,
    score: body.score,
    priceDeliveryCents: eurosToCents(body.price_delivery),
    pricePickupCents: eurosToCents(body.price_pickup),
    taxRateBp: bp(body.tax_rate),
    isAvailable: body.available,
    allergens: body.allergens,
    diets: body.diets,
    isAlcoholic: body.alcoholic,
  };
}

async function requireCategory(tx: EditTx, categoryId: number) {
  const category = await readCategory(tx, categoryId);
  if (!category) throw new ApiError('invalid_request', m.categoryNotFound, [{ path: 'category_id', message: m.categoryNotFound }]);
  return category;
}

/** Rewrites the positions of live siblings in `ids`' order (positions are not part of the forms: no version change). */
async function writePositions(tx: EditTx, table: typeof menus | typeof categories | typeof items, ids: number[]): Promise<void> {
  for (const [position, rowId] of ids.entries()) {
    if (table === menus) await tx.update(menus).set({ position }).where(eq(menus.menuId, rowId));
    else if (table === categories) await tx.update(categories).set({ position }).where(eq(categories.categoryId, rowId));
    else await tx.update(items).set({ position }).where(eq(items.itemId, rowId));
  }
}

/** The position after the last row of `table` matching `where` (archived rows count), 0 when there is none. */
async function positionAfterLast(tx: EditTx, table: typeof menus | typeof categories | typeof items, where?: SQL): Promise<number> {
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${table.position}), -1)::int` })
    .from(table)
    .where(where);
  return (last?.position ?? -1) + 1;
}

/**
 * Moves `id` one place `direction` among its live siblings (`siblings`, in their order) and
 * rewrites their positions. @returns the new order, null when the row cannot move (already first or last).
 */
async function moveAmong(
  tx: EditTx,
  table: typeof menus | typeof categories | typeof items,
  siblings: { id: number }[],
  id: number,
  direction: MoveBody['direction'],
) {
  const order = moveWithin(
    siblings.map((s) => s.id),
    id,
    direction,
  );
  if (order) await writePositions(tx, table, order);
  return order;
}

/** POST: a new dish at the end of its category. @returns the dish as the API shows it. */
export function createDish(db: Database, author: EditAuthor, body: DishCreateBody): Promise<DishView> {
  return catalogEdit(db, author, async (tx, version) => {
    const category = await requireCategory(tx, body.category_id);
    const itemId = await nextId(tx, 'items');
    const position = await positionAfterLast(tx, items, eq(items.categoryId, category.categoryId));
    await tx.insert(items).values({ itemId, menuId: category.menuId, categoryId: category.categoryId, ...dishColumns(body), position, version });
    await writeOptions(tx, itemId, body.options, { options: new Set(), values: new Set() });
    const after = (await readDish(tx, itemId))!;
    return { result: after, audit: [{ entity: 'item', entityId: itemId, action: 'create', summary: audit.dishCreated(after.name), before: null, after }] };
  });
}

/** PUT: the whole dish based on `expected_version` (options replaced; ids of options and values that stay are kept). */
export function updateDish(db: Database, author: EditAuthor, itemId: number, body: DishUpdateBody): Promise<DishView> {
  return catalogEdit(db, author, async (tx, version) => {
    const before = await readDish(tx, itemId);
    assertFresh(before?.version, body.expected_version, before, m.staleItem);
    const category = await requireCategory(tx, body.category_id);
    const moved = category.categoryId !== before!.category_id;
    const position = moved ? await positionAfterLast(tx, items, eq(items.categoryId, category.categoryId)) : before!.position;
    await tx
      .update(items)
      .set({ ...dishColumns(body), menuId: category.menuId, categoryId: category.categoryId, position, version })
      .where(eq(items.itemId, itemId));
    const keep = {
      options: new Set(before!.options.map((o) => o.option_id)),
      values: new Set(before!.options.flatMap((o) => o.values.map((v) => v.id))),
    };
    await writeOptions(tx, itemId, body.options, keep);
    const after = (await readDish(tx, itemId))!;
    const changes = dishChanges(await dishFields(tx, before!), { ...after, category_name: category.name });
    return {
      result: after,
      audit: [{ entity: 'item', entityId: itemId, action: 'update', summary: summary(changes, audit.dishUnchanged(after.name)), before, after }],
    };
  });
}

/** Archives (named by past orders) or deletes one live dish; audit entry of it. */
async function removeDish(tx: EditTx, dish: DishView, ordered: boolean): Promise<AuditEntry> {
  if (ordered) {
    await tx
      .update(items)
      .set({ archivedAt: sql`now()` })
      .where(eq(items.itemId, dish.item_id));
    return { entity: 'item', entityId: dish.item_id, action: 'archive', summary: audit.dishArchived(dish.name), before: dish, after: null };
  }
  await tx.delete(items).where(eq(items.itemId, dish.item_id));
  return { entity: 'item', entityId: dish.item_id, action: 'delete', summary: audit.dishDeleted(dish.name), before: dish, after: null };
}

/** DELETE: a dish named by past orders is archived, otherwise deleted. */
export function deleteDish(db: Database, author: EditAuthor, itemId: number, expectedVersion: number): Promise<DeleteResult> {
  return catalogEdit(db, author, async (tx) => {
    const dish = await readDish(tx, itemId);
    assertFresh(dish?.version, expectedVersion, dish, m.staleItem);
    const entry = await removeDish(tx, dish!, dish!.ordered);
    return {
      result: {
        outcome: dish!.ordered ? 'archived' : 'deleted',
        deleted_items: dish!.ordered ? 0 : 1,
        archived_items: dish!.ordered ? 1 : 0,
        message: (dish!.ordered ? m.archived : m.deleted)(dish!.name),
      },
      audit: [entry],
    };
  });
}

/** The live dishes of some categories, as shown. */
async function liveDishesOf(tx: EditTx, categoryIds: number[]): Promise<DishView[]> {
  if (categoryIds.length === 0) return [];
  const rows = await tx
    .select({ itemId: items.itemId })
    .from(items)
    .where(and(inArray(items.categoryId, categoryIds), isNull(items.archivedAt)))
    .orderBy(asc(items.position));
  const out: DishView[] = [];
  for (const row of rows) out.push((await readDish(tx, row.itemId))!);
  return out;
}

/** Removes live dishes (archived when ordered, deleted otherwise). @returns their audit entries and counts. */
async function removeDishes(tx: EditTx, dishes: DishView[]) {
  const ordered = await orderedItemIds(
    tx,
    dishes.map((d) => d.item_id),
  );
  const entries: AuditEntry[] = [];
  for (const dish of dishes) entries.push(await removeDish(tx, dish, ordered.has(dish.item_id)));
  return { entries, archived: dishes.filter((d) => ordered.has(d.item_id)).length, deleted: dishes.filter((d) => !ordered.has(d.item_id)).length };
}

/** Moves a dish one place up or down among its category's live dishes. */
export function moveDish(db: Database, author: EditAuthor, itemId: number, body: MoveBody): Promise<DishView> {
  return catalogEdit(db, author, async (tx) => {
    const dish = await readDish(tx, itemId);
    if (!dish) throw new ApiError('not_found', m.itemNotFound);
    const siblings = await tx
      .select({ id: items.itemId })
      .from(items)
      .where(and(eq(items.categoryId, dish.category_id), isNull(items.archivedAt)))
      .orderBy(asc(items.position), asc(items.itemId));
    const order = await moveAmong(tx, items, siblings, itemId, body.direction);
    const after = (await readDish(tx, itemId))!;
    return {
      result: after,
      audit: order
        ? [{ entity: 'item', entityId: itemId, action: 'move', summary: audit.dishMoved(dish.name, body.direction === 'up'), before: dish, after }]
        : [],
    };
  });
}

/** POST: a new category at the end of its menu. */
export function createCategory(db: Database, author: EditAuthor, body: CategoryCreateBody): Promise<CategoryView> {
  return catalogEdit(db, author, async (tx, version) => {
    const menu = await readMenu(tx, body.menu_id);
    if (!menu) throw new ApiError('invalid_request', m.menuNotFound, [{ path: 'menu_id', message: m.menuNotFound }]);
    const categoryId = await nextId(tx, 'categories');
    const position = await positionAfterLast(tx, categories, eq(categories.menuId, menu.menuId));
    await tx.insert(categories).values({ categoryId, menuId: menu.menuId, name: body.name, description: body.description, position, version });
    const after = categoryOnly((await readCategory(tx, categoryId))!);
    return {
      result: { ...after, ordered: false, items: [] },
      audit: [{ entity: 'category', entityId: categoryId, action: 'create', summary: audit.categoryCreated(body.name), before: null, after }],
    };
  });
}

/** PUT: a category's name and description. */
export function updateCategory(
  db: Database,
  author: EditAuthor,
  categoryId: number,
  body: CategoryUpdateBody,
): Promise<Omit<CategoryView, 'items' | 'ordered'>> {
  return catalogEdit(db, author, async (tx, version) => {
    const row = await readCategory(tx, categoryId);
    const before = row ? categoryOnly(row) : undefined;
    assertFresh(before?.version, body.expected_version, before, m.staleCategory);
    await tx.update(categories).set({ name: body.name, description: body.description, version }).where(eq(categories.categoryId, categoryId));
    const after = categoryOnly((await readCategory(tx, categoryId))!);
    const lines: string[] = [];
    if (before!.name !== after.name) lines.push(audit.renamed('Catégorie', before!.name, after.name));
    if (before!.description !== after.description) lines.push(audit.changedPlain('Description', after.name));
    return {
      result: after,
      audit: [{ entity: 'category', entityId: categoryId, action: 'update', summary: summary(lines, audit.categoryUnchanged(after.name)), before, after }],
    };
  });
}

/** Archives (named by past orders) or deletes one live category, its dishes already removed; audit entry of it. */
async function removeCategory(tx: EditTx, category: CategoryRow): Promise<{ archived: boolean; entry: AuditEntry }> {
  const archived = await categoryOrdered(tx, category.categoryId);
  if (archived)
    await tx
      .update(categories)
      .set({ archivedAt: sql`now()` })
      .where(eq(categories.categoryId, category.categoryId));
  else await tx.delete(categories).where(eq(categories.categoryId, category.categoryId));
  const entry: AuditEntry = {
    entity: 'category',
    entityId: category.categoryId,
    action: archived ? 'archive' : 'delete',
    summary: (archived ? audit.categoryArchived : audit.categoryDeleted)(category.name),
    before: categoryOnly(category),
    after: null,
  };
  return { archived, entry };
}

/** DELETE: a category (archived when past orders name one of its dishes) and its live dishes (each archived or deleted). */
export function deleteCategory(db: Database, author: EditAuthor, categoryId: number, expectedVersion: number): Promise<DeleteResult> {
  return catalogEdit(db, author, async (tx) => {
    const row = await readCategory(tx, categoryId);
    const before = row ? categoryOnly(row) : undefined;
    assertFresh(before?.version, expectedVersion, before, m.staleCategory);
    const removed = await removeDishes(tx, await liveDishesOf(tx, [categoryId]));
    const { archived: archive, entry } = await removeCategory(tx, row!);
    return {
      result: {
        outcome: archive ? 'archived' : 'deleted',
        deleted_items: removed.deleted,
        archived_items: removed.archived,
        message: (archive ? m.archived : m.deleted)(before!.name),
      },
      audit: [entry, ...removed.entries],
    };
  });
}

/** Moves a category one place up or down in its menu. */
export function moveCategory(db: Database, author: EditAuthor, categoryId: number, body: MoveBody): Promise<Omit<CategoryView, 'items' | 'ordered'>> {
  return catalogEdit(db, author, async (tx) => {
    const row = await readCategory(tx, categoryId);
    if (!row) throw new ApiError('not_found', m.categoryNotFound);
    const siblings = await tx
      .select({ id: categories.categoryId })
      .from(categories)
      .where(and(eq(categories.menuId, row.menuId), isNull(categories.archivedAt)))
      .orderBy(asc(categories.position), asc(categories.categoryId));
    const order = await moveAmong(tx, categories, siblings, categoryId, body.direction);
    const after = categoryOnly((await readCategory(tx, categoryId))!);
    return {
      result: after,
      audit: order
        ? [
            {
              entity: 'category',
              entityId: categoryId,
              action: 'move',
              summary: audit.categoryMoved(row.name, body.direction === 'up'),
              before: categoryOnly(row),
              after,
            },
          ]
        : [],
    };
  });
}

const dayLabels = { mon: 'Lundi', tue: 'Mardi', wed: 'Mercredi', thu: 'Jeudi', fri: 'Vendredi', sat: 'Samedi', sun: 'Dimanche' } as const;

/** POST: a new menu, last, with the first menu's hours (closed every day when there is none). */
export function createMenu(db: Database, author: EditAuthor, body: MenuCreateBody): Promise<MenuView> {
  return catalogEdit(db, author, async (tx, version) => {
    const [first] = await tx.select().from(menus).where(isNull(menus.archivedAt)).orderBy(asc(menus.position), asc(menus.menuId)).limit(1);
    const closed: ActiveTime[] = weekdays.map((day) => ({ day, label: dayLabels[day], is_open: false, times: [] }));
    const menuId = await nextId(tx, 'menus');
    const position = await positionAfterLast(tx, menus);
    await tx.insert(menus).values({
      menuId,
      name: body.name,
      description: body.description,
      isAvailable: body.available,
      position,
      activeTimes: first?.activeTimes ?? closed,
      timeRanges: first?.timeRanges ?? {},
      pickupTimeRanges: first?.pickupTimeRanges ?? {},
      version,
    });
    const after = menuOnly((await readMenu(tx, menuId))!);
    return {
      result: { ...after, ordered: false, categories: [] },
      audit: [{ entity: 'menu', entityId: menuId, action: 'create', summary: audit.menuCreated(body.name), before: null, after }],
    };
  });
}

/** PUT: a menu's name, description and visibility. */
export function updateMenu(db: Database, author: EditAuthor, menuId: number, body: MenuUpdateBody): Promise<Omit<MenuView, 'categories' | 'ordered'>> {
  return catalogEdit(db, author, async (tx, version) => {
    const row = await readMenu(tx, menuId);
    const before = row ? menuOnly(row) : undefined;
    assertFresh(before?.version, body.expected_version, before, m.staleMenu);
    await tx.update(menus).set({ name: body.name, description: body.description, isAvailable: body.available, version }).where(eq(menus.menuId, menuId));
    const after = menuOnly((await readMenu(tx, menuId))!);
    const lines: string[] = [];
    if (before!.name !== after.name) lines.push(audit.renamed('Menu', before!.name, after.name));
    if (before!.available !== after.available)
      lines.push(
        audit.changed(
          audit.fieldLabels.available,
          after.name,
          audit.menuAvailableWords[`${before!.available}`],
          audit.menuAvailableWords[`${after.available}`],
        ),
      );
    if (before!.description !== after.description) lines.push(audit.changedPlain('Description', after.name));
    return {
      result: after,
      audit: [{ entity: 'menu', entityId: menuId, action: 'update', summary: summary(lines, audit.menuUnchanged(after.name)), before, after }],
    };
  });
}

/** DELETE: a menu (never the last one: still_in_use), archived when past orders name one of its dishes; its categories and dishes with it. */
export function deleteMenu(db: Database, author: EditAuthor, menuId: number, expectedVersion: number): Promise<DeleteResult> {
  return catalogEdit(db, author, async (tx) => {
    const row = await readMenu(tx, menuId);
    const before = row ? menuOnly(row) : undefined;
    assertFresh(before?.version, expectedVersion, before, m.staleMenu);
    const [live] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(menus)
      .where(isNull(menus.archivedAt));
    if ((live?.n ?? 0) <= 1) throw new ApiError('still_in_use', m.lastMenu);
    const categoryRows = await tx
      .select()
      .from(categories)
      .where(and(eq(categories.menuId, menuId), isNull(categories.archivedAt)));
    const removed = await removeDishes(
      tx,
      await liveDishesOf(
        tx,
        categoryRows.map((c) => c.categoryId),
      ),
    );
    const entries: AuditEntry[] = [];
    for (const category of categoryRows) entries.push((await removeCategory(tx, category)).entry);
    const archive = await menuOrdered(tx, menuId);
    if (archive)
      await tx
        .update(menus)
        .set({ archivedAt: sql`now()` })
        .where(eq(menus.menuId, menuId));
    else await tx.delete(menus).where(eq(menus.menuId, menuId));
    return {
      result: {
        outcome: archive ? 'archived' : 'deleted',
        deleted_items: removed.deleted,
        archived_items: removed.archived,
        message: (archive ? m.archived : m.deleted)(before!.name),
      },
      audit: [
        {
          entity: 'menu',
          entityId: menuId,
          action: archive ? 'archive' : 'delete',
          summary: (archive ? audit.menuArchived : audit.menuDeleted)(before!.name),
          before,
          after: null,
        },
        ...entries,
        ...removed.entries,
      ],
    };
  });
}

/** Moves a menu one place up or down among the live menus. */
export function moveMenu(db: Database, author: EditAuthor, menuId: number, body: MoveBody): Promise<Omit<MenuView, 'categories' | 'ordered'>> {
  return catalogEdit(db, author, async (tx) => {
    const row = await readMenu(tx, menuId);
    if (!row) throw new ApiError('not_found', m.menuNotFound);
    const siblings = await tx.select({ id: menus.menuId }).from(menus).where(isNull(menus.archivedAt)).orderBy(asc(menus.position), asc(menus.menuId));
    const order = await moveAmong(tx, menus, siblings, menuId, body.direction);
    const after = menuOnly((await readMenu(tx, menuId))!);
    return {
      result: after,
      audit: order
        ? [{ entity: 'menu', entityId: menuId, action: 'move', summary: audit.menuMoved(row.name, body.direction === 'up'), before: menuOnly(row), after }]
        : [],
    };
  });
}
