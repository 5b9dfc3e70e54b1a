/**
 * docs/decisions/023 (figure to report): time from saving a price in the menu editor
 * (PUT /v2/restaurant/menu/items/{id}, answered) to a new visitor's GET /v2/public/menus showing
 * it — on the instance that saved, and, with PostgreSQL (DATABASE_URL or 127.0.0.1:5432), on a
 * second API instance sharing the database (it sees the new catalogue version at its next check,
 * at most 1 s). Goal: under 1 s. Prints median and worst of RUNS edits (default 10).
 * Run: node --import tsx bench/menu-edit.bench.ts
 */
import { availableParallelism, loadavg } from 'node:os';
import type { DishView, MenuTree } from '../packages/contract/src/backoffice-menu.ts';
import { payloadOf, request, startTestServer, type TestServer } from '../apps/api/src/test/harness.ts';
import { createTestStaff } from '../apps/api/src/test/staff.ts';

const runs = Number(process.env.RUNS ?? 10);
const now = new Date('2026-11-24T11:30:00Z');

async function priceSeen(server: TestServer, itemId: number, price: number): Promise<boolean> {
  const menus = payloadOf(
    await request<{ categories: { items: { item_id: number; item_price: { price_pickup: number } }[] }[] }[]>(server.baseUrl, '/v2/public/menus'),
  );
  return menus.some((m) => m.categories.some((c) => c.items.some((i) => i.item_id === itemId && i.item_price.price_pickup === price)));
}

/** Saves `runs` prices through `writer` and times until `reader` serves each to a new visitor. */
async function measure(label: string, writer: TestServer, reader: TestServer): Promise<void> {
  const owner = await createTestStaff(writer.db, { role: 'owner', now });
  const call = <T>(method: string, path: string, body?: unknown) =>
    request<T>(writer.baseUrl, `/v2/restaurant/menu${path}`, {
      method,
      headers: { Cookie: owner.cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const tree = payloadOf(await call<MenuTree>('GET', ''));
  let dish: DishView = tree.menus[0]!.categories[0]!.items[0]!;
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const price = 20 + run / 10;
    const { item_id: _id, menu_id: _menu, position: _position, version, ordered: _ordered, sold_out_until: _sold, ...fields } = dish;
    const started = performance.now();
    dish = payloadOf(await call<DishView>('PUT', `/items/${dish.item_id}`, { ...fields, price_pickup: price, expected_version: version }));
    while (!(await priceSeen(reader, dish.item_id, price))) await new Promise((resolve) => setTimeout(resolve, 5));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} médiane ${times[Math.floor(times.length / 2)]!.toFixed(0).padStart(5)} ms, pire ${times.at(-1)!.toFixed(0).padStart(5)} ms (${runs} modifications)`,
  );
}

console.log(`Machine : ${availableParallelism()} cœurs, charge ${loadavg()[0]!.toFixed(1)}`);
const databaseUrl = process.env.DATABASE_URL;
process.env.DATABASE_URL = '';
const pglite = await startTestServer({ clock: () => now });
try {
  await measure('PGlite, même instance', pglite, pglite);
} finally {
  await pglite.close();
}
process.env.DATABASE_URL = databaseUrl ?? 'postgres://root@127.0.0.1:5432/postgres';
let first: TestServer | undefined;
let second: TestServer | undefined;
try {
  first = await startTestServer({ clock: () => now });
  second = await startTestServer({ clock: () => now, databaseUrl: first.databaseUrl! });
  await measure('PostgreSQL, même instance', first, first);
  await measure('PostgreSQL, une autre instance (vérif. 1 s)', first, second);
} catch (error) {
  console.log(`PostgreSQL indisponible : ${(error as Error).message}`);
} finally {
  await second?.close();
  await first?.close();
}
