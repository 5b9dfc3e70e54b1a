import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { loadDemoHistory } from '../../seeding/demo-history.ts';
import { allItems, fetchCatalogue, payloadOf, sendJson, type TestServer } from '../../test/harness.ts';
import { startBackOfficeServer, type TestStaff } from '../../test/staff.ts';
import { act, placeCashOrder } from '../board/test-helpers.ts';
import { CoOrderFold, foldCoOrders } from './co-orders.ts';
import { findMostOrdered } from './repository.ts';

/**
 * The co-occurrence counts of recommendations (docs/decisions/004): folded from order events outside the
 * order's transaction, on real orders placed and refused over HTTP, checked against a recount of
 * the orders themselves; retried, crashed and racing folds count every order once (on PostgreSQL
 * the race is between two connection pools, as two API instances).
 */

// Tuesday 24 November 2026, 12:30 in Paris: the demo restaurant is open.
const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let owner: TestStaff;
let dishes: [number, number, number];

beforeAll(async () => {
  ({ server, owner } = await startBackOfficeServer(now));
  const orderable = allItems(await fetchCatalogue(server.baseUrl)).filter((i) => i.item_is_available && !i.options.some((o) => o.required));
  dishes = [orderable[0]!.item_id, orderable[1]!.item_id, orderable[2]!.item_id].sort((x, y) => x - y) as [number, number, number];
});
afterAll(async () => {
  await server?.close();
});

/** The counts as stored, without pairs at 0: 'a-b' → orders. */
async function storedCounts(db: Database = server.db): Promise<Record<string, number>> {
  const rows = await queryRows<{ item_id: number; other_item_id: number; orders: number }>(
    db,
    sql`select item_id, other_item_id, orders from co_orders where orders <> 0 order by item_id, other_item_id`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.item_id}-${r.other_item_id}`, Number(r.orders)]));
}

/** The counts recounted from the orders themselves (the definition): distinct orders, free lines and orders that did not happen left out. */
async function recount(db: Database = server.db): Promise<Record<string, number>> {
  const rows = await queryRows<{ item_id: number; other_item_id: number; orders: number }>(
    db,
    sql`select a.item_id, b.item_id as other_item_id, count(distinct a.order_id)::int as orders
        from order_lines a
        join order_lines b on b.order_id = a.order_id and b.item_id <> a.item_id
        join orders o on o.order_id = a.order_id
        where o.status not in ('rejected', 'cancelled') and not a.is_free and not b.is_free
        group by a.item_id, b.item_id
        order by a.item_id, b.item_id`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.item_id}-${r.other_item_id}`, Number(r.orders)]));
}

/** The units per UTC day and dish: as stored, and recounted from the orders (units at 0 left out). */
async function unitsByDay(db: Database = server.db): Promise<{ stored: Record<string, number>; recounted: Record<string, number> }> {
  type Row = { day: string; item_id: number; units: number };
  const rows = (list: Row[]) => Object.fromEntries(list.map((r) => [`${String(r.day)} ${r.item_id}`, Number(r.units)]));
  const stored = await queryRows<Row>(db, sql`select day::text as day, item_id, units from item_units_by_day where units <> 0 order by 1, 2`);
  const recounted = await queryRows<Row>(
    db,
    sql`select (o.created_at at time zone 'UTC')::date::text as day, l.item_id, sum(l.quantity)::int as units
        from orders o join order_lines l on l.order_id = o.order_id
        where o.status not in ('rejected', 'cancelled') and not l.is_free
        group by 1, 2 order by 1, 2`,
  );
  return { stored: rows(stored), recounted: rows(recounted) };
}

/** Both directions of each pair, for expectations. */
function pairs(list: [number, number, number][]): Record<string, number> {
  return Object.fromEntries(list.flatMap(([a, b, n]) => [[`${a}-${b}`, n] as const, [`${b}-${a}`, n] as const]).sort(([x], [y]) => x.localeCompare(y)));
}

const line = (itemId: number, quantity = 1) => ({ itemId, quantity });

/** POST /v2/recommendations: the ids suggested. */
async function recommend(cartItems: number[], maxRecommendations: number): Promise<number[]> {
  const answer = await sendJson<{ recommendations: { itemId: number }[] }>(server.baseUrl, 'POST', '/v2/recommendations', { cartItems, maxRecommendations });
  return payloadOf(answer).recommendations.map((r) => r.itemId);
}

