import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';
import { readEnv } from '../env.ts';
import { importRestaurant, parseRestaurantFile, RestaurantFileError } from '../modules/catalog/import.ts';

/** npm run restaurant:import -- file.json : validates the file, then replaces the catalogue. */
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage : npm run restaurant:import -- chemin/vers/restaurant.json');
  const json: unknown = JSON.parse(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8'));
  const restaurant = parseRestaurantFile(json);
  const env = readEnv();
  const release = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    const counts = await importRestaurant(database.db, restaurant);
    console.log(`Importé : ${counts.menus} cartes, ${counts.items} plats, ${counts.offers} offres et codes promo.`);
  } finally {
    await database.close();
    await release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof RestaurantFileError || error instanceof Error ? error.message : error);
  process.exit(1);
});
