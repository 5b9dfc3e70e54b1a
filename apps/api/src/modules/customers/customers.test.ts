import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BoardOrder } from '@resto/contract/board';
import type { CustomerDetail, CustomerList } from '@resto/contract/customers';
import { customerErrors } from '@resto/copy/staff/customers';
import { buildKitchenTicket, ticketTexts } from '@resto/domain/kitchen-ticket';
import { formatPhone } from '@resto/domain/phone';
import { readSetting } from '@resto/domain/settings';
import { auditLog, customerRecords } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, looksFrench, payloadOf, postOrder, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, board, inMinutes, placeCashOrder } from '../board/test-helpers.ts';

/**
 * The customers (docs/decisions/037-customers.md) over real HTTP, on PGlite, or on the PostgreSQL
 * of DATABASE_URL when it is set: the grouping by e-mail or phone with chains, the figures, search
 * and sort, the staff note on the board and the kitchen ticket, flag and block (a blocked
 * customer's order refused from any browser, in French), who may do what, the audit log, and the
 * retention job forgetting them.
 */

// Tuesday 17 November 2026 at 12:30 in Paris (the demo restaurant is closed on Mondays).
let now = new Date('2026-11-17T11:30:00Z');
let server: TestServer;
let staff: TestStaff;
let owner: TestStaff;

const margot = { first_name: 'Margot', last_name: 'Dupré', email: 'Margot.Dupre@Example.fr', phone: '06 11 22 33 44' };
// The same person from another address, with the same phone; then that address with another phone: one chain.
const margotWork = { first_name: 'Margot', last_name: 'Dupré', email: 'm.dupre@travail.fr', phone: '+33611223344' };
const margotNewPhone = { first_name: 'Margot', last_name: 'Dupré', email: 'M.DUPRE@travail.fr', phone: '07 81 23 45 67' };
const karim = { first_name: 'Karim', last_name: 'Benali', email: 'karim@example.fr', phone: '06 98 76 54 32' };
const ids: Record<string, number> = {};

const list = (query = '') => staffRequest<CustomerList>(server, staff.cookie, 'GET', `/v2/restaurant/customers${query}`);
const detail = (key: string, who: TestStaff = staff) =>
  staffRequest<CustomerDetail>(server, who.cookie, 'GET', `/v2/restaurant/customers/${encodeURIComponent(key)}`);
const put = (key: string, what: 'note' | 'mark', body: unknown, who: TestStaff = staff) =>
  staffRequest<CustomerDetail>(server, who.cookie, 'PUT', `/v2/restaurant/customers/${encodeURIComponent(key)}/${what}`, body);
