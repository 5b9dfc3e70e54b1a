import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ActiveTime } from '@resto/domain/catalogue';
import type { Database } from '../../db/client.ts';
import { calendarExceptions, categories, items, menus } from '../../db/schema.ts';

/** The SQL of dishes' availability (tables items, categories, menus, calendar_exceptions). */

/** A dish as the availability page shows it, with its menu's opening hours (for « épuisé aujourd'hui »). */
export type Row = {
  itemId: number;
  name: string;
  image: string;
  isAvailable: boolean;
  soldOutUntil: Date | null;
  version: number;
  categoryName: string;
  menuName: string;
  activeTimes: ActiveTime[];
};

function selectRows(db: Database) {
  return db
    .select({
      itemId: items.itemId,
      name: items.name,
      image: items.image,
      isAvailable: items.isAvailable,
      soldOutUntil: items.soldOutUntil,
      version: items.version,
      categoryName: categories.name,
      menuName: menus.name,
      activeTimes: menus.activeTimes,
    })
    .from(items)
    .innerJoin(categories, eq(categories.categoryId, items.categoryId))
    .innerJoin(menus, eq(menus.menuId, items.menuId));
}

/** Every live dish (of a live category and menu), in the menus', categories' and dishes' order. */
export function readLiveDishes(db: Database): Promise<Row[]> {
  return selectRows(db)
    .where(and(isNull(items.archivedAt), isNull(categories.archivedAt), isNull(menus.archivedAt)))
    .orderBy(asc(menus.position), asc(menus.menuId), asc(categories.position), asc(categories.categoryId), asc(items.position), asc(items.itemId));
}

/** A live dish, its row locked until the transaction ends (undefined: unknown or archived). */
export async function lockLiveDish(tx: Database, itemId: number): Promise<Row | undefined> {
  const [row] = await selectRows(tx)
    .where(and(eq(items.itemId, itemId), isNull(items.archivedAt)))
    .for('update', { of: items });
  return row;
}

/** Every exceptional day. */
export function readExceptions(db: Database) {
  return db.select().from(calendarExceptions);
}

/** Writes a dish's availability with the edit's catalogue `version`. */
export async function writeAvailability(tx: Database, itemId: number, values: { isAvailable: boolean; soldOutUntil: Date | null }, version: number): Promise<void> {
  await tx
    .update(items)
    .set({ ...values, version })
    .where(eq(items.itemId, itemId));
}
