import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OrderHistoryDetail, OrderHistoryPage } from '@resto/contract/order-history';
import type { BoardOrder } from '@resto/contract/board';
import { orderHistoryErrors } from '@resto/copy/staff/order-history';
import { errorOf, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import type { TestProcessor } from '../payments/index.ts';
import { act, placeCashOrder, placePaidCardOrder } from './test-helpers.ts';

/**
 * Every past order (docs/decisions/034-order-history.md) over real HTTP, on PGlite, or on the
 * PostgreSQL of DATABASE_URL when it is set: the search box by each field, the filters, the
 * keyset pages staying stable while orders arrive, staff only, French refusals, one order's life.
 */

// Tuesdays and Wednesdays at 12:30 in Paris (11:30 UTC): the demo restaurant is closed on Mondays.
let now = new Date('2026-11-17T11:30:00Z');
let server: TestServer;
let staff: TestStaff;
let owner: TestStaff;

const people = [
  { first_name: 'Élodie', last_name: 'Lefèvre', email: 'Elodie.Lefevre@Example.fr', phone: '06 11 22 33 44' },
  { first_name: 'Karim', last_name: 'Benali', email: 'karim@example.fr', phone: '+33 7 81 23 45 67' },
  { first_name: 'Chloé', last_name: 'Martin', email: 'chloe.martin@example.fr', phone: '0033 6 98 76 54 32' },
];
const ids: Record<string, number> = {};

const history = (query: string) => staffRequest<OrderHistoryPage>(server, staff.cookie, 'GET', `/v2/restaurant/order-history${query}`);
const found = async (query: string) => payloadOf(await history(query)).orders.map((o) => o.order_id);

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  staff = await createTestStaff(server.db, { now });
  owner = await createTestStaff(server.db, { role: 'owner', now });
  // Last week (Tuesday 17): Élodie, paid cash at the counter, completed.
  ids.elodie = (await placeCashOrder(server, { customer: people[0]! })).orderId;
  // Wednesday 18: Karim by card.
  now = new Date('2026-11-18T11:30:00Z');
  ids.karim = (await placePaidCardOrder(server)).orderId;
  await server.db.execute(sql`update orders set customer = ${JSON.stringify({ ...people[1]!, phone: '+33781234567' })}::jsonb where order_id = ${ids.karim}`);
  // This week (Tuesday 24): Chloé, and 35 orders of Marie Dupont for the pages.
  now = new Date('2026-11-24T11:30:00Z');
  ids.chloe = (await placeCashOrder(server, { customer: people[2]! })).orderId;
  for (let i = 0; i < 35; i++) {
    now = new Date(now.getTime() + 1000);
    await placeCashOrder(server);
  }
  // Élodie's order: paid in cash at the counter, then accepted.
  now = new Date('2026-11-17T11:40:00Z');
  const elodie = payloadOf(
    await staffRequest<{ order: BoardOrder }>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${ids.elodie}/payments`, {
      tenders: [{ means: 'cash', amount: 21 }],
      expected_paid: 0,
    }),
  );
  expect(elodie.order.payments.paid).toBeGreaterThan(0);
  payloadOf(
    await act(server, staff.cookie, ids.elodie!, { action: 'accept', expected_status: 'pending', ready_at: new Date('2026-11-17T12:00:00Z').toISOString() }),
  );
  now = new Date('2026-11-24T12:00:00Z');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the search box', () => {
  test.each([
    ['the order number', () => String(ids.chloe), () => [ids.chloe]],
    ['a phone number as typed, national form', () => '06 11 22 33 44', () => [ids.elodie]],
    ['the same number, international form', () => '+33611223344', () => [ids.elodie]],
    ['the same number, 0033 and no spaces', () => '0033611223344', () => [ids.elodie]],
    ['part of a phone number', () => '81 23 45', () => [ids.karim]],
    ['a first name without its accent, any case', () => 'ELODIE', () => [ids.elodie]],
    ['a last name with its accent', () => 'lefèvre', () => [ids.elodie]],
    ['« last first »', () => 'martin chloe', () => [ids.chloe]],
    ['part of an e-mail, other case', () => 'KARIM@EXAMPLE', () => [ids.karim]],
  ])('finds an order by %s', async (_, query, expected) => {
    expect(await found(`?q=${encodeURIComponent(query())}`)).toEqual(expected());
  });

  test('finds an order by its receipt number', async () => {
    const [row] = await server.db.execute<{ receipt_number: number }>(sql`select receipt_number from orders where order_id = ${ids.chloe}`).then((r) => r.rows);
    expect(await found(`?q=R-${String(row!.receipt_number).padStart(6, '0')}`)).toContain(ids.chloe);
  });

  test('a search that matches nothing gives an empty page', async () => {
    const page = payloadOf(await history('?q=personne%20de%20ce%20nom'));
    expect(page).toEqual({ orders: [], next_cursor: null, page_size: 30 });
  });
});

describe('the filters', () => {
  test('a date range of Paris days', async () => {
    expect(await found('?from=2026-11-17&to=2026-11-18')).toEqual([ids.karim, ids.elodie]);
    expect(await found('?to=2026-11-17')).toEqual([ids.elodie]);
  });

  test('the status', async () => {
    expect(await found('?status=accepted')).toEqual([ids.elodie]);
  });

  test('the means of payment, from the books', async () => {
    expect(await found('?means=cash')).toEqual([ids.elodie]);
    expect(await found('?means=online_card')).toEqual([ids.karim]);
    expect(await found('?means=card_terminal')).toEqual([]);
  });

  test('the channel', async () => {
    // A delivery order (the channel is the order's is_pickup column, which the filter reads).
    await server.db.execute(sql`update orders set is_pickup = false where order_id = ${ids.chloe}`);
    expect(await found('?channel=delivery')).toEqual([ids.chloe]);
    expect(await found('?channel=pickup&q=martin')).toEqual([]);
    await server.db.execute(sql`update orders set is_pickup = true where order_id = ${ids.chloe}`);
  });

  test('the list row says who, how much and how it was paid', async () => {
    const [row] = payloadOf(await history(`?q=${ids.elodie}`)).orders;
    expect(row).toMatchObject({
      customer_name: 'Élodie Lefèvre',
      phone: '+33611223344',
      status: 'accepted',
      is_pickup: true,
      payment_method: 'cash',
      anonymised: false,
    });
    expect(row!.receipt_number).toMatch(/^R-\d{6}$/);
    expect(row!.payments).toMatch(/^espèces /);
  });
});

describe('pages', () => {
  test('newest first, 30 a page, and the next page stays the same when new orders arrive', async () => {
    const first = payloadOf(await history(''));
    expect(first.orders).toHaveLength(30);
    expect(first.next_cursor).not.toBeNull();
    const placed = first.orders.map((o) => o.ordered_at);
    expect([...placed].sort().reverse()).toEqual(placed);
    const second = payloadOf(await history(`?cursor=${first.next_cursor}`));
    // A new order arrives between the two reads of page 2.
    now = new Date('2026-11-24T12:05:00Z');
    await placeCashOrder(server);
    const again = payloadOf(await history(`?cursor=${first.next_cursor}`));
    expect(again).toEqual(second);
    const all = [...first.orders, ...second.orders].map((o) => o.order_id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(38);
    expect(second.next_cursor).toBeNull();
  });
});

describe('refusals', () => {
  test('no session: 401; a staff member and the owner: 200', async () => {
    expect((await staffRequest(server, null, 'GET', '/v2/restaurant/order-history')).status).toBe(401);
    expect((await staffRequest(server, null, 'GET', `/v2/restaurant/order-history/${ids.elodie}`)).status).toBe(401);
    expect((await staffRequest(server, owner.cookie, 'GET', '/v2/restaurant/order-history')).status).toBe(200);
  });

  test.each([
    ['a reversed date range', '?from=2026-11-24&to=2026-11-17', 'to', orderHistoryErrors.endBeforeStart],
    ['a day that is not one', '?from=2026-02-30', 'from', orderHistoryErrors.invalidDay],
    ['a day in another format', '?to=24/11/2026', 'to', orderHistoryErrors.invalidDay],
    ['a cursor that is not one', '?cursor=nimporte', 'cursor', orderHistoryErrors.invalidCursor],
    ['a search too long', `?q=${'a'.repeat(101)}`, 'q', orderHistoryErrors.searchTooLong],
  ])('%s: 400 in French on its field', async (_, query, path, message) => {
    const response = await history(query);
    expect(response.status).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('invalid_request');
    expect(looksFrench(error.message)).toBe(true);
    expect(error.errors).toContainEqual({ path, message });
  });

  test('an unknown status or means: 400', async () => {
    expect((await history('?status=perdue')).status).toBe(400);
    expect((await history('?means=cheque')).status).toBe(400);
  });

  test('an unknown order: 404 in French', async () => {
    const response = await staffRequest(server, staff.cookie, 'GET', '/v2/restaurant/order-history/999999');
    expect(response.status).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'order_not_found', message: orderHistoryErrors.unknownOrder });
  });
});

describe('one order’s life', () => {
  test('lines, amounts, events, the journal’s payments, documents and the receipt page', async () => {
    const detail = payloadOf(await staffRequest<OrderHistoryDetail>(server, staff.cookie, 'GET', `/v2/restaurant/order-history/${ids.elodie}`));
    expect(detail.order.order_id).toBe(ids.elodie);
    expect(detail.order.items.length).toBeGreaterThan(0);
    expect(detail.order.events.map((e) => e.type)).toEqual(expect.arrayContaining(['placed', 'payment_taken', 'accepted']));
    expect(detail.order.payments.lines).toEqual([expect.objectContaining({ means: 'cash', by: 'Karim Benali' })]);
    expect(detail.documents).toEqual([expect.objectContaining({ kind: 'receipt', number: expect.stringMatching(/^R-\d{6}$/), chain: 'live' })]);
    expect(detail.receipt_path).toMatch(/^\/recu\?commande=[0-9a-f]+$/);
    expect(detail.on_board).toBe(true);
  });

  test('a refused card order shows its credit note and its refund', async () => {
    payloadOf(await act(server, staff.cookie, ids.karim!, { action: 'reject', expected_status: 'paid', reason: 'product_sold_out' }));
    await (server.payments.provider as TestProcessor).idle();
    const detail = payloadOf(await staffRequest<OrderHistoryDetail>(server, staff.cookie, 'GET', `/v2/restaurant/order-history/${ids.karim}`));
    expect(detail.order.refund?.status).toBe('succeeded');
    expect(detail.documents.map((d) => d.kind)).toEqual(['receipt', 'credit_note']);
    expect(detail.order.events.map((e) => e.type)).toEqual(expect.arrayContaining(['paid', 'rejected', 'refunded']));
    expect(detail.on_board).toBe(false);
    expect(await found('?status=rejected')).toEqual([ids.karim]);
  });
});
