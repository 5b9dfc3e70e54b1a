import { orderChangeErrors, orderChangeSummary as s } from '@resto/copy/staff/order-change';
import { OrderPayloadSchema } from './checkout.ts';
import { z } from './zod-fr.ts';
import { awaitsAcceptance, type LifecycleOrder } from './order-lifecycle.ts';
import { formatDay, formatSlot } from './format.ts';
import { lineLabel } from './sale-documents.ts';
import { parseSlotValue } from './scheduling.ts';
import type { MenuItem } from './catalogue.ts';
import { centsToEuros } from './money.ts';

/**
 * Changing an order by staff (docs/decisions/039-changing-an-order.md): which orders may change,
 * what changed between two versions of one (for the kitchen's « MODIFICATION » ticket, the
 * customer's e-mail and the order's history), and how the money settles. The new version is priced
 * by the storefront's own pricing (pricing.ts, through the API's order creation code), with the
 * prices the order was placed at for the dishes it already had (`orderedPrices`, `withOrderedPrices`).
 */

/**
 * Whether staff may still change the order: before it is ready. A cash order placed or accepted; a
 * card order paid or accepted (an unpaid card order is not the restaurant's yet).
 */
export function isChangeable(order: LifecycleOrder): boolean {
  return order.status === 'accepted' || awaitsAcceptance(order);
}

/** A paid line of the order as stored (`order_lines`): its dish, unit price and options' prices, in cents. */
export interface OrderedLine {
  itemId: number;
  /** The line's unit price as ordered: the dish's base price for the order type plus its options' (price × quantity). */
  unitPriceCents: number;
  /** The option values it had: their id (`option_option_id`), price for one and how many per unit. */
  options: readonly { id: number; price_cents: number; quantity: number }[];
  /** An offer's free dish (0 €): never a price kept. */
  isFree?: boolean;
}

/** The prices a dish was ordered at (cents): its base price, and each option value's by its id. */
export interface OrderedPrice {
  baseCents: number;
  optionCents: ReadonlyMap<number, number>;
}

/**
 * The prices a changed order keeps (docs/decisions/039, « Prices »): for each dish (item_id) among
 * the order's paid lines, its base price as ordered (the stored unit price minus its options'
 * price × quantity) and each option value's ordered price (by option value id); the first paid
 * line of a dish gives its base, the first line with a value gives that value's price. When the
 * order type changes (`wasPickup` ≠ `isPickup`) nothing is kept: the ordered base was the old
 * type's, and the menu's prices of the new type apply. Free lines are never kept.
 * @returns the ordered prices by item_id (empty when the type changed).
 */
export function orderedPrices(lines: readonly OrderedLine[], wasPickup: boolean, isPickup: boolean): Map<number, OrderedPrice> {
  const prices = new Map<number, { baseCents: number; optionCents: Map<number, number> }>();
  if (wasPickup !== isPickup) return prices;
  for (const line of lines) {
    if (line.isFree) continue;
    let known = prices.get(line.itemId);
    if (!known) {
      const optionsCents = line.options.reduce((sum, option) => sum + option.price_cents * option.quantity, 0);
      known = { baseCents: line.unitPriceCents - optionsCents, optionCents: new Map() };
      prices.set(line.itemId, known);
    }
    for (const option of line.options) if (!known.optionCents.has(option.id)) known.optionCents.set(option.id, option.price_cents);
  }
  return prices;
}

/**
 * The menu item `item` priced as the order had it (docs/decisions/039, « Prices »): a copy whose
 * base price for the order type (`price_pickup` when `isPickup`, else `price_delivery`, euros) is
 * the ordered one, and whose option values the order had cost what they were ordered at; new
 * option values, and the other order type's price, stay the menu's. `ordered` undefined (a new
 * dish, or the type changed): `item` itself. Pure; `item` is not modified.
 */
export function withOrderedPrices(item: MenuItem, ordered: OrderedPrice | undefined, isPickup: boolean): MenuItem {
  if (!ordered) return item;
  const base = centsToEuros(ordered.baseCents);
  return {
    ...item,
    item_price: { ...item.item_price, ...(isPickup ? { price_pickup: base } : { price_delivery: base }) },
    options: item.options.map((option) => ({
      ...option,
      option_options: option.option_options.map((value) => {
        const cents = ordered.optionCents.get(value.id);
        return cents === undefined ? value : { ...value, price: centsToEuros(cents) };
      }),
    })),
  };
}

/** A line of one version of the order, as compared: the dish, its options, its note, how many. */
export interface ComparedLine {
  itemId: number;
  itemName: string;
  /** The option values chosen (their id, name as printed, how many). */
  options: readonly { id: number; name: string; quantity: number }[];
  quantity: number;
  note: string;
  /** An offer's free dish: not compared (it follows the offers). */
  isFree?: boolean;
}

