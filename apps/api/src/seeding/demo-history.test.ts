import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MenuItem } from '@resto/domain/catalogue';
import { toRestaurantTime } from '@resto/domain/clock';
import { findZone, readDeliverySettings, zoneQuote } from '@resto/domain/delivery';
import { priceCart } from '@resto/domain/pricing';
import { queryRows } from '../db/client.ts';
import { seedDemoIfEmpty } from './demo-restaurant.ts';
import { allItems, countOrders, fetchCatalogue, payloadOf, sendJson, startTestServer, type PublicCatalogue, type TestServer } from '../test/harness.ts';
import { demoInputFromMenus, demoKindOf } from './demo-carts.ts';
import { generateDemoHistory, insertDemoHistory, type DemoOrder } from './demo-history.ts';

/** The demo order history (demo-history.ts): deterministic, priced by the domain, realistic enough to recommend from. */

// 2025-11-25 is a Tuesday; 15:00 in Paris (CET) is 14:00 UTC.
const now = new Date('2025-11-25T14:00:00Z');
const dayMs = 86_400_000;

let server: TestServer;
let catalogue: PublicCatalogue;
let history: DemoOrder[];

function generate(orders: number, seed: number): DemoOrder[] {
  return generateDemoHistory({ ...demoInputFromMenus(catalogue.menus), settings: catalogue.settings, now, orders, seed });
}

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  catalogue = await fetchCatalogue(server.baseUrl);
  history = generate(3000, 42);
});
afterAll(async () => {
  await server?.close();
});

const itemById = () => new Map(allItems(catalogue).map((item) => [item.item_id, item]));
const categoryName = (item: MenuItem) => catalogue.menus.flatMap((m) => m.categories).find((c) => c.category_id === item.item_category_id)?.category_name;
const isBrunch = (item: MenuItem) =>
  demoKindOf(item, `${categoryName(item)} ${catalogue.menus.find((m) => m.menu_id === item.item_menu_id)?.menu_name}`) === 'brunch';

