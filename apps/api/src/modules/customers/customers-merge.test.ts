import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CustomerDetail, CustomerList } from '@resto/contract/customers';
import { customerRecords } from '../../db/schema.ts';
import { buildOrderPayload, payloadOf, postOrder, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, board, inMinutes, placeCashOrder } from '../board/test-helpers.ts';

/**
 * The merge rule (docs/decisions/037-customers.md) over real HTTP on PGlite, or on the PostgreSQL
 * of DATABASE_URL: an order whose e-mail is one customer's and whose phone is another's joins
 * them — one customer in the list, on their page and on the board's card (the note of the older,
 * the strongest mark, the no-shows under any of their keys, even without any note) — and the total
 * spent is what was paid minus what was refunded.
 */

// Tuesday 17 November 2026 at 12:30 in Paris (the demo restaurant is closed on Mondays).
let now = new Date('2026-11-17T11:30:00Z');
let server: TestServer;
let staff: TestStaff;
const tick = () => (now = new Date(now.getTime() + 60_000));

const zoeHome = { first_name: 'Zoé', last_name: 'Faure', email: 'zoe@maison.fr', phone: '06 01 02 03 04' };
const zoeWork = { first_name: 'Zoé', last_name: 'Faure', email: 'zoe@bureau.fr', phone: '06 05 06 07 08' };
// Home's e-mail with work's phone: the order that joins them.
const zoeBoth = { first_name: 'Zoé', last_name: 'Faure-Martin', email: 'ZOE@maison.fr', phone: '+33605060708' };