const tick = () => (now = new Date(now.getTime() + 60_000));

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  staff = await createTestStaff(server.db, { now, name: 'Léa' });
  owner = await createTestStaff(server.db, { role: 'owner', now, name: 'Paul' });
  ids.margot1 = (await placeCashOrder(server, { customer: margot })).orderId;
  tick();
  ids.margot2 = (await placeCashOrder(server, { customer: margotWork })).orderId;
  tick();
  ids.margot3 = (await placeCashOrder(server, { customer: margotNewPhone })).orderId;
  tick();
  ids.karim = (await placeCashOrder(server, { customer: karim })).orderId;
  // Margot's first order: accepted, never collected nor paid (« Non récupérée »).
  payloadOf(await act(server, staff.cookie, ids.margot1, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
  payloadOf(await staffRequest(server, staff.cookie, 'POST', `/v2/restaurant/orders/${ids.margot1}/not-collected`, { expected_status: 'accepted' }));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the list', () => {
  test('one customer per chain of e-mails and phones, with their figures from the placed orders', async () => {
    const page = payloadOf(await list());
    expect(page.total).toBe(2);
    const found = page.customers.find((c) => c.name === 'Margot Dupré')!;
    expect(found.emails).toEqual(['m.dupre@travail.fr', 'margot.dupre@example.fr']);
    expect(found.phones).toEqual(['+33611223344', '+33781234567']);
    expect(found.orders).toBe(3);
    expect(found.no_shows).toBe(1);
    const totals = await server.db.execute<{ total_cents: number }>(sql`select total_cents from orders where order_id in (${ids.margot2}, ${ids.margot3})`);
    const spentCents = (totals.rows as { total_cents: number }[]).reduce((sum, row) => sum + Number(row.total_cents), 0);
    // The order never collected was cancelled by a credit note: not spent.
    expect(found.spent).toBe(spentCents / 100);
    expect(found.average_basket).toBe(Math.round(spentCents / 2) / 100);
    expect(new Date(found.first_order_at) < new Date(found.last_order_at)).toBe(true);
    // Newest last order first: Karim ordered last.
    expect(page.customers.map((c) => c.name)).toEqual(['Karim Benali', 'Margot Dupré']);
  });

  test.each([
    ['a name without accents, any case', 'DUPRE', ['Margot Dupré']],
    ['one of the e-mails', 'travail.fr', ['Margot Dupré']],
    ['the second phone, as typed', '07 81 23 45 67', ['Margot Dupré']],
    ['part of a phone', '98 76 54', ['Karim Benali']],
    ['nobody', 'Lefèvre', []],
  ])('search by %s', async (_, q, names) => {
    expect(payloadOf(await list(`?q=${encodeURIComponent(q)}`)).customers.map((c) => c.name)).toEqual(names);
  });

  test('sorts and pages', async () => {
    expect(payloadOf(await list('?sort=orders')).customers.map((c) => c.name)).toEqual(['Margot Dupré', 'Karim Benali']);
    expect(payloadOf(await list('?sort=name')).customers.map((c) => c.name)).toEqual(['Karim Benali', 'Margot Dupré']);
    expect(payloadOf(await list('?sort=no_shows')).customers[0]!.name).toBe('Margot Dupré');
    const second = payloadOf(await list('?page=2'));
    expect(second).toMatchObject({ customers: [], total: 2, page: 2, page_size: 30 });
    expect((await list('?sort=prix')).status).toBe(400);
    expect((await list(`?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  test('staff only', async () => {
    expect((await staffRequest(server, null, 'GET', '/v2/restaurant/customers')).status).toBe(401);
  });
});

describe('a customer’s page', () => {
  test('any of their keys finds them: orders newest first, the no-show marked', async () => {
    const byPhone = payloadOf(await detail('phone:07 81 23 45 67'));
    const byEmail = payloadOf(await detail('email:margot.dupre@example.fr'));
    expect(byPhone.customer.key).toBe(byEmail.customer.key);
    expect(byPhone.orders.map((o) => o.order_id)).toEqual([ids.margot3, ids.margot2, ids.margot1]);
    expect(byPhone.orders.find((o) => o.order_id === ids.margot1)).toMatchObject({ status: 'cancelled', not_collected: true });
    expect(byPhone.note).toEqual({ text: '', by: null, at: null });
    expect(byPhone.mark).toBeNull();
  });

  test('an unknown customer or a key that is not one: 404 in French', async () => {
    const unknown = await detail('email:personne@example.fr');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'customer_not_found', message: customerErrors.unknownCustomer });
    expect(errorOf(await detail('margot')).message).toBe(customerErrors.invalidKey);
  });
});

describe('the staff note', () => {
  test('written on the page, shown on the board for the customer’s next orders and printed on their kitchen ticket', async () => {
    const written = payloadOf(await put('phone:+33611223344', 'note', { note: '  allergique aux noix ' }));
    expect(written.note).toMatchObject({ text: 'allergique aux noix', by: 'Léa', at: now.toISOString() });
    expect(written.customer.has_note).toBe(true);

    // The next order, from the chain's third e-mail and a phone of theirs: the board shows the note and the no-show.
    tick();
    ids.margot4 = (await placeCashOrder(server, { customer: { ...margotNewPhone, email: 'm.dupre@travail.fr' } })).orderId;
    const card = payloadOf(await board(server, staff.cookie)).orders.find((o) => o.order_id === ids.margot4)!;
    expect(card.customer_notice).toEqual({ note: 'allergique aux noix', mark: null, mark_reason: null, no_shows: 1 });
    // The not-collected order itself does not count itself.
    const missed = payloadOf(await board(server, staff.cookie)).orders.find((o) => o.order_id === ids.margot1);
    expect(missed?.customer_notice?.no_shows ?? 0).toBe(0);
    // Karim has nothing written about him.
    expect(payloadOf(await board(server, staff.cookie)).orders.find((o) => o.order_id === ids.karim)!.customer_notice).toBeNull();

    const ticket = (await server.deps.board.ticketOrder(ids.margot4))!;
    const texts = ticketTexts(buildKitchenTicket(ticket.order, { now, stationCategoryIds: null, reprint: false, trackingUrl: null })!);
    expect(texts).toContain('NOTE CLIENT : allergique aux noix');
  });

  test('the audit log says who changed it', async () => {
    const rows = await server.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'customer'`);
    expect(rows.find((row) => row.action === 'note')).toMatchObject({ staffName: 'Léa', after: { note: 'allergique aux noix' } });
  });

  test('too long: 400', async () => {
    expect((await put('phone:+33611223344', 'note', { note: 'x'.repeat(501) })).status).toBe(400);
    expect((await put('email:personne@example.fr', 'note', { note: 'x' })).status).toBe(404);
  });
});

describe('flag and block', () => {
  test('a member flags: the board warns « Client signalé : … »; then lifts it', async () => {
    const flagged = payloadOf(await put('email:karim@example.fr', 'mark', { mark: 'flagged', reason: 'impoli au téléphone' }));
    expect(flagged.mark).toEqual({ mark: 'flagged', reason: 'impoli au téléphone', by: 'Léa', at: now.toISOString() });
    const card = payloadOf(await board(server, staff.cookie)).orders.find((o) => o.order_id === ids.karim)!;
    expect(card.customer_notice).toMatchObject({ mark: 'flagged', mark_reason: 'impoli au téléphone' });
    expect((await put('email:karim@example.fr', 'mark', { mark: 'flagged' })).status).toBe(400);
    expect(payloadOf(await put('email:karim@example.fr', 'mark', { mark: null })).mark).toBeNull();
  });

  test('a member may not block; the owner does, and a fresh guest with one of their e-mails or phones is refused in French', async () => {
    const refused = await put('phone:0611223344', 'mark', { mark: 'blocked', reason: 'trois commandes jamais récupérées' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('customer_blocked_by_owner');

    const blocked = payloadOf(await put('phone:0611223344', 'mark', { mark: 'blocked', reason: 'trois commandes jamais récupérées' }, owner));
    expect(blocked.mark).toMatchObject({ mark: 'blocked', by: 'Paul' });
    // A member may not lift the block either.
    expect((await put('phone:0611223344', 'mark', { mark: null })).status).toBe(403);

    const { settings } = await server.deps.catalog.getCatalog();
    const message = customerErrors.orderBlocked(formatPhone(readSetting(settings, 'contacts.phone', '')));
    expect(message).toMatch(/^Nous ne pouvons pas prendre votre commande en ligne\. Appelez-nous au 0\d( \d\d){4}, nous trouverons une solution\.$/);
    // Another browser, a guest: the e-mail of the chain in another case, with a phone never seen.
    const before = await server.db.execute(sql`select count(*)::int as n from orders`);
    for (const customer of [
      { ...karim, email: 'MARGOT.dupre@example.fr', phone: '06 55 55 55 55' },
      { ...karim, email: 'nouveau@example.fr', phone: '07 81 23 45 67' },
    ]) {
      const answer = await postOrder(server.baseUrl, await buildOrderPayload(server, { customer }));
      expect(answer.status).toBe(422);
      expect(errorOf(answer)).toMatchObject({ code: 'customer_blocked', message });
      expect(looksFrench(errorOf(answer).message)).toBe(true);
    }
    const after = await server.db.execute(sql`select count(*)::int as n from orders`);
    expect(after.rows).toEqual(before.rows);
    // Karim still orders.
    expect((await postOrder(server.baseUrl, await buildOrderPayload(server, { customer: karim }))).status).toBe(201);
  });

  test('the owner lifts the block: the customer orders again; the audit log holds every change', async () => {
    payloadOf(await put('email:m.dupre@travail.fr', 'mark', { mark: null }, owner));
    expect((await postOrder(server.baseUrl, await buildOrderPayload(server, { customer: margot }))).status).toBe(201);
    const actions = (
      await server.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entity} = 'customer'`)
    ).map((row) => [row.action, row.staffName]);
    expect(actions).toEqual([
      ['note', 'Léa'],
      ['flag', 'Léa'],
      ['unmark', 'Léa'],
      ['block', 'Paul'],
      ['unmark', 'Paul'],
    ]);
  });
});

describe('the retention job forgets them too (docs/decisions/012)', () => {
  test('a customer whose orders were all anonymised loses note and mark; one with an order kept keeps them', async () => {
    payloadOf(await put('email:karim@example.fr', 'note', { note: 'préfère être appelé' }));
    payloadOf(await put('email:karim@example.fr', 'mark', { mark: 'flagged', reason: 'adresse souvent fausse' }));
    expect(await server.db.select().from(customerRecords)).toHaveLength(2);
    // Margot's orders are past the retention period; Karim's are not.
    await server.db.execute(sql`update orders set created_at = created_at - interval '40 months' where customer->>'last_name' = 'Dupré'`);
    const pass = await server.deps.privacy.anonymiseExpiredGuestData();
    expect(pass.anonymised).toBeGreaterThanOrEqual(5);
    expect(pass.customersErased).toBe(1);
    const left = await server.db.select().from(customerRecords);
    expect(left.map((record) => record.note)).toEqual(['préfère être appelé']);
    expect((await detail('phone:+33611223344')).status).toBe(404);
    expect(payloadOf(await detail('email:karim@example.fr')).mark).toMatchObject({ mark: 'flagged' });
    // Again: nothing more.
    expect((await server.deps.privacy.anonymiseExpiredGuestData()).customersErased).toBe(0);
  });
});

// The board's card type carries the notice (a compile-time check as much as a test).
const _typed: BoardOrder['customer_notice'] = null;
void _typed;
