import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BoardOrderSchema, type BoardOrder } from '@resto/contract/board';
import type { OrderHistoryPage } from '@resto/contract/order-history';
import type { SalesReportAnswer } from '@resto/contract/books-reports';
import { buildKitchenTicket, ticketTexts } from '@resto/domain/kitchen-ticket';
import { capacityAnswers } from '@resto/copy/staff/capacity';
import { availability } from '@resto/copy/staff/availability';
import { requestErrors } from '@resto/copy/errors/request';
import { mailOutbox, orderEvents, orders } from '../../db/schema.ts';
import { createAccount } from '../../test/accounts.ts';
import { buildOrderPayload, countOrders, errorOf, looksFrench, payloadOf, postOrder, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { setCapacity } from '../capacity/test-helpers.ts';
import { board, phoneOrderPayload, placeCashOrder, postPhoneOrder } from './test-helpers.ts';

/**
 * Phone orders over real HTTP (docs/decisions/036-phone-orders.md): staff take an order for a
 * customer who calls. The storefront's order creation decides (same rules, same French messages);
 * the order says « phone » on the board, the history, the sales report and the kitchen ticket,
 * arrives accepted, and is paid at the counter.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
const pizza = 105; // Pizza Margherita
const reine = 106; // Pizza Reine

let server: TestServer;
let karim: TestStaff;
let margot: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
  margot = await createTestStaff(server.db, { now, role: 'owner', name: 'Margot Lefèvre' });
}, 60_000);
afterAll(async () => server?.close());

async function eventsOf(orderId: number) {
  return server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
}

async function mailsOf(orderId: number) {
  return server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(mailOutbox.id);
}

/** Creates a phone order that must be created (201): the board's order. */
async function createdPhoneOrder(body: unknown, who: TestStaff = karim): Promise<BoardOrder> {
  const answer = await postPhoneOrder(server, who.cookie, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return BoardOrderSchema.parse(payloadOf(answer));
}

describe('a phone order', () => {
  test('is created through the storefront’s rules, accepted at once by the member who took it, unpaid until « Encaisser »', async () => {
    const body = await phoneOrderPayload(server, { lines: [{ itemId: pizza, quantity: 2, note: 'bien cuite' }] });
    const order = await createdPhoneOrder(body);
    expect(order).toMatchObject({ source: 'phone', status: 'accepted', column: 'in_progress', payment_method: 'cash', is_pickup: true });
    // The phone as the checkout normalises it; no e-mail given.
    expect(order.customer).toMatchObject({ first_name: 'Louis', last_name: 'Martin', phone: '+33698765432', email: '' });
    // Ready at now + the pickup lead time (20 min in the demo).
    expect(order.ready_at).toBe('2026-11-24T11:50:00.000Z');
    expect(order.total).toBe(body.total);
    // Who placed it and who accepted it: the staff member, in the order's events.
    const events = await eventsOf(order.order_id);
    expect(events.map((e) => [e.type, e.actor, e.actorName, e.staffId])).toEqual([
      ['placed', 'staff', 'Karim Benali', karim.staffId],
      ['accepted', 'staff', 'Karim Benali', karim.staffId],
    ]);
    // A cash-type order: its receipt numbered when placed (the books' entry as for a storefront cash order), nothing paid yet.
    const [row] = await server.db.select().from(orders).where(eq(orders.orderId, order.order_id));
    expect(row).toMatchObject({ source: 'phone', receiptNumber: expect.any(Number) as number, placedAt: now });
    expect(order.payments).toMatchObject({ paid: 0, payable: true });
    // No e-mail: no confirmation, no « nouvelle commande » to the restaurant, no status e-mail.
    expect(await mailsOf(order.order_id)).toEqual([]);

    // « Encaisser » takes the payment as for any order paid on site.
    const paid = await staffRequest<{ order: BoardOrder; change: number }>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payments`, {
      tenders: [{ means: 'cash', amount: 50 }],
      expected_paid: 0,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(payloadOf(paid).change).toBeCloseTo(50 - body.total, 2);
    expect(payloadOf(paid).order.payments.paid).toBe(body.total);
  });

  test('with an e-mail: the confirmation and the accepted e-mail with the tracking link, as a storefront order', async () => {
    const order = await createdPhoneOrder(await phoneOrderPayload(server, {}, { email: 'louis.martin@example.fr' }));
    const mails = await mailsOf(order.order_id);
    expect(mails.map((m) => m.kind)).toEqual(['order-confirmation', expect.stringMatching(/^status-\d+$/) as string]);
    expect(mails.every((m) => m.recipient === 'louis.martin@example.fr')).toBe(true);
    const [row] = await server.db.select({ secret: orders.secret }).from(orders).where(eq(orders.orderId, order.order_id));
    // Sent as a storefront order's: the accepted e-mail carries the tracking link.
    const sent = await server.mail.waitFor((m) => m.to === 'louis.martin@example.fr' && m.text.includes(`/suivi?commande=${row!.secret}`));
    expect(sent.subject).toContain(`n° ${order.order_id}`);
  });

  test('shows « phone » on the board, its kitchen ticket says « TÉLÉPHONE »; a storefront order stays « online »', async () => {
    const phone = await createdPhoneOrder(await phoneOrderPayload(server));
    const online = await placeCashOrder(server);
    const state = payloadOf(await board(server, karim.cookie));
    expect(state.orders.find((o) => o.order_id === phone.order_id)?.source).toBe('phone');
    expect(state.orders.find((o) => o.order_id === online.orderId)?.source).toBe('online');
    const ticket = (order: BoardOrder) => ticketTexts(buildKitchenTicket(order, { now, stationCategoryIds: null, reprint: false, trackingUrl: null })!);
    expect(ticket(phone)).toContain('TÉLÉPHONE');
    expect(ticket(state.orders.find((o) => o.order_id === online.orderId)!)).not.toContain('TÉLÉPHONE');
  });

  test('the history’s channel « Téléphone » lists phone orders only, each row with its source', async () => {
    const phone = await createdPhoneOrder(await phoneOrderPayload(server));
    const online = await placeCashOrder(server);
    const page = payloadOf(await staffRequest<OrderHistoryPage>(server, karim.cookie, 'GET', '/v2/restaurant/order-history?channel=phone'));
    const ids = page.orders.map((o) => o.order_id);
    expect(ids).toContain(phone.order_id);
    expect(ids).not.toContain(online.orderId);
    expect(page.orders.every((o) => o.source === 'phone')).toBe(true);
    const all = payloadOf(await staffRequest<OrderHistoryPage>(server, karim.cookie, 'GET', '/v2/restaurant/order-history'));
    expect(all.orders.find((o) => o.order_id === online.orderId)?.source).toBe('online');
  });

  test('the sales report counts the orders per source; its money stays the journal’s', async () => {
    const read = async () =>
      payloadOf(await staffRequest<SalesReportAnswer>(server, margot.cookie, 'GET', '/v2/restaurant/books/report?period=day&from=2026-11-24'));
    const before = await read();
    const phone = await createdPhoneOrder(await phoneOrderPayload(server));
    await placeCashOrder(server);
    const after = await read();
    expect(after.orders_per_source.phone).toBe(before.orders_per_source.phone + 1);
    expect(after.orders_per_source.online).toBe(before.orders_per_source.online + 1);
    expect(after.orders_per_source.phone + after.orders_per_source.online).toBe(after.orders);
    expect(after.orders).toBe(before.orders + 2);
    expect(after.total_ttc).toBeGreaterThan(before.total_ttc + phone.total - 0.01);
  });

  test('the same local_id twice: one order, the second answer 200 with it', async () => {
    const body = await phoneOrderPayload(server);
    const first = await createdPhoneOrder(body);
    const count = await countOrders(server.db);
    const again = await postPhoneOrder(server, karim.cookie, body);
    expect(again.status).toBe(200);
    expect(payloadOf(again).order_id).toBe(first.order_id);
    expect(payloadOf(again).status).toBe('accepted');
    expect(await countOrders(server.db)).toBe(count);
    expect((await eventsOf(first.order_id)).filter((e) => e.type === 'placed' || e.type === 'accepted')).toHaveLength(2);
  });

  test('the owner takes phone orders too', async () => {
    const order = await createdPhoneOrder(await phoneOrderPayload(server), margot);
    expect((await eventsOf(order.order_id))[0]).toMatchObject({ type: 'placed', actor: 'staff', actorName: 'Margot Lefèvre' });
  });

  test('a missing phone or a bad e-mail is refused with the checkout’s French messages', async () => {
    const body = await phoneOrderPayload(server);
    const noPhone = await postPhoneOrder(server, karim.cookie, { ...body, customer: { ...body.customer, phone: '' } });
    expect(noPhone.status).toBe(400);
    expect(errorOf(noPhone).errors).toContainEqual({ path: 'customer.phone', message: requestErrors.phoneRequired });
    const badEmail = await postPhoneOrder(server, karim.cookie, { ...body, customer: { ...body.customer, email: 'pas-un-mail' } });
    expect(badEmail.status).toBe(400);
    expect(errorOf(badEmail).errors[0]?.path).toBe('customer.email');
    expect(looksFrench(errorOf(badEmail).errors[0]!.message)).toBe(true);
  });
});

describe('the storefront’s rules refuse a phone order with the same French messages', () => {
  /** The storefront's answer and the phone route's to the same cart: same status, code and message. */
  async function bothRefuse(overrides: Parameters<typeof phoneOrderPayload>[1], expected: { status: number; code: string; message?: string }) {
    const phone = await phoneOrderPayload(server, overrides);
    const { customer: _c, ...rest } = phone;
    const storefront = await postOrder(server.baseUrl, {
      ...rest,
      local_id: `${phone.local_id}-web`,
      user_id: null,
      transaction_id: null,
      customer: { ...phone.customer, email: 'client@example.fr' },
    });
    const staff = await postPhoneOrder(server, karim.cookie, phone);
    expect(storefront.status).toBe(expected.status);
    expect(staff.status).toBe(expected.status);
    expect(errorOf(staff)).toMatchObject({ code: expected.code });
    expect(errorOf(staff).message).toBe(errorOf(storefront).message);
    expect(errorOf(staff).errors).toEqual(errorOf(storefront).errors);
    if (expected.message) expect(errorOf(staff).message).toBe(expected.message);
    expect(looksFrench(errorOf(staff).message)).toBe(true);
  }

  test('a dish sold out today', async () => {
    const items = payloadOf(
      await request<{ item_id: number; version: number }[]>(server.baseUrl, '/v2/restaurant/availability', { headers: { Cookie: karim.cookie } }),
    );
    const reineRow = items.find((i) => i.item_id === reine)!;
    const set = await staffRequest(server, karim.cookie, 'PUT', `/v2/restaurant/items/${reine}/availability`, {
      state: 'sold_out_today',
      expected_version: reineRow.version,
    });
    expect(set.status).toBe(200);
    await bothRefuse(
      {
        lines: [
          { itemId: pizza, quantity: 1 },
          { itemId: reine, quantity: 1 },
        ],
      },
      { status: 409, code: 'item_sold_out', message: availability.soldOutToday('Pizza Reine') },
    );
    const back = payloadOf(
      await request<{ item_id: number; version: number }[]>(server.baseUrl, '/v2/restaurant/availability', { headers: { Cookie: karim.cookie } }),
    ).find((i) => i.item_id === reine)!;
    expect(
      (await staffRequest(server, karim.cookie, 'PUT', `/v2/restaurant/items/${reine}/availability`, { state: 'available', expected_version: back.version }))
        .status,
    ).toBe(200);
  });

  test('a full slot (the capacity per slot)', async () => {
    await setCapacity(server, margot.cookie, { 'capacity.pickup_max_orders': 1 });
    const slot = { is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '19:00-19:15' };
    await createdPhoneOrder(await phoneOrderPayload(server, slot));
    await bothRefuse(slot, { status: 409, code: 'slot_full', message: capacityAnswers.slotFull });
    await setCapacity(server, margot.cookie, { 'capacity.pickup_max_orders': null });
  });

  test('a slot when the restaurant is closed (Monday)', async () => {
    await bothRefuse({ is_scheduled: true, delivery_date: '2026-11-30', delivery_time_range: '12:00-12:15' }, { status: 422, code: 'slot_unavailable' });
  });

  test('ordering paused', async () => {
    expect((await staffRequest(server, karim.cookie, 'POST', '/v2/restaurant/ordering/pause', { minutes: 60 })).status).toBe(200);
    try {
      await bothRefuse({}, { status: 422, code: 'ordering_paused', message: 'Le restaurant fait une pause jusqu’à 13:30 : choisissez un créneau.' });
    } finally {
      expect((await staffRequest(server, karim.cookie, 'POST', '/v2/restaurant/ordering/resume')).status).toBe(200);
    }
  });

  test('a delivery outside every zone', async () => {
    await bothRefuse(
      { is_pickup: false, location: { address: '1 place Lazare-Goujon', city: 'Villeurbanne', postal_code: '69100', country: 'France' } },
      { status: 422, code: 'delivery_refused' },
    );
  });
});

describe('only staff', () => {
  test('a storefront customer (no staff session, or an account’s token) cannot call the staff route: 401, nothing written', async () => {
    const body = await phoneOrderPayload(server);
    const count = await countOrders(server.db);
    expect((await postPhoneOrder(server, null, body)).status).toBe(401);
    const customer = await createAccount(server);
    const withToken = await request(server.baseUrl, '/v2/restaurant/phone-orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${customer.token}` },
      body: JSON.stringify(body),
    });
    expect(withToken.status).toBe(401);
    expect(errorOf(withToken).code).toBe('staff_login_required');
    expect(await countOrders(server.db)).toBe(count);
    expect(
      await server.db
        .select()
        .from(orders)
        .where(and(eq(orders.localId, body.local_id))),
    ).toEqual([]);
  });

  test('a customer blocked online is asked to call: the storefront refuses them, staff taking the call do not, and the board says so', async () => {
    const key = encodeURIComponent('phone:0698765432');
    const block = await staffRequest(server, margot.cookie, 'PUT', `/v2/restaurant/customers/${key}/mark`, {
      mark: 'blocked',
      reason: 'deux commandes jamais récupérées',
    });
    expect(block.status).toBe(200);
    const online = await postOrder(
      server.baseUrl,
      await buildOrderPayload(server, { customer: { first_name: 'Louis', last_name: 'Martin', email: 'louis@example.fr', phone: '06 98 76 54 32' } }),
    );
    expect(online.status).toBe(422);
    expect(errorOf(online).code).toBe('customer_blocked');
    const taken = await createdPhoneOrder(await phoneOrderPayload(server));
    expect(taken.customer_notice).toMatchObject({ mark: 'blocked', mark_reason: 'deux commandes jamais récupérées' });
    expect((await staffRequest(server, margot.cookie, 'PUT', `/v2/restaurant/customers/${key}/mark`, { mark: null })).status).toBe(200);
  });
});
