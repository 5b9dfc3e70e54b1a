import { sql } from 'drizzle-orm';
import type { ChosenOptionValue } from '@resto/domain/catalogue';
import { zoneQuote } from '@resto/domain/delivery';
import { priceCart } from '@resto/domain/pricing';
import type { Database } from '../db/client.ts';
import { orderEvents, orderLines, orders } from '../db/schema.ts';
import { CatalogService } from '../modules/catalog/service.ts';
import { orderRows, type BuiltOrder } from '../modules/orders/order-rows.ts';
import { insertPastOrders, type NewOrderLine } from '../modules/orders/repository.ts';
import { demoInputFromMenus, generateDemoCarts, type DemoHistoryInput } from './demo-carts.ts';

/**
 * The demo restaurant's order history: the carts of demo-carts.ts priced by the domain (priceCart,
 * no offers, no coupon: the demo has none in its history) from the menu as the API serves it, and
 * turned into order rows by the orders module's own builder (modules/orders/order-rows.ts, the one
 * checkout uses), so the totals, VAT per line and option snapshots are those a real checkout would
 * have recorded. Written through the orders repository (insertPastOrders).
 */

/** Orders loaded with the demo restaurant by `npm start` (unless DEMO_HISTORY=0). */
export const demoHistoryOrders = 3000;
/** The seed of the history `npm start` loads: the same demo everywhere. */
const demoHistorySeed = 20_241_122;

/** One generated order: its row, its lines and its status history (oldest first). */
export interface DemoOrder {
  order: BuiltOrder & { booksChain: 'simulation'; updatedAt: Date };
  lines: NewOrderLine[];
  /** The chosen option values of each line, in line order (what priced them). */
  choices: ChosenOptionValue[][];
  history: { status: string; at: Date }[];
}

/** Generates `orders` past orders (demo-carts.ts) and prices them as a checkout does. Deterministic for a given input. */
export function generateDemoHistory(input: DemoHistoryInput): DemoOrder[] {
  const settings = input.settings ?? [];
  const itemsById = new Map(input.items.map((item) => [item.item_id, item]));
  return generateDemoCarts(input).map((cart) => {
    const isPickup = cart.zone === null;
    const { totals, offers } = priceCart({
      lines: cart.lines,
      isPickup,
      settings,
      offers: [],
      coupon: null,
      now: cart.createdAt,
      delivery: cart.zone ? zoneQuote(cart.zone) : null,
    });
    const { order, lines } = orderRows({
      localId: cart.localId,
      userId: null,
      status: cart.history.at(-1)!.status,
      isPickup,
      paymentMethod: cart.paymentMethod,
      transactionId: cart.transactionId,
      customer: cart.customer,
      location: cart.location,
      deliveryDate: null,
      deliveryTimeRange: null,
      lines: cart.lines,
      totals,
      offers,
      itemsById,
      settings,
      couponCode: null,
      receiptHideName: false,
      business: null,
      mealVoucherCents: 0,
      createdAt: cart.createdAt,
    });
    return {
      // The books' simulation chain (docs/decisions/031): a demo order is never a sale of the live books.
      order: { ...order, booksChain: 'simulation', updatedAt: cart.history.at(-1)!.at },
      lines,
      choices: cart.lines.map((line) => [...line.choices]),
      history: cart.history,
    };
  });
}

/**
 * Inserts generated orders with their lines and status history (orders repository, insertPastOrders:
 * one transaction, batches of `batchSize` orders). Orders whose local_id is already there are
 * skipped, so loading the same history twice adds nothing. Then ANALYZE. About 0.3 to 0.5 ms an
 * order on PGlite, 0.2 ms on PostgreSQL. @returns orders inserted.
 */
export async function insertDemoHistory(db: Database, rows: readonly DemoOrder[], batchSize = 1000): Promise<number> {
  const inserted = await insertPastOrders(db, rows, batchSize);
  // PGlite has no autovacuum: without statistics on thousands of new rows, the planner picks
  // nested loops that make a recommendation take seconds instead of milliseconds.
  if (inserted > 0) await db.execute(sql`analyze ${orders}, ${orderLines}, ${orderEvents}`);
  return inserted;
}

/**
 * Generates `orders` orders from the catalogue now in the database and inserts them
 * (demo-restaurant.ts on a first start, `npm run restaurant:import -- file.json --with-history`).
 * @returns orders inserted.
 */
export async function loadDemoHistory(db: Database, options: { orders?: number; now?: Date; seed?: number } = {}): Promise<number> {
  const catalog = await new CatalogService(db).getCatalog();
  const { items, categoryNames } = demoInputFromMenus(catalog.menus);
  const rows = generateDemoHistory({
    items,
    categoryNames,
    settings: catalog.settings,
    now: options.now ?? new Date(),
    orders: options.orders ?? demoHistoryOrders,
    seed: options.seed ?? demoHistorySeed,
  });
  return insertDemoHistory(db, rows);
}
