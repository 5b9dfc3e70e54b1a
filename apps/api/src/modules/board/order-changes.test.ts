import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BoardOrderSchema, type BoardOrder } from '@resto/contract/board';
import type { DishCreateBody, DishView, MenuTree } from '@resto/contract/backoffice-menu';
import type { MenuItem } from '@resto/domain/catalogue';
import { orderPayloadTotals } from '@resto/domain/checkout';
import { findZone, readDeliverySettings, zoneQuote } from '@resto/domain/delivery';
import { priceCart } from '@resto/domain/pricing';
import type { OrderHistoryDetail } from '@resto/contract/order-history';
import type { EntryBody, SaleDocument } from '@resto/domain/books';
import { ticketTexts } from '@resto/domain/kitchen-ticket';
import { availability } from '@resto/copy/staff/availability';
import { capacityAnswers } from '@resto/copy/staff/capacity';
import { orderChangeErrors } from '@resto/copy/staff/order-change';
import { journalEntries, mailOutbox, orderEvents, orders, printers, printJobs } from '../../db/schema.ts';
import {
  buildOrderPayload,
  errorOf,
  fetchCatalogue,
  findItem,
  looksFrench,
  payloadOf,
  request,
  startTestServer,
  type LineChoice,
  type OrderOverrides,
  type TestServer,
} from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { setCapacity } from '../capacity/test-helpers.ts';
import { unpackMailBody } from '../mail/index.ts';
import { newPrinterSecret } from '../printing/index.ts';
import { act, inMinutes, placeCashOrder, placePaidCardOrder, tracking } from './test-helpers.ts';

/**
 * Changing an order by staff (docs/decisions/039-changing-an-order.md), over real HTTP on PGlite:
 * repriced by the storefront's rules, written once per key, refused when stale, ready, sold out
 * or full; the books' credit note and new receipt, the refund of a card order's difference or what
 * is due, the « MODIFICATION » ticket, the customer's e-mail and the tracking page's new lines.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
const pizza = 105; // Pizza Margherita
const reine = 106; // Pizza Reine
let server: TestServer;
let karim: TestStaff;
let sofia: TestStaff;
let margot: TestStaff;
let keys = 0;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
  sofia = await createTestStaff(server.db, { now, name: 'Sofia Haddad' });
  margot = await createTestStaff(server.db, { now, role: 'owner', name: 'Margot Lefèvre' });
}, 60_000);
afterAll(async () => server?.close());

const cents = (euros: number) => Math.round(euros * 100);
const newKey = () => `modif-${++keys}-${Date.now()}`;

/** The body of a change to the cart `overrides` (its totals by the domain's pricing, as the screen sends them). */
async function changeBody(revision: number, overrides: OrderOverrides, changeKey = newKey()) {
  const payload = await buildOrderPayload(server, overrides);
  const { items, free_items, is_pickup, delivery, tax, subtotal, discount, total, location, is_scheduled, delivery_date, delivery_time_range } = payload;
  return {
    change_key: changeKey,
    revision,
    order: { items, free_items, is_pickup, delivery, tax, subtotal, discount, total, location, is_scheduled, delivery_date, delivery_time_range },
  };
}

function change(orderId: number, body: unknown, who: TestStaff = karim) {
  return staffRequest<BoardOrder>(server, who.cookie, 'POST', `/v2/restaurant/orders/${orderId}/changes`, body);
}

async function changed(orderId: number, body: unknown, who: TestStaff = karim): Promise<BoardOrder> {
  const answer = await change(orderId, body, who);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return BoardOrderSchema.parse(payloadOf(answer));
}

async function documentsOf(orderId: number): Promise<SaleDocument[]> {
  const rows = await server.db.select().from(journalEntries).where(eq(journalEntries.orderId, orderId)).orderBy(asc(journalEntries.seq));
  return rows.flatMap((row) => {
    const body = (JSON.parse(row.content) as { body: EntryBody }).body;
    return body.kind === 'document' ? [body.document] : [];
  });
}

async function entriesOf(orderId: number): Promise<EntryBody[]> {
  const rows = await server.db.select().from(journalEntries).where(eq(journalEntries.orderId, orderId)).orderBy(asc(journalEntries.seq));
  return rows.map((row) => (JSON.parse(row.content) as { body: EntryBody }).body);
}

