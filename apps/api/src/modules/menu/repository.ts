import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CategoryView, DishView, MenuTree, MenuView } from '@resto/contract/backoffice-menu';
import type { Database } from '../../db/client.ts';
import { categories, itemOptions, items, menus, optionOptions, orderLines } from '../../db/schema.ts';
import { readLiveMenuRows } from '../catalog/index.ts';
import type { EditTx } from '../audit/index.ts';
import { fileItemOf } from '../audit/index.ts';

/**
 * SQL of the menu editor (docs/decisions/023): the live tree as the back office shows it, one dish,
 * which rows past orders name, and the next free ids. No rules here (service.ts has them).
 */

type ItemRow = typeof items.$inferSelect;
type OptionRow = typeof itemOptions.$inferSelect;
type ValueRow = typeof optionOptions.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
type MenuRow = typeof menus.$inferSelect;

/** A dish row, its options and values as the API shows them (euros, VAT percent): the restaurant file's dish, placed and versioned. */
function dishView(item: ItemRow, options: OptionRow[], values: ValueRow[], ordered: boolean): DishView {
  const { item_id: itemId, ...dish } = fileItemOf(item, options, values);
  return {
    item_id: itemId,
    category_id: item.categoryId,
    menu_id: item.menuId,
    ...dish,
    position: item.position,
    version: item.version,
    ordered,
    sold_out_until: item.soldOutUntil ? item.soldOutUntil.toISOString() : null,
  };
}

/** A category without its dishes (the audit log's before/after). */
export function categoryOnly(row: CategoryRow): Omit<CategoryView, 'items' | 'ordered'> {
  return { category_id: row.categoryId, menu_id: row.menuId, name: row.name, description: row.description, position: row.position, version: row.version };
}

/** A menu without its categories (the audit log's before/after). */
export function menuOnly(row: MenuRow): Omit<MenuView, 'categories' | 'ordered'> {
  return { menu_id: row.menuId, name: row.name, description: row.description, available: row.isAvailable, position: row.position, version: row.version };
}

/** Which of `itemIds` past orders name. */
export async function orderedItemIds(db: Database, itemIds: readonly number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ itemId: orderLines.itemId })
    .from(orderLines)
    .where(inArray(orderLines.itemId, [...itemIds]));
  return new Set(rows.map((r) => r.itemId));
}

/** Whether past orders name a dish of this category (archived dishes included). */
export async function categoryOrdered(db: Database, categoryId: number): Promise<boolean> {
  const rows = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.itemCategoryId, categoryId)).limit(1);
  return rows.length > 0;
}

/** Whether past orders name a dish of this menu. */
export async function menuOrdered(db: Database, menuId: number): Promise<boolean> {
  const rows = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.itemMenuId, menuId)).limit(1);
  return rows.length > 0;
}

/** Options and values of `itemIds`, in their order. */
async function optionsOf(db: Database, itemIds: readonly number[]): Promise<{ options: OptionRow[]; values: ValueRow[] }> {
  if (itemIds.length === 0) return { options: [], values: [] };
  const options = await db
    .select()
    .from(itemOptions)
    .where(inArray(itemOptions.itemId, [...itemIds]))
    .orderBy(asc(itemOptions.position), asc(itemOptions.optionId));
  const values = options.length
    ? await db
        .select()
        .from(optionOptions)
        .where(
          inArray(
            optionOptions.optionId,
            options.map((o) => o.optionId),
          ),
        )
        .orderBy(asc(optionOptions.position), asc(optionOptions.id))
    : [];
  return { options, values };
}

/** One live dish as the back office shows it; undefined when absent or archived. */
export async function readDish(db: Database, itemId: number): Promise<DishView | undefined> {
  const [item] = await db
    .select()
    .from(items)
    .where(and(eq(items.itemId, itemId), isNull(items.archivedAt)));
  if (!item) return undefined;
  const { options, values } = await optionsOf(db, [itemId]);
  return dishView(item, options, values, (await orderedItemIds(db, [itemId])).has(itemId));
}

/** A live category row; undefined when absent or archived. */
export async function readCategory(db: Database, categoryId: number): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.categoryId, categoryId), isNull(categories.archivedAt)));
  return row;
}

/** A live menu row; undefined when absent or archived. */
export async function readMenu(db: Database, menuId: number): Promise<MenuRow | undefined> {
  const [row] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.menuId, menuId), isNull(menus.archivedAt)));
  return row;
}

/** Every live menu, category and dish in their order (GET /v2/restaurant/menu). */
export async function readMenuTree(db: Database): Promise<MenuTree> {
  const { menuRows, categoryRows, itemRows } = await readLiveMenuRows(db);
  const itemIds = itemRows.map((i) => i.itemId);
  const [{ options, values }, ordered, orderedGroups] = await Promise.all([
    optionsOf(db, itemIds),
    orderedItemIds(db, itemIds),
    db.selectDistinct({ menuId: orderLines.itemMenuId, categoryId: orderLines.itemCategoryId }).from(orderLines),
  ]);
  const orderedMenus = new Set(orderedGroups.map((g) => g.menuId));
  const orderedCategories = new Set(orderedGroups.map((g) => g.categoryId));
  return {
    menus: menuRows.map((menu) => ({
      ...menuOnly(menu),
      ordered: orderedMenus.has(menu.menuId),
      categories: categoryRows
        .filter((c) => c.menuId === menu.menuId)
        .map((category) => ({
          ...categoryOnly(category),
          ordered: orderedCategories.has(category.categoryId),
          items: itemRows.filter((i) => i.categoryId === category.categoryId).map((item) => dishView(item, options, values, ordered.has(item.itemId))),
        })),
    })),
  };
}

/** The next free id of a table with explicit integer ids (archived rows count): max + 1. Edits are serialised by catalogEdit. */
export async function nextId(tx: EditTx, table: 'menus' | 'categories' | 'items' | 'item_options' | 'option_options'): Promise<number> {
  const column = { menus: 'menu_id', categories: 'category_id', items: 'item_id', item_options: 'option_id', option_options: 'id' }[table];
  const rows = await tx.execute<{ next: number | string }>(sql.raw(`select coalesce(max(${column}), 0) + 1 as next from ${table}`));
  return Number(rows.rows[0]?.next ?? 1);
}