const list = (query = '') => staffRequest<CustomerList>(server, staff.cookie, 'GET', `/v2/restaurant/customers${query}`);
const detail = (key: string) => staffRequest<CustomerDetail>(server, staff.cookie, 'GET', `/v2/restaurant/customers/${encodeURIComponent(key)}`);
const put = (key: string, what: 'note' | 'mark', body: unknown) =>
  staffRequest<CustomerDetail>(server, staff.cookie, 'PUT', `/v2/restaurant/customers/${encodeURIComponent(key)}/${what}`, body);
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  staff = await createTestStaff(server.db, { now, name: 'Léa' });
  ids.home = (await placeCashOrder(server, { customer: zoeHome })).orderId;
  tick();
  ids.work = (await placeCashOrder(server, { customer: zoeWork })).orderId;
  // The work order was never collected.
  payloadOf(await act(server, staff.cookie, ids.work, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
  payloadOf(await staffRequest(server, staff.cookie, 'POST', `/v2/restaurant/orders/${ids.work}/not-collected`, { expected_status: 'accepted' }));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

test('two customers until an order has one’s e-mail and the other’s phone; then one, named by their latest order', async () => {
  expect(payloadOf(await list()).total).toBe(2);
  payloadOf(await put('email:zoe@maison.fr', 'note', { note: 'sans gluten' }));
  payloadOf(await put('email:zoe@bureau.fr', 'note', { note: 'sonner deux fois' }));
  payloadOf(await put('email:zoe@bureau.fr', 'mark', { mark: 'flagged', reason: 'adresse incomplète' }));
  tick();
  ids.both = (await placeCashOrder(server, { customer: zoeBoth })).orderId;

  const page = payloadOf(await list());
  expect(page.total).toBe(1);
  expect(page.customers[0]).toMatchObject({
    name: 'Zoé Faure-Martin',
    emails: ['zoe@bureau.fr', 'zoe@maison.fr'],
    phones: ['+33601020304', '+33605060708'],
    orders: 3,
    no_shows: 1,
    mark: 'flagged',
    has_note: true,
  });
  // Any key finds them; the older customer's note stays, the flag of the other comes with them.
  const byHomePhone = payloadOf(await detail('phone:0601020304'));
  const byWorkEmail = payloadOf(await detail('email:zoe@bureau.fr'));
  expect(byHomePhone.customer.key).toBe(byWorkEmail.customer.key);
  expect(byHomePhone.orders.map((o) => o.order_id)).toEqual([ids.both, ids.work, ids.home]);
  expect(byHomePhone.note.text).toBe('sans gluten');
  expect(byHomePhone.mark).toMatchObject({ mark: 'flagged', reason: 'adresse incomplète' });
  // One customer left (the other merged into it).
  const roots = await server.db
    .select()
    .from(customerRecords)
    .where(sql`${customerRecords.mergedInto} is null`);
  expect(roots).toHaveLength(1);
});

test('the board’s card of the joining order: the note, the flag and the no-show under the other e-mail', async () => {
  const card = payloadOf(await board(server, staff.cookie)).orders.find((o) => o.order_id === ids.both)!;
  expect(card.customer_notice).toEqual({ note: 'sans gluten', mark: 'flagged', mark_reason: 'adresse incomplète', no_shows: 1 });
});

test('a note written after the merge, from any key, is the one customer’s', async () => {
  payloadOf(await put('phone:+33605060708', 'note', { note: 'sans gluten, sans lactose' }));
  expect(payloadOf(await detail('email:zoe@maison.fr')).note.text).toBe('sans gluten, sans lactose');
});

test('without any note, a chain still counts the no-shows on the card (a new phone, the work e-mail)', async () => {
  tick();
  const next = (await placeCashOrder(server, { customer: { ...zoeWork, phone: '07 11 22 33 44' } })).orderId;
  const card = payloadOf(await board(server, staff.cookie)).orders.find((o) => o.order_id === next)!;
  expect(card.customer_notice?.no_shows).toBe(1);
});

test('total spent: what was paid minus what was refunded (succeeded refunds only)', async () => {
  const before = payloadOf(await detail('email:zoe@maison.fr')).customer.spent;
  // A refund of 2,50 € succeeded on the first order and one of 1,00 € refused by the provider (the refunds table of docs/decisions/035).
  await server.db.execute(
    sql`insert into refunds (order_id, provider, amount_cents, status, refund_key, kind) values
      (${ids.home}, 'test', 250, 'succeeded', ${`partial-${ids.home}-a`}, 'partial'),
      (${ids.home}, 'test', 100, 'failed', ${`partial-${ids.home}-b`}, 'partial')`,
  );
  const after = payloadOf(await detail('email:zoe@maison.fr')).customer.spent;
  expect(Math.round((before - after) * 100)).toBe(250);
});

test('the migration’s backfill (customers_assign_orders): orders without a customer get theirs, chains followed, the note kept', async () => {
  const before = payloadOf(await list());
  await server.db.execute(sql`update orders set customer_id = null`);
  await server.db.execute(sql`delete from customer_record_keys where key like 'phone:%'`);
  const [row] = (await server.db.execute<{ n: number }>(sql`select customers_assign_orders() as n`)).rows;
  expect(Number(row!.n)).toBe(before.customers[0]!.orders);
  const after = payloadOf(await list());
  expect(after).toEqual(before);
  expect(payloadOf(await detail('phone:0711223344')).note.text).toBe('sans gluten, sans lactose');
});

test('a card order joining two known customers writes the order and the merge in one transaction: the merge refused, no order; retried, one customer', async () => {
  tick();
  await placeCashOrder(server, { customer: { first_name: 'Inès', last_name: 'Roux', email: 'ines@maison.fr', phone: '06 21 22 23 24' } });
  tick();
  await placeCashOrder(server, { customer: { first_name: 'Inès', last_name: 'Roux', email: 'ines@bureau.fr', phone: '06 31 32 33 34' } });
  tick();
  // The database refuses the merge (as a crash between the order and the merge would leave them): the order must not stay alone.
  await server.db.execute(sql`create function refuse_merge() returns trigger language plpgsql as $$ begin raise exception 'merge refused (test)'; end $$`);
  await server.db.execute(sql`create trigger refuse_merge before update of merged_into on customer_records for each row execute function refuse_merge()`);
  const payload = await buildOrderPayload(server, {
    payment_method: 'card',
    customer: { first_name: 'Inès', last_name: 'Roux', email: 'ines@maison.fr', phone: '06 31 32 33 34' },
  });
  try {
    expect((await postOrder(server.baseUrl, payload)).status).toBe(500);
    const [left] = (await server.db.execute<{ n: number }>(sql`select count(*)::int as n from orders where local_id = ${payload.local_id}`)).rows;
    expect(Number(left!.n)).toBe(0);
  } finally {
    await server.db.execute(sql`drop trigger refuse_merge on customer_records`);
    await server.db.execute(sql`drop function refuse_merge()`);
  }
  expect((await postOrder(server.baseUrl, payload)).status).toBe(201);
  const found = payloadOf(await list('?q=ines'));
  // One customer with both e-mails; the card order, not paid yet, is not counted among the orders.
  expect(found.customers.map((c) => [c.orders, c.emails])).toEqual([[2, ['ines@bureau.fr', 'ines@maison.fr']]]);
});