/** Units of a dish (with these options and this note) added or taken away. */
export interface ChangedUnits {
  label: string;
  /** The dish's category (which station prints it), when known. */
  item_category_id?: number | null;
  note: string;
  quantity: number;
}

/** When the order is for, as a change compares it. */
export interface ComparedSchedule {
  isPickup: boolean;
  /** « dès que possible » or the slot as the screens write it (e.g. « jeu. 3 déc., 12:00 – 12:15 »). */
  when: string;
  /** The delivery address on one line; '' for a pickup. */
  address: string;
}

/**
 * An order's schedule and address as a change compares them: « dès que possible », or the slot as
 * « jeudi 3 décembre, 12:30–12:45 »; the delivery address on one line (number and street, postal
 * code and city), '' for a pickup.
 */
export function comparedSchedule(order: {
  isPickup: boolean;
  deliveryDate?: string | null | undefined;
  deliveryTimeRange?: string | null | undefined;
  /** The order's `location` as stored (address, postal_code, city…). */
  location?: Readonly<Record<string, unknown>> | null | undefined;
}): ComparedSchedule {
  const slot = order.deliveryTimeRange ? parseSlotValue(order.deliveryTimeRange) : null;
  const when = order.deliveryDate && slot ? `${formatDay(order.deliveryDate)}, ${formatSlot(slot.start, slot.end)}` : s.asap;
  const text = (key: string) => (typeof order.location?.[key] === 'string' ? (order.location[key] as string).trim() : '');
  const place = [text('postal_code'), text('city')].filter(Boolean).join(' ');
  const address = order.isPickup ? '' : [text('address'), place].filter(Boolean).join(', ');
  return { isPickup: order.isPickup, when, address };
}

/**
 * What changed between two versions of an order (the `order_changes.diff` column): units added and
 * taken away per dish, options and note (a dish whose options or note changed is one taken away
 * and one added, as a kitchen reads it), and the order type, slot and address when they changed
 * (the address of a delivery: new, or moved; `from` is '' when it was a pickup).
 */
export interface OrderChangeDiff {
  added: ChangedUnits[];
  removed: ChangedUnits[];
  schedule: { from: string; to: string } | null;
  order_type: { from_pickup: boolean; to_pickup: boolean } | null;
  address: { from: string; to: string } | null;
}

/** The key of a line as compared: the dish, its option values (sorted) and its note. */
function lineKey(line: ComparedLine): string {
  const options = line.options
    .map((o) => `${o.id}x${o.quantity}`)
    .sort()
    .join(',');
  return `${line.itemId}|${options}|${line.note.trim()}`;
}

/** Units per key, in the order the keys first appear, with the label of their first line. */
function unitsByKey(lines: readonly ComparedLine[]): Map<string, ChangedUnits> {
  const units = new Map<string, ChangedUnits>();
  for (const line of lines) {
    if (line.isFree) continue;
    const key = lineKey(line);
    const known = units.get(key);
    if (known) known.quantity += line.quantity;
    else units.set(key, { label: lineLabel(line), note: line.note.trim(), quantity: line.quantity });
  }
  return units;
}

/**
 * The difference between the order `before` and `after` a change: per dish with the same options
 * and note, the units added or taken away (the order of `after`, then of `before`); the order type,
 * the slot and the address when they differ.
 */
export function diffOrder(
  before: { lines: readonly ComparedLine[]; schedule: ComparedSchedule },
  after: { lines: readonly ComparedLine[]; schedule: ComparedSchedule },
): OrderChangeDiff {
  const was = unitsByKey(before.lines);
  const now = unitsByKey(after.lines);
  const added: ChangedUnits[] = [];
  const removed: ChangedUnits[] = [];
  for (const [key, units] of now) {
    const more = units.quantity - (was.get(key)?.quantity ?? 0);
    if (more > 0) added.push({ ...units, quantity: more });
  }
  for (const [key, units] of was) {
    const fewer = units.quantity - (now.get(key)?.quantity ?? 0);
    if (fewer > 0) removed.push({ ...units, quantity: fewer });
  }
  const b = before.schedule;
  const a = after.schedule;
  return {
    added,
    removed,
    schedule: b.when === a.when ? null : { from: b.when, to: a.when },
    order_type: b.isPickup === a.isPickup ? null : { from_pickup: b.isPickup, to_pickup: a.isPickup },
    address: !a.isPickup && (b.isPickup || b.address !== a.address) ? { from: b.address, to: a.address } : null,
  };
}

/** Whether a change changes nothing (its lines, type, slot and address all the same). */
export function isEmptyDiff(diff: OrderChangeDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && !diff.schedule && !diff.order_type && !diff.address;
}

