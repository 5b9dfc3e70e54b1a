import { randomBytes } from 'node:crypto';
import type { Menu, MenuItem } from '@resto/domain/catalogue';
import type { OrderPayload } from '@resto/domain/checkout';
import { centsToEuros } from '@resto/domain/money';
import type { Offer } from '@resto/domain/offers';
import { priceCart } from '@resto/domain/pricing';

/**
 * Orders placed through the real public API for the board's browser tests (issue 13): a pickup,
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
 * other items so orders differ. @returns the order's id.
 */
export async function placeCashOrder(baseURL: string, now: string, variant = 0, customer = { first_name: 'Léa', last_name: 'Martin' }): Promise<number> {
  const { items, settings, offers } = await simpleItems(baseURL);
  const first = items[variant % items.length];
  const second = items[(variant + 3) % items.length];
  if (!first || !second) throw new Error('the demo menu has no simple items');
  const lines = [
    { item: first, choices: [], quantity: 1 + (variant % 2) },
    { item: second, choices: [], quantity: 1 },
  ];
  const { totals } = priceCart({ lines, isPickup: true, settings, offers, coupon: null, now: new Date(now), delivery: null });
  const body: OrderPayload = {
    local_id: `board-e2e-${randomBytes(10).toString('hex')}`,
    items: lines.map((line, index) => ({ item_id: line.item.item_id, item_menu_id: line.item.item_menu_id, quantity: line.quantity, note: index === 0 ? 'Sans oignons' : '', options: [] })),
    free_items: [],
    is_pickup: true,
    delivery: centsToEuros(totals.deliveryCents),
    tax: centsToEuros(totals.taxCents),
    subtotal: centsToEuros(totals.subtotalCents),
    discount: centsToEuros(totals.discountCents),
    total: centsToEuros(totals.totalCents),
    payment_method: 'cash',
    transaction_id: null,
    user_id: null,
    status: 'pending',
    customer: { ...customer, email: 'lea.martin@example.fr', phone: '06 98 76 54 32' },
    location: null,
    date: new Date(now).toISOString(),
  } as OrderPayload;
  const response = await fetch(`${baseURL}/v2/public/checkout/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { status: string; payload?: { order_id: number }; message?: string };
  if (response.status !== 201 || !answer.payload) throw new Error(`order refused: ${response.status} ${answer.message ?? ''}`);
  return answer.payload.order_id;
}
