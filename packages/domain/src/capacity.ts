import { z } from './zod-fr.ts';
import { toRestaurantTime } from './clock.ts';
import { capacityFields } from '@resto/copy/staff/capacity';
import { parseSlotValue, toRestaurantDate } from './scheduling.ts';
import type { SettingsList } from './settings.ts';

/**
 * Capacity per 15-minute slot (docs/decisions/023-back-office.md, « Capacité »):
 * at most N orders, and/or N dishes of chosen categories, per slot and per order type.
 *
 * Settings, named in the style of the spec's `scheduling.*` (the delivery one unprefixed, a
 * `pickup_` variant for pickup):
 * - `capacity.max_orders` / `capacity.pickup_max_orders`: orders per slot (absent or null: no limit);
 * - `capacity.max_items` / `capacity.pickup_max_items`: dishes per slot, counting only the dishes
 *   of `capacity.item_categories` (absent or null: no limit);
 * - `capacity.item_categories`: category ids whose dishes count (absent or empty: every dish).
 *
 * A slot is named by its key 'YYYY-MM-DD HH:MM': its Paris day and start (`orders.slot_key`).
 */

/** Slot length, minutes (spec section 9: 15). */
const capacitySlotMinutes = 15;

/** One limit: a whole number from 1 to 999, or null for none. */
const capacityLimit = z
  .number({ error: capacityFields.limitType })
  .int({ error: capacityFields.limitInteger })
  .min(1, { error: capacityFields.limitMin })
  .max(999, { error: capacityFields.limitMax })
  .nullable();

/**
 * The capacity settings' schemas, spread into the restaurant file's KnownSettingsSchema
 * (restaurant-file.ts) and picked by the back office's form and route: one set of rules.
 */
export const capacitySettingsShape = {
  'capacity.max_orders': capacityLimit.optional(),
  'capacity.pickup_max_orders': capacityLimit.optional(),
  'capacity.max_items': capacityLimit.optional(),
  'capacity.pickup_max_items': capacityLimit.optional(),
  'capacity.item_categories': z
    .array(z.number({ error: capacityFields.categoriesType }).int({ error: capacityFields.categoriesType }).positive({ error: capacityFields.categoriesType }), {
      error: capacityFields.categoriesType,
    })
    .max(200)
    .optional(),
} as const;

/** The capacity settings' names, in the page's order. */
export const capacitySettingNames = Object.keys(capacitySettingsShape) as CapacitySettingName[];
export type CapacitySettingName = keyof typeof capacitySettingsShape;

/** The capacity settings as a zod object (every one optional). */
export const CapacitySettingsSchema = z.object(capacitySettingsShape);

/**
 * Minutes a card order awaiting its payment (`pending`) holds its place: a payment takes a few
 * minutes; an abandoned one must not keep the slot full. Paid later, it counts again (and may put
 * the slot one over: the payment is the customer's, already made).
 */
export const cardPaymentHoldMinutes = 30;

/** The limits of one order type. */
export interface CapacityLimits {
  /** Orders per slot; null: no limit. */
  maxOrders: number | null;
  /** Counted dishes per slot; null: no limit. */
  maxItems: number | null;
  /** Categories whose dishes count towards `maxItems`; empty: every dish counts. */
  itemCategoryIds: readonly number[];
}

/** The setting names of an order type's two limits. */
export function capacityLimitNames(isPickup: boolean): { maxOrders: CapacitySettingName; maxItems: CapacitySettingName } {
  return isPickup
    ? { maxOrders: 'capacity.pickup_max_orders', maxItems: 'capacity.pickup_max_items' }
    : { maxOrders: 'capacity.max_orders', maxItems: 'capacity.max_items' };
}

/**
 * Reads an order type's limits from a settings list. A value that is not a whole number of at
 * least 1 (a hand-edited file) reads as no limit, as a missing one does; categories that are not
 * numbers are ignored.
 */
export function readCapacityLimits(settings: SettingsList, isPickup: boolean): CapacityLimits {
  const names = capacityLimitNames(isPickup);
  const limit = (name: string) => {
    const value = settings.find((s) => s.name === name)?.value;
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
  };
  const categories = settings.find((s) => s.name === 'capacity.item_categories')?.value;
  return {
    maxOrders: limit(names.maxOrders),
    maxItems: limit(names.maxItems),
    itemCategoryIds: Array.isArray(categories) ? categories.filter((id): id is number => typeof id === 'number' && Number.isInteger(id)) : [],
  };
}

/** Whether an order type has any limit (no limit: nothing to count, nothing to lock). */
export function hasCapacityLimit(limits: CapacityLimits): boolean {
  return limits.maxOrders !== null || limits.maxItems !== null;
}

/** The key of a slot: 'YYYY-MM-DD HH:MM' (Paris day and start). */
export function slotKey(date: string, start: string): string {
  return `${date} ${start}`;
}

/**
 * The slot an instant falls in, in Paris: its day and its start floored to the quarter hour
 * (12:44 → '… 12:30', 12:45 → '… 12:45'). Around the October clock change the hour met twice
 * maps to the same key both times: the slot is a wall-clock quarter, as the picker shows it.
 */
