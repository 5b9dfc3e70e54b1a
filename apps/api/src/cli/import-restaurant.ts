import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';
import { readEnv } from '../env.ts';
import { importRestaurant, parseRestaurantFile, RestaurantFileError } from '../modules/catalog/import.ts';
import { demoHistoryOrders, loadDemoHistory } from '../seeding/demo-history.ts';

const usage = 'Usage : npm run restaurant:import -- chemin/vers/restaurant.json [--with-history]';

/**
 * npm run restaurant:import -- file.json [--with-history] : validates the file, then replaces the
 * catalogue; with --with-history, adds 3,000 generated past orders over the last 60 days (demo data
 * for recommendations and popular dishes; loading them twice adds nothing).
 */
async function main() {
  const args = process.argv.slice(2);
  const withHistory = args.includes('--with-history');
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--with-history');
  if (unknown.length) throw new Error(`Option inconnue : ${unknown.join(', ')}\n${usage}`);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new Error(usage);
  const json: unknown = JSON.parse(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8'));
  const restaurant = parseRestaurantFile(json);
  const env = readEnv();
  const release = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    const counts = await importRestaurant(database.db, restaurant);
    console.log(`Importé : ${counts.menus} cartes, ${counts.items} plats, ${counts.offers} offres et codes promo.`);
    if (withHistory) {
      const orders = await loadDemoHistory(database.db, { orders: demoHistoryOrders });
      console.log(`Historique de démonstration : ${orders} commandes ajoutées sur les 60 derniers jours.`);
    }
  } finally {
    await database.close();
    await release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof RestaurantFileError || error instanceof Error ? error.message : error);
  process.exit(1);
});