describe('orders placed and refused over HTTP', () => {
  let withAll: number;
  let withFirstAndThird: number;

  test('counted once folded: one per order holding both dishes, whatever the quantities and lines', async () => {
    const [a, b, c] = dishes;
    await placeCashOrder(server, { lines: [line(a), line(b)] });
    withAll = (await placeCashOrder(server, { lines: [line(a, 3), line(b), line(c), line(b, 2)] })).orderId;
    withFirstAndThird = (await placeCashOrder(server, { lines: [line(a), line(c, 2)] })).orderId;
    // No fold step ran yet in this server: the request folds before answering.
    expect(await recommend([a], 2)).toEqual([b, c]);
    expect(await storedCounts()).toEqual(
      pairs([
        [a, b, 2],
        [a, c, 2],
        [b, c, 1],
      ]),
    );
    expect(await storedCounts()).toEqual(await recount());
  });

  test('a rejected order, then a cancelled one, are taken back out', async () => {
    const [a, b, c] = dishes;
    payloadOf(await act(server, owner.cookie, withAll, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' }));
    await server.deps.discovery.counts.catchUp();
    expect(await storedCounts()).toEqual(
      pairs([
        [a, b, 1],
        [a, c, 1],
      ]),
    );
    payloadOf(
      await act(server, owner.cookie, withFirstAndThird, {
        action: 'accept',
        expected_status: 'pending',
        ready_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
      }),
    );
    await server.deps.discovery.counts.catchUp();
    expect(await storedCounts()).toEqual(
      pairs([
        [a, b, 1],
        [a, c, 1],
      ]),
    ); // accepted: still counted, once
    payloadOf(await act(server, owner.cookie, withFirstAndThird, { action: 'cancel', expected_status: 'accepted', reason: 'product_sold_out' }));
    await server.deps.discovery.counts.catchUp();
    expect(await storedCounts()).toEqual(pairs([[a, b, 1]]));
    expect(await storedCounts()).toEqual(await recount());
    const units = await unitsByDay();
    expect(units.stored).toEqual(units.recounted);
  });

  test('a fold retried adds nothing; one that crashed before committing counted nothing, and is done again once', async () => {
    const before = await storedCounts();
    expect((await foldCoOrders(server.db)).events).toBe(0);
    await new CoOrderFold(server.db).catchUp(); // another process starting on the same data
    expect(await storedCounts()).toEqual(before);

    const [a, , c] = dishes;
    await placeCashOrder(server, { lines: [line(a), line(c)] });
    // The step's work and its watermark in one transaction: a crash after it leaves neither.
    await expect(
      server.db.transaction(async (tx) => {
        expect((await foldCoOrders(tx)).events).toBeGreaterThan(0);
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await storedCounts()).toEqual(before);
    await server.deps.discovery.counts.catchUp();
    expect(await storedCounts()).toEqual(await recount());
    expect((await storedCounts())[`${a}-${c}`]).toBe((before[`${a}-${c}`] ?? 0) + 1);
  });

  test('answers follow the counts as soon as they are folded (nothing kept from before)', async () => {
    const [a, b, c] = dishes;
    const counts = await storedCounts();
    expect(counts[`${a}-${b}`]).toBe(1);
    expect(counts[`${a}-${c}`]).toBe(1);
    expect(await recommend([a], 1)).toEqual([b]); // a tie: by id
    await placeCashOrder(server, { lines: [line(a), line(c)] });
    await server.deps.discovery.counts.catchUp(); // the server's timer
    expect(await recommend([a], 1)).toEqual([c]);
  });
});

describe('the demo history (3,000 orders)', () => {
  beforeAll(async () => {
    await loadDemoHistory(server.db, { now, seed: 7 });
  }, 120_000);

  const reset = async () => {
    await server.db.execute(sql`delete from co_orders`);
    await server.db.execute(sql`delete from item_units_by_day`);
    await server.db.execute(sql`delete from event_folds`);
  };

  test('folded batch after batch from nothing: the same counts as a recount of the orders', async () => {
    await reset();
    await new CoOrderFold(server.db, undefined, { batchEvents: 997 }).catchUp();
    const counts = await storedCounts();
    expect(Object.keys(counts).length).toBeGreaterThan(100);
    expect(counts).toEqual(await recount());
    const units = await unitsByDay();
    expect(Object.keys(units.stored).length).toBeGreaterThan(100);
    expect(units.stored).toEqual(units.recounted);
  }, 60_000);

  test('the popular dishes from the units per day: as a scan of the orders since any instant', async () => {
    await server.deps.discovery.counts.catchUp();
    // Instants in the history's 60 days, at odd times of day: part of the first day is read from the orders.
    for (const hoursAgo of [30 * 24, 30 * 24 + 7.25, 12 * 24 + 17.5, 55 * 24 + 0.1, 3.3]) {
      const since = new Date(now.getTime() - hoursAgo * 3_600_000);
      const scanned = await queryRows<{ item_id: number; units: number }>(
        server.db,
        sql`select l.item_id, sum(l.quantity)::int as units from order_lines l join orders o on o.order_id = l.order_id
            where o.created_at >= ${since.toISOString()} and o.status not in ('rejected', 'cancelled') and not l.is_free
            group by l.item_id order by units desc, l.item_id limit 200`,
      );
      expect(await findMostOrdered(server.db, since, 200)).toEqual(scanned.map((r) => ({ itemId: Number(r.item_id), units: Number(r.units) })));
    }
  }, 60_000);

  test('two folds racing (on PostgreSQL: two instances) count every order once', async () => {
    await reset();
    // On PostgreSQL a second pool on the same database: another API instance.
    const other = server.databaseUrl ? await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'unused' }) : undefined;
    try {
      const folds = [new CoOrderFold(server.db, undefined, { batchEvents: 613 }), new CoOrderFold(other?.db ?? server.db, undefined, { batchEvents: 401 })];
      // Both catch up at once, and requests of both instances fold (without waiting) meanwhile.
      await Promise.all([
        ...folds.map((fold) => fold.catchUp()),
        ...folds.flatMap((fold) => Array.from({ length: 5 }, () => fold.step(false))),
        ...folds.map((fold) => fold.catchUp()),
      ]);
      await Promise.all(folds.map((fold) => fold.catchUp()));
      expect(await storedCounts()).toEqual(await recount());
      const units = await unitsByDay();
      expect(units.stored).toEqual(units.recounted);
    } finally {
      await other?.close();
    }
  }, 60_000);
});
