import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { BoardState } from '@resto/contract/board';
import type { Menu, MenuItem } from '@resto/domain/catalogue';
import { orderPayloadTotals, type OrderPayload } from '@resto/domain/checkout';
import type { Offer } from '@resto/domain/offers';
import { priceCart } from '@resto/domain/pricing';

/**
 * Orders placed through the real public API for the board's browser tests (docs/decisions/019): a pickup,
 * cash order of the demo menu, priced with the same domain code the storefront and the server use
 * (priceCart) at the server's frozen clock, so the server accepts it as the storefront's.
 */

async function payload<T>(baseURL: string, path: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`);
  const body = (await response.json()) as { status: string; payload: T };
  if (body.status !== 'success') throw new Error(`${path}: ${response.status}`);
  return body.payload;
}

/** Available items of the demo menu without required options (any of them makes a valid line). */
async function simpleItems(baseURL: string): Promise<{ items: MenuItem[]; menus: Menu[]; settings: { name: string; value: unknown }[]; offers: Offer[] }> {
  const [menus, settings, offers] = await Promise.all([
    payload<Menu[]>(baseURL, '/v2/public/menus'),
    payload<{ name: string; value: unknown }[]>(baseURL, '/v2/public/settings'),
    payload<Offer[]>(baseURL, '/v2/public/offers'),
  ]);
  const items = menus.flatMap((m) => m.categories.flatMap((c) => c.items)).filter((i) => i.item_is_available && !i.options.some((o) => o.required));
  return { items, menus, settings, offers };
}

/**
 * Places a pickup + cash order on the server at `baseURL` whose clock is `now`; `variant` picks
 * other items so orders differ. With `coupon`, the order uses that coupon code (GET
 * /v2/public/offers/{code}, priced with it) for the customer's `email`, its first dish's quantity
 * raised until the subtotal reaches the coupon's `minimum_amount`. `extra.note` is the first line's
 * note ('Sans oignons' by default); `extra.slot` schedules the order for that day ('YYYY-MM-DD')
 * and slot ('12:30-12:45'). @returns the order's id.
 * @throws when the server refuses the order (its status and French message).
 */
export async function placeCashOrder(
  baseURL: string,
  now: string,
  variant = 0,
  customer: { first_name: string; last_name: string; phone?: string } = { first_name: 'Léa', last_name: 'Martin' },
  coupon?: { code: string; email: string },
  extra: { note?: string; slot?: { date: string; range: string } } = {},
): Promise<number> {
  const { items, settings, offers } = await simpleItems(baseURL);
  const first = items[variant % items.length];
  const second = items[(variant + 3) % items.length];
  if (!first || !second) throw new Error('the demo menu has no simple items');
  const couponOffer = coupon ? (await payload<Offer[]>(baseURL, `/v2/public/offers/${encodeURIComponent(coupon.code)}`))[0] ?? null : null;
  const lines = [
    { item: first, choices: [], quantity: 1 + (variant % 2) },
    { item: second, choices: [], quantity: 1 },
  ];
  const price = () => priceCart({ lines, isPickup: true, settings, offers, coupon: couponOffer, now: new Date(now), delivery: null }).totals;
  let totals = price();
  while (couponOffer && orderPayloadTotals(totals).subtotal < couponOffer.minimum_amount && lines[0]!.quantity < 20) {
    lines[0]!.quantity += 1;
    totals = price();
  }
  const body: OrderPayload = {
    local_id: `board-e2e-${randomBytes(10).toString('hex')}`,
    items: lines.map((line, index) => ({ item_id: line.item.item_id, item_menu_id: line.item.item_menu_id, quantity: line.quantity, note: index === 0 ? (extra.note ?? 'Sans oignons') : '', options: [] })),
    free_items: [],
    is_pickup: true,
    is_scheduled: extra.slot !== undefined,
    delivery_date: extra.slot?.date ?? null,
    delivery_time_range: extra.slot?.range ?? null,
    ...orderPayloadTotals(totals),
    payment_method: 'cash',
    transaction_id: null,
    user_id: null,
    status: 'pending',
    customer: { first_name: customer.first_name, last_name: customer.last_name, email: coupon?.email ?? 'lea.martin@example.fr', phone: customer.phone ?? '06 98 76 54 32' },
    location: null,
    date: new Date(now).toISOString(),
    coupon: coupon?.code ?? null,
  } as OrderPayload;
  const response = await fetch(`${baseURL}/v2/public/checkout/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { status: string; payload?: { order_id: number }; message?: string };
  if (response.status !== 201 || !answer.payload) throw new Error(`order refused: ${response.status} ${answer.message ?? ''}`);
  return answer.payload.order_id;
}

