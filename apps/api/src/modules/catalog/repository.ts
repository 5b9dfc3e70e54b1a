import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogVersion, categories, itemOptions, items, menus, offers, optionOptions, settings } from '../../db/schema.ts';

/** SQL of the catalogue: menus, categories, items, options, offers and settings. No rules here. */

export async function readCatalogVersion(db: Database): Promise<number> {
  const rows = await db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  return rows[0]?.version ?? 0;
}

export async function readCatalogRows(db: Database) {
  const [menuRows, categoryRows, itemRows, optionRows, valueRows, offerRows, settingRows] = await Promise.all([
    db.select().from(menus).orderBy(asc(menus.position)),
    db.select().from(categories).orderBy(asc(categories.position)),
    db.select().from(items).orderBy(asc(items.position)),
    db.select().from(itemOptions).orderBy(asc(itemOptions.position)),
    db.select().from(optionOptions).orderBy(asc(optionOptions.position)),
    db.select().from(offers).orderBy(asc(offers.id)),
    db.select().from(settings).orderBy(asc(settings.name)),
  ]);
  return { menuRows, categoryRows, itemRows, optionRows, valueRows, offerRows, settingRows };
}

export type CatalogRows = Awaited<ReturnType<typeof readCatalogRows>>;

export async function countMenus(db: Database): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(menus);
  return rows[0]?.n ?? 0;
}
