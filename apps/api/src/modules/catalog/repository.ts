import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calendarExceptions, catalogVersion, categories, itemOptions, items, menus, offers, optionOptions, orderingState, settings } from '../../db/schema.ts';

/** SQL of the catalogue: menus, categories, items, options, offers and settings. No rules here. */

export async function readCatalogVersion(db: Database): Promise<number> {
  const rows = await db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  return rows[0]?.version ?? 0;
}

/** The live menus, categories and dishes (archived ones left out), each in its order: position, then id. */
export async function readLiveMenuRows(db: Database) {
  const [menuRows, categoryRows, itemRows] = await Promise.all([
    db.select().from(menus).where(isNull(menus.archivedAt)).orderBy(asc(menus.position), asc(menus.menuId)),
    db.select().from(categories).where(isNull(categories.archivedAt)).orderBy(asc(categories.position), asc(categories.categoryId)),
    db.select().from(items).where(isNull(items.archivedAt)).orderBy(asc(items.position), asc(items.itemId)),
  ]);
  return { menuRows, categoryRows, itemRows };
}

/** The live catalogue's rows: archived menus, categories, dishes and offers left out (docs/decisions/023). */
export async function readCatalogRows(db: Database) {
  const [{ menuRows, categoryRows, itemRows }, optionRows, valueRows, offerRows, settingRows, exceptionRows, orderingRows] = await Promise.all([
    readLiveMenuRows(db),
    db.select().from(itemOptions).orderBy(asc(itemOptions.position), asc(itemOptions.optionId)),
    db.select().from(optionOptions).orderBy(asc(optionOptions.position), asc(optionOptions.id)),
    db.select().from(offers).where(isNull(offers.archivedAt)).orderBy(asc(offers.id)),
    db.select().from(settings).orderBy(asc(settings.name)),
    db.select().from(calendarExceptions).orderBy(asc(calendarExceptions.date)),
    db.select().from(orderingState).where(eq(orderingState.id, 1)),
  ]);
  return { menuRows, categoryRows, itemRows, optionRows, valueRows, offerRows, settingRows, exceptionRows, orderingRow: orderingRows[0] };
}

export type CatalogRows = Awaited<ReturnType<typeof readCatalogRows>>;

export async function countMenus(db: Database): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(menus);
  return rows[0]?.n ?? 0;
}
