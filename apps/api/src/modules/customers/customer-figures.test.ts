import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CustomerDetail, CustomerList, CustomerRow } from '@resto/contract/customers';
import { customerFigures, customerFiguresStale } from '../../db/schema.ts';
import { payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, inMinutes, placeCashOrder, placePaidCardOrder } from '../board/test-helpers.ts';

/**
 * The customers' stored figures (docs/decisions/037-customers.md, « The figures »: the table
 * `customer_figures`, made stale by the triggers of migration 0027 and computed again by the
 * list's read) over real HTTP on PGlite, or on the PostgreSQL of DATABASE_URL: after every kind
 * of change — an order placed, paid, refused, not collected, refunded, a merge, the retention —
 * the list read right after shows it, and every row equals the customer's page (computed from
 * the orders at each read, with no stored figure).
 */

// Tuesday 17 November 2026 at 12:30 in Paris (the demo restaurant is closed on Mondays).
let now = new Date('2026-11-17T11:30:00Z');
let server: TestServer;
let staff: TestStaff;
const tick = () => (now = new Date(now.getTime() + 60_000));

const ines = { first_name: 'Inès', last_name: 'Roche', email: 'ines@example.fr', phone: '06 44 55 66 77' };
const hugo = { first_name: 'Hugo', last_name: 'Lambert', email: 'hugo@example.fr', phone: '06 12 12 12 12' };

const list = async (query = '') => payloadOf(await staffRequest<CustomerList>(server, staff.cookie, 'GET', `/v2/restaurant/customers${query}`));
const detail = async (key: string) =>
  payloadOf(await staffRequest<CustomerDetail>(server, staff.cookie, 'GET', `/v2/restaurant/customers/${encodeURIComponent(key)}`));

/** The list (read first: it refreshes the figures), checked row by row against each customer's page. */
async function checkedList(): Promise<CustomerRow[]> {
  const { customers, total } = await list();
  expect(total).toBe(customers.length);
  for (const row of customers) expect(row).toEqual((await detail(row.key)).customer);
  expect(await server.db.select().from(customerFiguresStale)).toEqual([]);
  return customers;
}
const rowOf = (rows: CustomerRow[], email: string) => rows.find((row) => row.emails.includes(email));

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  staff = await createTestStaff(server.db, { now, name: 'Léa' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

test('an order placed, then another: the list read right after counts them', async () => {
  expect(await checkedList()).toEqual([]);
  await placeCashOrder(server, { customer: ines });
  const first = rowOf(await checkedList(), 'ines@example.fr')!;
  expect(first).toMatchObject({ name: 'Inès Roche', orders: 1, phones: ['+33644556677'] });
  tick();
  await placeCashOrder(server, { customer: { ...ines, last_name: 'Roche-Vidal' } });
  const second = rowOf(await checkedList(), 'ines@example.fr')!;
  expect(second).toMatchObject({ name: 'Inès Roche-Vidal', orders: 2 });
  expect(second.spent).toBeCloseTo(first.spent * 2, 2);
  expect(second.last_order_at > first.last_order_at).toBe(true);
});

test('refused, not collected, refunded: the figures follow each change', async () => {
  tick();
  const refused = (await placeCashOrder(server, { customer: hugo })).orderId;
  const before = rowOf(await checkedList(), 'hugo@example.fr')!;
  expect(before).toMatchObject({ orders: 1, no_shows: 0 });
  payloadOf(await act(server, staff.cookie, refused, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' }));
  // A refused cash order was not paid: nothing spent.
  expect(rowOf(await checkedList(), 'hugo@example.fr')).toMatchObject({ orders: 1, spent: 0 });

  tick();
  const missed = (await placeCashOrder(server, { customer: hugo })).orderId;
  payloadOf(await act(server, staff.cookie, missed, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
  await checkedList();
  payloadOf(await staffRequest(server, staff.cookie, 'POST', `/v2/restaurant/orders/${missed}/not-collected`, { expected_status: 'accepted' }));
  expect(rowOf(await checkedList(), 'hugo@example.fr')).toMatchObject({ orders: 2, no_shows: 1 });

  // A card order (placed once paid), then a refund that is pending, then succeeded.
  tick();
  const paid = await placePaidCardOrder(server);
  const [card] = (await server.db.execute<{ email: string }>(sql`select lower(customer->>'email') as email from orders where order_id = ${paid.orderId}`)).rows;
  const cardEmail = card!.email;
  const withCard = rowOf(await checkedList(), cardEmail)!;
  expect(withCard.orders).toBe(1);
  await server.db.execute(
    sql`insert into refunds (order_id, provider, amount_cents, status, refund_key, kind) values (${paid.orderId}, 'test', 300, 'pending', ${`partial-${paid.orderId}-f`}, 'partial')`,
  );
  expect(rowOf(await checkedList(), cardEmail)!.spent).toBe(withCard.spent);
  await server.db.execute(sql`update refunds set status = 'succeeded' where refund_key = ${`partial-${paid.orderId}-f`}`);
  expect(Math.round((withCard.spent - rowOf(await checkedList(), cardEmail)!.spent) * 100)).toBe(300);
});

test('a merge: one row left, the absorbed customer’s figures gone', async () => {
  const before = await checkedList();
  // Inès, Hugo and the card order's customer.
  expect(before).toHaveLength(3);
  tick();
  // Inès's e-mail with Hugo's phone joins them.
  await placeCashOrder(server, { customer: { ...ines, phone: hugo.phone } });
  const after = await checkedList();
  expect(after).toHaveLength(2);
  const joined = rowOf(after, 'hugo@example.fr')!;
  expect(joined.emails).toEqual(['hugo@example.fr', 'ines@example.fr']);
  expect(joined.orders).toBe(rowOf(before, 'hugo@example.fr')!.orders + rowOf(before, 'ines@example.fr')!.orders + 1);
  expect(await server.db.select().from(customerFigures)).toHaveLength(2);
});

test('the retention: a customer whose orders were all anonymised leaves the list', async () => {
  await server.db.execute(sql`update orders set created_at = created_at - interval '40 months'`);
  await server.deps.privacy.anonymiseExpiredGuestData();
  expect(await checkedList()).toEqual([]);
  expect(await server.db.select().from(customerFigures)).toEqual([]);
});