describe('generateDemoHistory', () => {
  test('the test harness seeds no history: API tests keep an empty order table', async () => {
    expect(await countOrders(server.db)).toBe(0);
  });

  test('is deterministic for a seed, and another seed gives other orders', () => {
    expect(generate(3000, 42)).toEqual(history);
    const other = generate(3000, 43);
    expect(other).toHaveLength(3000);
    expect(other.map((o) => o.lines.map((l) => l.itemId))).not.toEqual(history.map((o) => o.lines.map((l) => l.itemId)));
  });

  test('every line is priced as the menu prices it, and the totals are those of priceCart without offers', () => {
    const items = itemById();
    const zones = readDeliverySettings(catalogue.settings).zones;
    for (const { order, lines, choices } of history) {
      const zone = order.isPickup ? null : findZone(zones, order.location as { postal_code: string; city: string });
      if (!order.isPickup) expect(zone).not.toBeNull();
      const { totals } = priceCart({
        lines: lines.map((line, index) => ({ item: items.get(line.itemId)!, choices: choices[index]!, quantity: line.quantity })),
        isPickup: order.isPickup,
        settings: catalogue.settings,
        offers: [],
        coupon: null,
        now: order.createdAt,
        delivery: zone ? zoneQuote(zone) : null,
      });
      lines.forEach((line, index) => {
        const item = items.get(line.itemId)!;
        const base = Math.round((order.isPickup ? item.item_price.price_pickup : item.item_price.price_delivery) * 100);
        const extras = line.options.reduce((sum, o) => {
          const value = item.options.find((opt) => opt.option_id === o.option_id)!.option_options.find((v) => v.id === o.id)!;
          expect(o.price_cents).toBe(Math.round(value.price * 100));
          return sum + o.price_cents * o.quantity;
        }, 0);
        expect(line.unitPriceCents).toBe(base + extras);
        expect(line.unitPriceCents).toBe(totals.lines[index]!.unitCents);
        expect(line.amountCents).toBe(line.unitPriceCents * line.quantity);
        expect(line.itemMenuId).toBe(item.item_menu_id);
        expect(line.itemName).toBe(item.item_name);
        expect(item.item_is_available).toBe(true);
      });
      expect(order.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.amountCents, 0));
      expect(order).toMatchObject({
        subtotalCents: totals.subtotalCents,
        deliveryCents: totals.deliveryCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        discountCents: 0,
      });
      expect(order.totalCents).toBe(order.subtotalCents + order.deliveryCents);
    }
  });

  test('orders look real: 60 days, opening hours, 1–5 lines, small quantities, mostly completed, fake e-mails', () => {
    const statuses = new Map<string, number>();
    let quantityOneOrTwo = 0;
    let lineCount = 0;
    const byDay = new Map<string, number>();
    for (const { order, lines, history: steps } of history) {
      const at = order.createdAt.getTime();
      expect(at).toBeLessThan(now.getTime());
      expect(at).toBeGreaterThanOrEqual(now.getTime() - 60 * dayMs);
      const { day, time } = toRestaurantTime(order.createdAt);
      expect(day).not.toBe('mon');
      expect((time >= '10:00' && time < '14:30') || (time >= '18:30' && time < '22:30')).toBe(true);
      if (time < '11:30') expect(['sat', 'sun']).toContain(day);
      byDay.set(day, (byDay.get(day) ?? 0) + 1);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(5);
      expect(new Set(lines.map((l) => l.itemId)).size).toBe(lines.length);
      for (const line of lines) {
        lineCount += 1;
        if (line.quantity <= 2) quantityOneOrTwo += 1;
      }
      statuses.set(order.status, (statuses.get(order.status) ?? 0) + 1);
      expect(steps[0]).toEqual({ status: 'pending', at: order.createdAt });
      expect(steps.at(-1)!.status).toBe(order.status);
      expect(order.customer.email).toMatch(/^client-\d+@example\.fr$/);
    }
    expect(quantityOneOrTwo / lineCount).toBeGreaterThan(0.9);
    expect(statuses.get('completed')! / history.length).toBeGreaterThan(0.85);
    expect(statuses.get('cancelled')).toBeGreaterThan(0);
    // Fridays and Saturdays are the busy days.
    expect(byDay.get('fri')!).toBeGreaterThan(byDay.get('tue')!);
    expect(byDay.get('sat')!).toBeGreaterThan(byDay.get('wed')!);
    expect(new Set(history.map((o) => o.order.localId)).size).toBe(history.length);
    // Numbered in time order, as real orders are: order ids grow with created_at.
    expect(history.every((o, i) => i === 0 || o.order.createdAt >= history[i - 1]!.order.createdAt)).toBe(true);
  });

  test('brunch dishes are ordered on Saturdays and Sundays only, and together', () => {
    const items = itemById();
    let brunchOrders = 0;
    for (const { order, lines } of history) {
      const brunchLines = lines.filter((l) => isBrunch(items.get(l.itemId)!));
      if (brunchLines.length === 0) continue;
      brunchOrders += 1;
      expect(['sat', 'sun']).toContain(toRestaurantTime(order.createdAt).day);
      expect(brunchLines).toHaveLength(lines.length);
    }
    expect(brunchOrders).toBeGreaterThan(50);
  });
});

