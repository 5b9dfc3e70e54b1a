import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiRoot } from '../api-root.ts';
import type { Database } from '../db/client.ts';
import { countMenus } from '../modules/catalog/repository.ts';
import { importRestaurant, parseRestaurantFile } from '../modules/catalog/import.ts';
import { loadDemoHistory } from './demo-history.ts';

export const demoRestaurantPath = join(apiRoot, 'restaurant/demo-restaurant.json');

export interface SeedOptions {
  /**
   * Past orders to generate after importing the demo restaurant (demo-history.ts),
   * so recommendations and popular dishes have data. Default 0: tests keep an empty order table.
   */
  history?: number;
  /** The history ends at this instant (the server's clock). Default: now. */
  now?: Date;
  /** Settings replacing the demo file's (env DEMO_SETTINGS), e.g. {"payments.cod.active": false}. */
  settings?: Record<string, unknown>;
}

/**
 * Loads the demo restaurant into an empty database, then `history` past orders; leaves a
 * database that has a menu alone (no history either). @returns whether the demo was loaded.
 */
export async function seedDemoIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  if ((await countMenus(db)) > 0) return false;
  const demo = JSON.parse(readFileSync(demoRestaurantPath, 'utf8')) as { settings?: Record<string, unknown> };
  const file = parseRestaurantFile({ ...demo, settings: { ...demo.settings, ...options.settings } });
  const { imported } = await importRestaurant(db, file, { onlyIfEmpty: true });
  if (imported && options.history) await loadDemoHistory(db, { orders: options.history, now: options.now });
  return imported;
}
