import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './db/client.ts';
import { countMenus } from './modules/catalog/repository.ts';
import { importRestaurant, parseRestaurantFile } from './modules/catalog/import.ts';

export const demoRestaurantPath = join(dirname(fileURLToPath(import.meta.url)), '../restaurant/demo-restaurant.json');

/** Loads the demo restaurant into an empty database; leaves a database that has a menu alone. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  if ((await countMenus(db)) > 0) return false;
  const file = parseRestaurantFile(JSON.parse(readFileSync(demoRestaurantPath, 'utf8')));
  return (await importRestaurant(db, file, { onlyIfEmpty: true })).imported;
}