async function send<T>(baseURL: string, method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { status: string; payload?: T; message?: string };
  if (!response.ok || answer.payload === undefined) throw new Error(`${method} ${path}: ${response.status} ${answer.message ?? ''}`);
  return answer.payload;
}

/**
 * Places a pickup order paid by card with the test processor (the API's steps, as the storefront
 * takes them: order, customer, payment intent, card confirmation, finalisation). `card` is a test
 * card number; 4000 0000 0000 5126 is paid but its refunds are refused
 * (apps/api/src/modules/payments/providers/test-processor.ts). @returns the order's id.
 */
export async function placePaidCardOrder(baseURL: string, now: string, card = '4242424242424242'): Promise<number> {
  return (await placePaidCardOrderWithSecret(baseURL, now, card)).orderId;
}

/** Like `placePaidCardOrder`, with the order's secret too (its status page `/suivi?commande=<secret>`). */
export async function placePaidCardOrderWithSecret(baseURL: string, now: string, card = '4242424242424242'): Promise<{ orderId: number; secret: string }> {
  const { items, settings, offers } = await simpleItems(baseURL);
  const item = items[0];
  if (!item) throw new Error('the demo menu has no simple items');
  const { totals } = priceCart({ lines: [{ item, choices: [], quantity: 2 }], isPickup: true, settings, offers, coupon: null, now: new Date(now), delivery: null });
  const amounts = orderPayloadTotals(totals);
  const body = {
    local_id: `board-e2e-${randomBytes(10).toString('hex')}`,
    items: [{ item_id: item.item_id, item_menu_id: item.item_menu_id, quantity: 2, note: '', options: [] }],
    free_items: [],
    is_pickup: true,
    ...amounts,
    payment_method: 'card',
    transaction_id: null,
    user_id: null,
    status: 'pending',
    customer: { first_name: 'Paul', last_name: 'Girard', email: 'paul.girard@example.fr', phone: '06 11 22 33 44' },
    location: null,
    date: new Date(now).toISOString(),
  };
  const order = await send<{ order_id: number; secret: string }>(baseURL, 'POST', '/v2/public/checkout/', body);
  const customer = await send<{ customer: string }>(baseURL, 'POST', '/v2/public/checkout/stripe-customer', { email: body.customer.email, name: 'Paul Girard', phone: '+33611223344' });
  const intent = await send<{ id: string; client_secret: string }>(baseURL, 'POST', '/v2/public/checkout/stripe-payment-intent', {
    order_id: order.order_id,
    customer_id: customer.customer,
    amount: amounts.total,
    secret: order.secret,
  });
  await send(baseURL, 'POST', '/v2/public/checkout/test-processor/confirm', { client_secret: intent.client_secret, number: card, expiry: '12/34', cvc: '123' });
  await send(baseURL, 'PUT', '/v2/public/checkout/', { order_id: order.order_id, transaction_id: intent.id, status: 'paid', secret: order.secret });
  return { orderId: order.order_id, secret: order.secret };
}

/**
 * Opens, as the staff member signed in on `page`, every order still unopened on the board: the
 * e2e servers are shared by every spec, and orders earlier specs placed would otherwise keep the
 * board ringing. A test that checks the ringing starts from a board where nothing waits unopened.
 * @returns how many orders were opened.
 */
export async function openEveryUnopenedOrder(page: Page): Promise<number> {
  const state = await page.request.get('/v2/restaurant/orders');
  if (!state.ok()) throw new Error(`GET /v2/restaurant/orders: ${state.status()}`);
  const { payload } = (await state.json()) as { payload: BoardState };
  const unopened = payload.orders.filter((order) => order.column === 'new' && order.opened_at === null);
  for (const order of unopened) {
    const opened = await page.request.post(`/v2/restaurant/orders/${order.order_id}/opened`);
    if (!opened.ok()) throw new Error(`POST /opened ${order.order_id}: ${opened.status()}`);
  }
  return unopened.length;
}