describe('insertDemoHistory, then recommendations', () => {
  beforeAll(async () => {
    const started = performance.now();
    expect(await insertDemoHistory(server.db, history)).toBe(3000);
    // Logged, not asserted: shared CI machines vary. About 2 s on PGlite here.
    console.info(`insertDemoHistory: 3000 orders in ${Math.round(performance.now() - started)} ms (${server.kind})`);
    // Recommendations read counts folded from the orders (docs/decisions/004): the whole history first, as the server's timer does at start.
    await server.deps.discovery.counts.catchUp();
  });

  test('writes orders, lines and status history as generated; loading them again adds nothing', async () => {
    expect(await countOrders(server.db)).toBe(3000);
    const [counts] = await queryRows<{ lines: number; steps: number; subtotal: number; amounts: number }>(
      server.db,
      sql`select (select count(*)::int from order_lines) as lines, (select count(*)::int from order_events) as steps,
        (select sum(subtotal_cents)::int from orders) as subtotal, (select sum(amount_cents)::int from order_lines) as amounts`,
    );
    expect(counts).toEqual({
      lines: history.reduce((n, o) => n + o.lines.length, 0),
      steps: history.reduce((n, o) => n + o.history.length, 0),
      subtotal: history.reduce((n, o) => n + o.order.subtotalCents, 0),
      amounts: history.reduce((n, o) => n + o.order.subtotalCents, 0),
    });
    expect(await insertDemoHistory(server.db, history.slice(0, 10))).toBe(0);
    expect(await countOrders(server.db)).toBe(3000);
  });

  test('the history is the books’ simulation chain: no order of it is a live sale, none has a live receipt (docs/decisions/031)', async () => {
    const [chains] = await queryRows<{ simulation: number; live: number }>(
      server.db,
      sql`select count(*) filter (where books_chain = 'simulation')::int as simulation, count(*) filter (where books_chain <> 'simulation')::int as live from orders`,
    );
    expect(chains).toEqual({ simulation: 3000, live: 0 });
    const [entries] = await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from journal_entries where chain = 'live' and kind in ('document', 'payment')`,
    );
    expect(entries!.n).toBe(0);
  });

  test('in the database too, brunch dishes were ordered on weekends only', async () => {
    const brunchIds = allItems(catalogue)
      .filter(isBrunch)
      .map((i) => i.item_id);
    expect(brunchIds.length).toBeGreaterThan(0);
    const rows = await queryRows<{ dow: number; n: number }>(
      server.db,
      sql`select extract(isodow from o.created_at at time zone 'Europe/Paris')::int as dow, count(*)::int as n
        from order_lines l join orders o on o.order_id = l.order_id
        where l.item_id in (${sql.join(
          brunchIds.map((id) => sql`${id}`),
          sql`, `,
        )}) group by 1 order by 1`,
    );
    expect(rows.map((r) => Number(r.dow))).toEqual([6, 7]);
  });

  test('POST /v2/recommendations for a burger ranks a beer or a soft drink in its top 3', async () => {
    const items = allItems(catalogue);
    const burgers = items.filter((i) => demoKindOf(i, categoryName(i)) === 'burger');
    const drinks = new Set(items.filter((i) => ['beer', 'soft'].includes(demoKindOf(i, categoryName(i)))).map((i) => i.item_id));
    expect(burgers.length).toBeGreaterThan(1);
    expect(drinks.size).toBeGreaterThan(1);
    for (const burger of burgers) {
      const { recommendations } = payloadOf(
        await sendJson<{ recommendations: { itemId: number }[] }>(server.baseUrl, 'POST', '/v2/recommendations', { cartItems: [burger.item_id] }),
      );
      const top3 = recommendations.slice(0, 3).map((r) => r.itemId);
      expect(
        top3.some((id) => drinks.has(id)),
        `${burger.item_name}: ${top3.join(', ')}`,
      ).toBe(true);
    }
  });

  test('POST /v2/recommendations for a pizza ranks the tiramisu or the wine in its top 3', async () => {
    const items = allItems(catalogue);
    const pizza = items.find((i) => demoKindOf(i, categoryName(i)) === 'pizza')!;
    const wanted = new Set(items.filter((i) => /tiramisu|c[oô]tes-du-rh[oô]ne/i.test(i.item_name)).map((i) => i.item_id));
    const { recommendations } = payloadOf(
      await sendJson<{ recommendations: { itemId: number }[] }>(server.baseUrl, 'POST', '/v2/recommendations', { cartItems: [pizza.item_id] }),
    );
    expect(recommendations.slice(0, 3).some((r) => wanted.has(r.itemId))).toBe(true);
  });
});

describe('seedDemoIfEmpty', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer({ seed: false, clock: () => now });
  });
  afterAll(async () => {
    await fresh?.close();
  });

  test('with { history: 3000 }: the demo restaurant, then 3,000 orders of the last 60 days; a second call adds nothing', async () => {
    const started = performance.now();
    expect(await seedDemoIfEmpty(fresh.db, { history: 3000, now })).toBe(true);
    console.info(`seedDemoIfEmpty with 3000 orders: ${Math.round(performance.now() - started)} ms (${fresh.kind})`);
    expect(await countOrders(fresh.db)).toBe(3000);
    const [range] = await queryRows<{ oldest: string; newest: string }>(fresh.db, sql`select min(created_at) as oldest, max(created_at) as newest from orders`);
    expect(new Date(range!.oldest).getTime()).toBeGreaterThanOrEqual(now.getTime() - 60 * dayMs);
    expect(new Date(range!.newest).getTime()).toBeLessThan(now.getTime());
    expect(await seedDemoIfEmpty(fresh.db, { history: 3000, now })).toBe(false);
    expect(await countOrders(fresh.db)).toBe(3000);
  });
});