const twoPizzasAndAReine = {
  lines: [
    { itemId: pizza, quantity: 2 },
    { itemId: reine, quantity: 1 },
  ],
};

describe('POST /v2/restaurant/orders/{order_id}/changes', () => {
  test('a cash order accepted gets a dish more: repriced, credit note and new receipt, event, e-mail, tracking page with the new lines', async () => {
    const { orderId, secret } = await placeCashOrder(server);
    await act(server, karim.cookie, orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) });
    const before = BoardOrderSchema.parse(
      payloadOf(await staffRequest<OrderHistoryDetail>(server, karim.cookie, 'GET', `/v2/restaurant/order-history/${orderId}`)).order,
    );
    expect(before).toMatchObject({ revision: 0, changeable: true, changes: [] });
    const body = await changeBody(0, { ...twoPizzasAndAReine, payment_method: 'cash' });
    const after = await changed(orderId, body);

    expect(after).toMatchObject({ revision: 1, total: body.order.total, status: 'accepted', changeable: true });
    expect(after.items.map((line) => [line.item_id, line.quantity])).toEqual([
      [pizza, 2],
      [reine, 1],
    ]);
    expect(after.changes).toHaveLength(1);
    expect(after.changes[0]).toMatchObject({
      revision: 1,
      by: 'Karim Benali',
      summary: '+ 1 × Pizza Reine',
      total_before: before.total,
      total_after: body.order.total,
      settlement: 'none',
      removed: [],
    });
    expect(after.events.at(-1)).toMatchObject({ type: 'modified', actor: 'staff', actor_name: 'Karim Benali', reason_text: '+ 1 × Pizza Reine' });
    // The cash order's due follows its total.
    expect(after.payments).toMatchObject({ total: body.order.total, paid: 0, due: body.order.total, payable: true });

    // The books: the first receipt, its credit note, the new receipt for the new total; the order names the new one.
    const documents = await documentsOf(orderId);
    expect(documents.map((d) => [d.type, d.total_ttc])).toEqual([
      ['receipt', cents(before.total)],
      ['credit_note', -cents(before.total)],
      ['receipt', cents(body.order.total)],
    ]);
    expect(documents[1]!.refers_to).toBe(documents[0]!.number);
    expect(documents[2]!.number).not.toBe(documents[0]!.number);
    const [row] = await server.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(`R-${String(row!.receiptNumber).padStart(6, '0')}`).toBe(documents[2]!.number);

    // The customer's e-mail, once, in French, with the new total.
    const mails = (await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).filter((mail) => mail.kind.startsWith('change-'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Votre commande n° ${orderId} a été modifiée`);
    const { text } = unpackMailBody(mails[0]!.body!);
    expect(text).toContain('+ 1 × Pizza Reine');
    expect(text).toContain(`Nouveau total : ${body.order.total.toFixed(2).replace('.', ',')}`);

    // The tracking page: the new lines, and « modifiée » in its events.
    const view = payloadOf(await tracking(server, secret));
    expect(view.items.map((line) => [line.item_name, line.quantity])).toEqual([
      ['Pizza Margherita', 2],
      ['Pizza Reine', 1],
    ]);
    expect(view.total).toBe(body.order.total);
    expect(view.events.map((event) => event.type)).toContain('modified');
  });

  test('the same change_key twice is one change; a stale revision is refused with who changed it, and the order as it is', async () => {
    const { orderId } = await placeCashOrder(server);
    const body = await changeBody(0, { ...twoPizzasAndAReine, payment_method: 'cash' });
    const first = await changed(orderId, body);
    const again = await changed(orderId, body, sofia);
    expect(again.revision).toBe(1);
    expect(again.changes).toHaveLength(1);
    expect((await documentsOf(orderId)).filter((d) => d.type === 'credit_note')).toHaveLength(1);

    const stale = await change(orderId, await changeBody(0, { lines: [{ itemId: pizza, quantity: 1 }], payment_method: 'cash' }), sofia);
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'order_transition_refused' });
    expect(errorOf(stale).message).toBe(orderChangeErrors.changedMeanwhile('Karim', '12:30'));
    expect(BoardOrderSchema.parse(errorOf(stale).payload)).toMatchObject({ revision: 1, total: first.total });
  });

  test('two changes of one revision at once: one is written, the other is told', async () => {
    const { orderId } = await placeCashOrder(server);
    const [a, b] = await Promise.all([
      change(orderId, await changeBody(0, { ...twoPizzasAndAReine, payment_method: 'cash' }), karim),
      change(orderId, await changeBody(0, { lines: [{ itemId: pizza, quantity: 3 }], payment_method: 'cash' }), sofia),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [row] = await server.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row!.revision).toBe(1);
    expect((await documentsOf(orderId)).map((d) => d.type)).toEqual(['receipt', 'credit_note', 'receipt']);
  });

  test('refusals in French, the order unchanged: nothing changed, a dish sold out added, a full slot, a ready order', async () => {
    const { orderId } = await placeCashOrder(server);
    const same = await change(orderId, await changeBody(0, { payment_method: 'cash' }));
    expect(same.status).toBe(409);
    expect(errorOf(same).message).toBe(orderChangeErrors.nothingChanged);

    const items = payloadOf(
      await request<{ item_id: number; version: number }[]>(server.baseUrl, '/v2/restaurant/availability', { headers: { Cookie: karim.cookie } }),
    );
    const setReine = (state: string, version: number) =>
      staffRequest(server, karim.cookie, 'PUT', `/v2/restaurant/items/${reine}/availability`, { state, expected_version: version });
    expect((await setReine('sold_out_today', items.find((i) => i.item_id === reine)!.version)).status).toBe(200);
    try {
      const soldOut = await change(orderId, await changeBody(0, { ...twoPizzasAndAReine, payment_method: 'cash' }));
      expect(soldOut.status).toBe(409);
      expect(errorOf(soldOut)).toMatchObject({ code: 'item_sold_out', message: availability.soldOutToday('Pizza Reine') });
    } finally {
      const back = payloadOf(
        await request<{ item_id: number; version: number }[]>(server.baseUrl, '/v2/restaurant/availability', { headers: { Cookie: karim.cookie } }),
      );
      expect((await setReine('available', back.find((i) => i.item_id === reine)!.version)).status).toBe(200);
    }

    await setCapacity(server, margot.cookie, { 'capacity.pickup_max_orders': 1 });
    try {
      const slot = { is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '19:00-19:15' };
      await placeCashOrder(server, slot);
      const full = await change(orderId, await changeBody(0, { ...slot, payment_method: 'cash' }));
      expect(full.status).toBe(409);
      expect(errorOf(full)).toMatchObject({ code: 'slot_full', message: capacityAnswers.slotFull });
      // Its own slot counts it once: moving it within its slot's limit is not refused by itself.
      const own = { is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '20:00-20:15' };
      const moved = await changed(orderId, await changeBody(0, { ...own, payment_method: 'cash' }));
      expect(moved.changes[0]!.schedule).toEqual({ from: 'dès que possible', to: 'mercredi 25 novembre, 20:00–20:15' });
      const more = await changed(orderId, await changeBody(1, { ...own, lines: [{ itemId: pizza, quantity: 3 }], payment_method: 'cash' }));
      expect(more.revision).toBe(2);
    } finally {
      await setCapacity(server, margot.cookie, { 'capacity.pickup_max_orders': null });
    }
    const [row] = await server.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row!.revision).toBe(2);

    await act(server, karim.cookie, orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 60 * 24 + 480) });
    await act(server, karim.cookie, orderId, { action: 'mark_ready', expected_status: 'accepted' });
    const ready = await change(orderId, await changeBody(2, { payment_method: 'cash' }));
    expect(ready.status).toBe(409);
    expect(errorOf(ready).message).toBe(orderChangeErrors.notChangeable);
    expect(looksFrench(errorOf(ready).message)).toBe(true);
  });

  test('a cash order already paid more than its new total is refused until the payment is reversed', async () => {
    const { orderId } = await placeCashOrder(server);
    const board = BoardOrderSchema.parse(
      payloadOf(await staffRequest<OrderHistoryDetail>(server, karim.cookie, 'GET', `/v2/restaurant/order-history/${orderId}`)).order,
    );
    const paid = await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
      tenders: [{ means: 'card_terminal', amount: board.total }],
      expected_paid: 0,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const smaller = await change(orderId, await changeBody(0, { lines: [{ itemId: pizza, quantity: 1 }], payment_method: 'cash' }));
    expect(smaller.status).toBe(409);
    expect(errorOf(smaller).message).toMatch(/ont déjà été encaissés/u);
  });

  test('a card order paid, one pizza fewer: the difference refunded on the card, the books’ refund entry, then a partial refund of the new lines', async () => {
    const { orderId, total, secret } = await placePaidCardOrder(server);
    const body = await changeBody(0, { lines: [{ itemId: pizza, quantity: 1 }], payment_method: 'card' });
    const after = await changed(orderId, body);
    const difference = cents(total) - cents(body.order.total);
    expect(difference).toBeGreaterThan(0);
    expect(after.changes[0]).toMatchObject({ settlement: 'refund', settlement_amount: difference / 100, summary: '− 1 × Pizza Margherita' });
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({ kind: 'change', status: 'succeeded', amount: difference / 100 });
    expect(cents(after.refund_left)).toBe(cents(body.order.total));
    const entries = await entriesOf(orderId);
    const refundsIn = entries.flatMap((e) => (e.kind === 'refund' ? [e.refund] : []));
    const notes = entries.flatMap((e) => (e.kind === 'document' && e.document.type === 'credit_note' ? [e.document] : []));
    expect(refundsIn).toEqual([{ order_id: orderId, means: 'online_card', amount: difference, credit_note: notes[0]!.number }]);
    // The receipts and credit notes add up to what the card holds now.
    const documents = entries.flatMap((e) => (e.kind === 'document' ? [e.document] : []));
    expect(documents.reduce((sum, d) => sum + (d.type === 'invoice' ? 0 : d.total_ttc), 0)).toBe(cents(body.order.total));

    // The customer's tracking page: the new line, the difference refunded for the change.
    const view = payloadOf(await tracking(server, secret));
    expect(view.items.map((line) => [line.item_name, line.quantity])).toEqual([['Pizza Margherita', 1]]);
    expect(view.refunds).toEqual([expect.objectContaining({ status: 'succeeded', amount: difference / 100, reason: 'Modification de la commande' })]);

    // A partial refund now reads the new lines.
    expect(after.refundable_lines.map((line) => [line.position, line.quantity, line.quantity_left])).toEqual([[0, 1, 1]]);
    const part = await staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/refunds`, {
      refund_key: newKey(),
      reason: 'missing_item',
      lines: [{ position: 0, quantity: 1 }],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(payloadOf(part)).toMatchObject({ refund_left: 0, refundable: false });
  });

  test('a card order paid, a dish more: the difference due, taken at the counter', async () => {
    const { orderId, total } = await placePaidCardOrder(server);
    const body = await changeBody(0, { ...twoPizzasAndAReine, payment_method: 'card' });
    const after = await changed(orderId, body);
    const due = cents(body.order.total) - cents(total);
    expect(after.changes[0]).toMatchObject({ settlement: 'due', settlement_amount: due / 100 });
    expect(after.refunds).toEqual([]);
    expect(after.payments).toMatchObject({ paid: total, due: due / 100, payable: true });
    const paid = await staffRequest<{ order: BoardOrder }>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
      tenders: [{ means: 'cash', amount: due / 100 }],
      expected_paid: total,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(payloadOf(paid).order.payments).toMatchObject({ due: 0, payable: false });
    // Cancelled now: the card's payment refunded, the cash handed back, the receipts cancelled to zero.
    const cancelled = await act(server, karim.cookie, orderId, { action: 'reject', expected_status: 'paid', reason: 'other', reason_text: 'Client parti' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const documents = await documentsOf(orderId);
    expect(documents.reduce((sum, d) => sum + (d.type === 'invoice' ? 0 : d.total_ttc), 0)).toBe(0);
  });

  test('an order with a once-only coupon keeps it: its own use is not counted against it', async () => {
    const { orderId } = await placeCashOrder(server, {
      coupon: 'BIENVENUE10',
      customer: { first_name: 'Léa', last_name: 'Roux', email: 'lea.roux@example.fr', phone: '06 22 33 44 55' },
    });
    const body = await changeBody(0, { lines: [{ itemId: pizza, quantity: 3 }], coupon: 'BIENVENUE10', payment_method: 'cash' });
    const after = await changed(orderId, { ...body, order: { ...body.order, coupon: 'BIENVENUE10' } });
    expect(after).toMatchObject({ coupon_code: 'BIENVENUE10', total: body.order.total });
    expect(after.applied_offers.some((offer) => offer.is_coupon)).toBe(true);
  });

  test('the kitchen gets a « MODIFICATION » ticket listing what changed', async () => {
    await server.db.delete(printJobs);
    const [kitchen] = await server.db
      .insert(printers)
      .values({ name: 'Cuisine', station: 'kitchen', connection: 'cloudprnt', secret: newPrinterSecret() })
      .returning();
    try {
      const { orderId } = await placeCashOrder(server);
      const after = await changed(
        orderId,
        await changeBody(0, {
          lines: [
            { itemId: pizza, quantity: 1, note: 'sans basilic' },
            { itemId: reine, quantity: 1 },
          ],
          payment_method: 'cash',
        }),
      );
      const jobs = await server.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(printJobs.id);
      expect(jobs.map((job) => [job.kind, job.cause, job.changeId])).toEqual([
        ['ticket', 'order', null],
        ['change', 'change', after.changes[0]!.id],
      ]);
      const blocks = await server.deps.printing.render(jobs[1]!, kitchen!);
      const texts = ticketTexts(blocks ?? []);
      expect(texts[0]).toBe('MODIFICATION');
      expect(texts).toEqual(expect.arrayContaining(['AJOUTÉ', 'RETIRÉ', '1 × Pizza Reine', '2 × Pizza Margherita', '1 × Pizza Margherita']));
    } finally {
      await server.db.delete(printJobs);
      await server.db.delete(printers);
    }
  });

  test('an unknown order is 404; a refused or cancelled one is not changed; events are the order’s', async () => {
    expect((await change(999_999, await changeBody(0, { payment_method: 'cash' }))).status).toBe(404);
    const { orderId } = await placeCashOrder(server);
    expect((await act(server, karim.cookie, orderId, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' })).status).toBe(200);
    const refused = await change(orderId, await changeBody(0, { ...twoPizzasAndAReine, payment_method: 'cash' }));
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(orderChangeErrors.notChangeable);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((e) => e.type)).not.toContain('modified');
  });
});

describe('prices kept (docs/decisions/039, « Prices »)', () => {
  const lyon = { address: '10 rue de la République', city: 'Lyon', postal_code: '69002', country: 'France' };

  /** The owner's dish editor (docs/decisions/023): PUT /v2/restaurant/menu/items/{id} with the form's fields. */
  async function editDish(dish: DishView, changes: Partial<DishCreateBody>): Promise<DishView> {
    const { item_id: _id, menu_id: _menu, position: _position, version, ordered: _ordered, sold_out_until: _sold, ...fields } = dish;
    const saved = await staffRequest<DishView>(server, margot.cookie, 'PUT', `/v2/restaurant/menu/items/${dish.item_id}`, {
      ...fields,
      ...changes,
      expected_version: version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return payloadOf(saved);
  }

  /**
   * The change's body for `lines`, priced here by the domain's priceCart on the menu now, where
   * `pricedAs` rewrites by hand what the screen is expected to keep (the old prices of a dish).
   */
  async function pricedBody(revision: number, lines: LineChoice[], options: { isPickup: boolean; pricedAs?: (item: MenuItem) => MenuItem }) {
    const catalogue = await fetchCatalogue(server.baseUrl);
    const zone = findZone(readDeliverySettings(catalogue.settings).zones, lyon);
    const { totals } = priceCart({
      lines: lines.map((line) => ({
        item: (options.pricedAs ?? ((i) => i))(findItem(catalogue, line.itemId)),
        choices: line.choices ?? [],
        quantity: line.quantity,
      })),
      isPickup: options.isPickup,
      settings: catalogue.settings,
      offers: catalogue.offers,
      coupon: null,
      now: server.now(),
      delivery: options.isPickup ? null : zoneQuote(zone!),
    });
    const { order } = await changeBody(revision, { lines, payment_method: 'cash' });
    return {
      change_key: newKey(),
      revision,
      order: { ...order, ...orderPayloadTotals(totals), is_pickup: options.isPickup, location: options.isPickup ? null : lyon },
    };
  }

  test('a dish whose price (and an option’s) went up since the order keeps the ordered ones; a new dish costs the menu’s; delivery costs the delivery price now', async () => {
    const categoryId = payloadOf(await staffRequest<MenuTree>(server, margot.cookie, 'GET', '/v2/restaurant/menu')).menus[0]!.categories[0]!.category_id;
    const created = await staffRequest<DishView>(server, margot.cookie, 'POST', '/v2/restaurant/menu/items', {
      category_id: categoryId,
      name: 'Calzone du test',
      description: 'Jambon, mozzarella',
      image: '/images/items/pizza-margherita.svg',
      score: 0,
      price_pickup: 11.5,
      price_delivery: 12.5,
      tax_rate: null,
      available: true,
      allergens: ['gluten', 'milk'],
      diets: [],
      alcoholic: false,
      options: [
        {
          name: 'Taille',
          selected: 1,
          required: true,
          values: [
            { name: 'Normale', price: 0, tax_rate: null, allergens: [] },
            { name: 'Grande', price: 3, tax_rate: null, allergens: [] },
          ],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const dish = payloadOf(created);
    const size = dish.options[0]!;
    const large = { option_id: size.option_id!, option_option_id: size.values[1]!.id!, quantity: 1 };
    const { orderId } = await placeCashOrder(server, { lines: [{ itemId: dish.item_id, quantity: 2, choices: [large] }] });
    const placed = BoardOrderSchema.parse(
      payloadOf(await staffRequest<OrderHistoryDetail>(server, karim.cookie, 'GET', `/v2/restaurant/order-history/${orderId}`)).order,
    );
    expect(placed.items[0]).toMatchObject({ item_id: dish.item_id, unit_price: 14.5 });

    // The owner raises the dish to 13,50 € (15,00 € delivered) and « Grande » to +4,00 €.
    await editDish(dish, {
      price_pickup: 13.5,
      price_delivery: 15,
      options: [{ ...size, values: [size.values[0]!, { ...size.values[1]!, price: 4 }] }],
    });
    const pizzaNow = findItem(await fetchCatalogue(server.baseUrl), pizza).item_price.price_pickup;

    // Three of the dish now and a new pizza: the screen prices the dish as ordered (11,50 € + 3,00 €), the pizza at the menu's price.
    const lines: LineChoice[] = [
      { itemId: dish.item_id, quantity: 3, choices: [large] },
      { itemId: pizza, quantity: 1 },
    ];
    const asOrdered = (item: MenuItem): MenuItem =>
      item.item_id !== dish.item_id
        ? item
        : {
            ...item,
            item_price: { ...item.item_price, price_pickup: 11.5 },
            options: item.options.map((o) => ({
              ...o,
              option_options: o.option_options.map((v) => (v.id === large.option_option_id ? { ...v, price: 3 } : v)),
            })),
          };
    // Priced at the menu's prices now, the server answers with the kept ones.
    const atMenuPrices = await change(orderId, await pricedBody(0, lines, { isPickup: true }));
    expect(atMenuPrices.status).toBe(409);
    expect(errorOf(atMenuPrices).code).toBe('prices_changed');

    const body = await pricedBody(0, lines, { isPickup: true, pricedAs: asOrdered });
    const after = await changed(orderId, body);
    expect(after.items.map((line) => [line.item_id, line.quantity, line.unit_price])).toEqual([
      [dish.item_id, 3, 14.5],
      [pizza, 1, pizzaNow],
    ]);
    expect(after.items[0]!.options).toEqual([expect.objectContaining({ id: large.option_option_id, price: 3 })]);
    expect(after.total).toBe(body.order.total);
    expect(after.subtotal).toBe(Math.round((3 * 14.5 + pizzaNow) * 100) / 100);
    // The books' new receipt: the dish at 14,50 €, the pizza at its price now, the new total.
    const receipt = (await documentsOf(orderId)).at(-1)!;
    expect(receipt).toMatchObject({ type: 'receipt', total_ttc: cents(after.total) });
    expect(receipt.lines.map((line) => [line.quantity, line.unit_price])).toEqual([
      [3, 1450],
      [1, cents(pizzaNow)],
    ]);

    // Delivered instead: the ordered price was the pickup one, so the menu's delivery price and options now apply (15,00 € + 4,00 €).
    const priced = await pricedBody(1, lines, { isPickup: false, pricedAs: asOrdered });
    const kept = await change(orderId, priced);
    expect(kept.status).toBe(409);
    expect(errorOf(kept).code).toBe('prices_changed');
    const delivered = await changed(orderId, await pricedBody(1, lines, { isPickup: false }));
    expect(delivered).toMatchObject({ is_pickup: false, revision: 2 });
    expect(delivered.items[0]).toMatchObject({ item_id: dish.item_id, unit_price: 19 });
    expect((await documentsOf(orderId)).at(-1)).toMatchObject({ type: 'receipt', total_ttc: cents(delivered.total) });
  });
});