/** The change in a few words (« + 1 × Tiramisu ; − 1 × Coca-Cola ; Créneau : 12:00 – 12:15 → 12:30 – 12:45 »), for the order's history. */
export function describeDiff(diff: OrderChangeDiff): string {
  const parts = [
    ...diff.added.map((u) => s.added(u.quantity, u.note ? `${u.label} « ${u.note} »` : u.label)),
    ...diff.removed.map((u) => s.removed(u.quantity, u.note ? `${u.label} « ${u.note} »` : u.label)),
    ...(diff.order_type ? [s.orderType(diff.order_type.to_pickup)] : []),
    ...(diff.schedule ? [s.schedule(diff.schedule.from, diff.schedule.to)] : []),
    ...(diff.address ? [s.address(diff.address.to)] : []),
  ];
  return parts.join(s.separator);
}

/** A paid payment link's card payment still held (docs/decisions/038): its amount minus its refunds succeeded or pending (cents). */
export interface LinkHeld {
  linkId: number;
  cents: number;
}

/**
 * How the money of a changed order settles (cents), against what the order holds: the card's
 * payment at checkout (`cardHeldCents`), the card payments of its payment links (`linksHeld`) and
 * the money taken at the counter (`counterPaidCents`), each net of what was given back:
 * - more held than the new total: the difference is refunded (`refund`) on the checkout's card
 *   first (`cardCents`), then on the links, newest first (`links`); what the counter holds beyond
 *   the new total is not refunded by a card: the change is refused (`paid_above`: staff reverse
 *   that counter payment first, rather than the order owing the customer money no screen shows);
 * - less held: a card order's rest is due (`due`: paid at the counter or by a payment link); a
 *   cash order's new total stands (`none`; the counter asks what is left);
 * - equal: `none`.
 */
export type ChangeSettlement =
  | { kind: 'none' | 'due'; amountCents: number }
  | { kind: 'refund'; amountCents: number; cardCents: number; links: LinkHeld[] }
  | { kind: 'paid_above'; amountCents: number };

export function changeSettlement(input: {
  paymentMethod: LifecycleOrder['paymentMethod'];
  totalAfterCents: number;
  /** A card order: paid online at checkout minus its refunds succeeded or pending; 0 for a cash order. */
  cardHeldCents: number;
  /** Paid links, each with what it still holds (any order). */
  linksHeld?: readonly LinkHeld[];
  /** Paid at the counter and still standing (links' card payments apart). */
  counterPaidCents: number;
}): ChangeSettlement {
  const links = [...(input.linksHeld ?? [])].filter((link) => link.cents > 0).sort((a, b) => b.linkId - a.linkId);
  const cardCents = input.paymentMethod === 'card' ? input.cardHeldCents : 0;
  const held = cardCents + links.reduce((sum, link) => sum + link.cents, 0) + input.counterPaidCents;
  if (held < input.totalAfterCents)
    return input.paymentMethod === 'card' ? { kind: 'due', amountCents: input.totalAfterCents - held } : { kind: 'none', amountCents: 0 };
  let rest = held - input.totalAfterCents;
  if (rest === 0) return { kind: 'none', amountCents: 0 };
  const fromCard = Math.min(rest, cardCents);
  rest -= fromCard;
  const fromLinks: LinkHeld[] = [];
  for (const link of links) {
    if (rest === 0) break;
    const cents = Math.min(rest, link.cents);
    fromLinks.push({ linkId: link.linkId, cents });
    rest -= cents;
  }
  if (rest > 0) return { kind: 'paid_above', amountCents: input.counterPaidCents };
  return { kind: 'refund', amountCents: held - input.totalAfterCents, cardCents: fromCard, links: fromLinks };
}

/**
 * The body of POST /v2/restaurant/orders/{order_id}/changes: the order's new content as the
 * storefront's payload writes it (lines, order type, address, slot, coupon, the amounts the screen
 * priced with the storefront's pricing), the revision the screen showed, and the screen's
 * `change_key` (made when the change is first sent, kept across retries: the same key is the same
 * change). The customer, the payment method and the rest of the order do not change.
 */
export const OrderChangeBodySchema = z.object({
  change_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/u, { error: orderChangeErrors.badKey }),
  revision: z.number().int().min(0),
  order: OrderPayloadSchema.pick({
    items: true,
    free_items: true,
    is_pickup: true,
    delivery: true,
    tax: true,
    subtotal: true,
    discount: true,
    total: true,
    coupon: true,
    meal_voucher: true,
    location: true,
    is_scheduled: true,
    delivery_date: true,
    delivery_time_range: true,
  }),
});
export type OrderChangeBody = z.input<typeof OrderChangeBodySchema>;
