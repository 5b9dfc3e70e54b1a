import { asc, inArray } from 'drizzle-orm';
import type { VersionedSetting } from '@resto/contract/backoffice-settings';
import type { Database } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** The SQL of the back office's settings (table settings: name, JSON value, version). */

export type SettingRow = typeof settings.$inferSelect;

/** Every stored setting with its version, by name. */
export async function readAll(db: Database): Promise<VersionedSetting[]> {
  const rows = await db.select().from(settings).orderBy(asc(settings.name));
  return rows.map((row) => ({ name: row.name, value: row.value, version: row.version }));
}

/** The stored rows of these settings, by name (those never set are absent). */
export async function readByNames(db: Database, names: string[]): Promise<Map<string, SettingRow>> {
  return new Map((await db.select().from(settings).where(inArray(settings.name, names))).map((row) => [row.name, row]));
}

/** Writes one setting with the edit's catalogue `version` (its row created if missing). */
export async function writeSetting(tx: Database, name: string, value: unknown, version: number): Promise<void> {
  await tx.insert(settings).values({ name, value, version }).onConflictDoUpdate({ target: settings.name, set: { value, version } });
}
