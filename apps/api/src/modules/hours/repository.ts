import { asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calendarExceptions, menus, orderingState } from '../../db/schema.ts';

/**
 * The SQL of hours, exceptional days, pause and busy mode (docs/decisions/023-back-office.md,
 * « Hours »): tables `menus` (their opening hours), `calendar_exceptions` and `ordering_state`
 * (one row, id 1). Every function runs on the database or inside a transaction (`Database`).
 */

export type MenuRow = typeof menus.$inferSelect;
export type ExceptionRow = typeof calendarExceptions.$inferSelect;
export type OrderingRow = typeof orderingState.$inferSelect;
/** An exceptional day's stored columns (exceptionValues in service.ts). */
export type ExceptionValues = Omit<typeof calendarExceptions.$inferInsert, 'id'>;
/** The hours columns of a menu. */
export type MenuHoursValues = Pick<typeof menus.$inferInsert, 'activeTimes' | 'timeRanges' | 'pickupTimeRanges' | 'version'>;
/** The columns of the ordering state a change sets. */
export type OrderingValues = Partial<Omit<OrderingRow, 'id' | 'version'>>;

/** The menus that are not archived, in their order. */
export function readLiveMenus(db: Database): Promise<MenuRow[]> {
  return db.select().from(menus).where(isNull(menus.archivedAt)).orderBy(asc(menus.position), asc(menus.menuId));
}

/** Every exceptional day, by date. */
export function readExceptions(db: Database): Promise<ExceptionRow[]> {
  return db.select().from(calendarExceptions).orderBy(asc(calendarExceptions.date));
}

/** The ordering state's row (undefined before its first change). */
export async function readOrdering(db: Database): Promise<OrderingRow | undefined> {
  return (await db.select().from(orderingState).where(eq(orderingState.id, 1)))[0];
}

/** A menu, locked until the transaction ends (undefined: no such menu). */
export async function lockMenu(tx: Database, menuId: number): Promise<MenuRow | undefined> {
  return (await tx.select().from(menus).where(eq(menus.menuId, menuId)).for('update'))[0];
}

/** Writes a menu's hours. @returns the row after. */
export async function updateMenuHours(tx: Database, menuId: number, values: MenuHoursValues): Promise<MenuRow | undefined> {
  return (await tx.update(menus).set(values).where(eq(menus.menuId, menuId)).returning())[0];
}

/** The id of the exceptional day on `date`, if any. */
export async function exceptionIdOn(tx: Database, date: string): Promise<number | undefined> {
  const [other] = await tx.select({ id: calendarExceptions.id }).from(calendarExceptions).where(eq(calendarExceptions.date, date));
  return other?.id;
}

/** Inserts an exceptional day. @returns its row. */
export async function insertException(tx: Database, values: ExceptionValues): Promise<ExceptionRow | undefined> {
  return (await tx.insert(calendarExceptions).values(values).returning())[0];
}

/** An exceptional day, locked until the transaction ends (undefined: no such day). */
export async function lockException(tx: Database, id: number): Promise<ExceptionRow | undefined> {
  return (await tx.select().from(calendarExceptions).where(eq(calendarExceptions.id, id)).for('update'))[0];
}

/** Rewrites an exceptional day. @returns its row after. */
export async function updateException(tx: Database, id: number, values: ExceptionValues): Promise<ExceptionRow | undefined> {
  return (await tx.update(calendarExceptions).set(values).where(eq(calendarExceptions.id, id)).returning())[0];
}

/** Deletes an exceptional day. @returns the row deleted (undefined: there was none). */
export async function deleteException(tx: Database, id: number): Promise<ExceptionRow | undefined> {
  return (await tx.delete(calendarExceptions).where(eq(calendarExceptions.id, id)).returning())[0];
}

/** Sets columns of the ordering state (its row created on the first change). @returns the row after. */
export async function upsertOrdering(tx: Database, values: OrderingValues, version: number): Promise<OrderingRow | undefined> {
  const [row] = await tx
    .insert(orderingState)
    .values({ id: 1, ...values, version })
    .onConflictDoUpdate({ target: orderingState.id, set: { ...values, version } })
    .returning();
  return row;
}