export function slotKeyAt(instant: Date): string {
  const { time } = toRestaurantTime(instant);
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const floored = minutes - (minutes % capacitySlotMinutes);
  const hh = String(Math.floor(floored / 60)).padStart(2, '0');
  const mm = String(floored % 60).padStart(2, '0');
  return slotKey(toRestaurantDate(instant), `${hh}:${mm}`);
}

/** When an order is wanted, as the checkout sends it (spec section 3, delivery form). */
export interface OrderTiming {
  is_scheduled: boolean;
  delivery_date?: string | null | undefined;
  delivery_time_range?: string | null | undefined;
}

/**
 * The slot an order takes a place in ('YYYY-MM-DD HH:MM'):
 * - scheduled: its chosen day and the start of its `delivery_time_range` ('12:30-12:45' or '12:30');
 * - « dès que possible »: the slot of its expected time, now + `leadMinutes`, floored to the
 *   quarter hour. `leadMinutes` is the lead time of the order type (`scheduling.minimum_time` or
 *   `scheduling.pickup_minimum_time`, plus busy mode's extra minutes while it lasts).
 * Null when a scheduled order has no readable day or slot (the schedule check refuses it first).
 */
export function orderSlotKey(timing: OrderTiming, now: Date, leadMinutes: number): string | null {
  if (!timing.is_scheduled) return slotKeyAt(new Date(now.getTime() + Math.max(0, leadMinutes) * 60_000));
  const slot = parseSlotValue(timing.delivery_time_range ?? '');
  const date = timing.delivery_date ?? '';
  if (!slot || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return slotKey(date, slot.start);
}

/** What a slot holds, or what a cart would add to it: orders, and dishes of the counted categories. */
export interface SlotLoad {
  orders: number;
  items: number;
}

/** A cart line as capacity sees it: its dish's category and how many. */
export interface CapacityLine {
  item_category_id: number;
  quantity: number;
}

/**
 * What an order takes in its slot: 1 order, and the quantity of its dishes whose category is
 * counted (every dish when `itemCategoryIds` is empty). Options are not dishes: a pizza with
 * extra cheese is one dish.
 */
export function cartLoad(lines: readonly CapacityLine[], itemCategoryIds: readonly number[]): SlotLoad {
  const counted = itemCategoryIds.length === 0 ? () => true : (line: CapacityLine) => itemCategoryIds.includes(line.item_category_id);
  return { orders: 1, items: lines.reduce((sum, line) => sum + (counted(line) ? Math.max(0, line.quantity) : 0), 0) };
}

/** Why an order does not fit in its slot: too many orders already, or too many dishes. */
export type CapacityRefusal = 'orders' | 'items';

/**
 * Whether an order taking `cart` fits in a slot already holding `load`: the orders, and the
 * counted dishes, after it stay within the limits. An order that counts no dish is refused only
 * by the orders limit. @returns null when it fits, else what is exceeded.
 */
export function checkSlotCapacity(load: SlotLoad, cart: SlotLoad, limits: CapacityLimits): CapacityRefusal | null {
  if (limits.maxOrders !== null && load.orders + cart.orders > limits.maxOrders) return 'orders';
  if (limits.maxItems !== null && cart.items > 0 && load.items + cart.items > limits.maxItems) return 'items';
  return null;
}

/**
 * Whether a slot is full for a cart counting `cartItems` dishes: no room for one more order, or
 * not for those dishes (checkSlotCapacity). Without `cartItems` (a cart unknown): full when no
 * order fits, or no counted dish does. The picker shows such a slot « complet ».
 */
export function isSlotFull(load: SlotLoad, limits: CapacityLimits, cartItems?: number): boolean {
  if (cartItems === undefined) return checkSlotCapacity(load, { orders: 1, items: 1 }, limits) !== null;
  return checkSlotCapacity(load, { orders: 1, items: cartItems }, limits) !== null;
}

/**
 * The full slots among a day's slot starts ('HH:MM'), for a cart counting `cartItems` dishes
 * (undefined: any order, see isSlotFull): `loads` maps a slot key ('YYYY-MM-DD HH:MM') to what it holds (a slot not in it holds nothing).
 * @returns the starts of the full slots, in the order given.
 */
export function fullSlotStarts(
  date: string,
  starts: readonly string[],
  loads: ReadonlyMap<string, SlotLoad>,
  limits: CapacityLimits,
  cartItems?: number,
): string[] {
  if (!hasCapacityLimit(limits)) return [];
  return starts.filter((start) => isSlotFull(loads.get(slotKey(date, start)) ?? { orders: 0, items: 0 }, limits, cartItems));
}

/** The 96 quarter-hour starts of a day, '00:00' to '23:45': every slot a day can have. */
export function dayQuarterStarts(): string[] {
  return Array.from({ length: (24 * 60) / capacitySlotMinutes }, (_, i) => {
    const minutes = i * capacitySlotMinutes;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}
