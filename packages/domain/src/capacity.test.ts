import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  CapacitySettingsSchema,
  cartLoad,
  checkSlotCapacity,
  fullSlotStarts,
  isSlotFull,
  orderSlotKey,
  readCapacityLimits,
  slotKey,
  slotKeyAt,
  type CapacityLimits,
} from './capacity.ts';
import { KnownSettingsSchema } from './restaurant-file.ts';
import { toRestaurantTime } from './clock.ts';
import { toRestaurantDate } from './scheduling.ts';
import { capacityFields } from '@resto/copy/staff/capacity';

const limits = (overrides: Partial<CapacityLimits> = {}): CapacityLimits => ({ maxOrders: null, maxItems: null, itemCategoryIds: [], ...overrides });

describe('slotKeyAt: the quarter hour of an instant, in Paris (docs/decisions/023)', () => {
  test.each([
    // Winter: Paris = UTC+1.
    ['2026-11-24T11:30:00Z', '2026-11-24 12:30'],
    ['2026-11-24T11:44:59Z', '2026-11-24 12:30'],
    ['2026-11-24T11:45:00Z', '2026-11-24 12:45'],
    ['2026-11-24T22:59:00Z', '2026-11-24 23:45'],
    // Midnight in Paris is the next day.
    ['2026-11-24T23:05:00Z', '2026-11-25 00:00'],
    // Summer: Paris = UTC+2.
    ['2026-07-14T10:14:00Z', '2026-07-14 12:00'],
    // The spring change (29 March 2026, 02:00 → 03:00): 01:59 UTC is 03:59 Paris.
    ['2026-03-29T01:59:00Z', '2026-03-29 03:45'],
    // The autumn change (25 October 2026): 02:30 is met twice, the same slot both times.
    ['2026-10-25T00:30:00Z', '2026-10-25 02:30'],
    ['2026-10-25T01:30:00Z', '2026-10-25 02:30'],
  ])('%s → %s', (instant, key) => {
    expect(slotKeyAt(new Date(instant))).toBe(key);
  });

  test('property: a key is a Paris day and a quarter hour at most 14 minutes before the wall clock', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true }), (instant) => {
        const key = slotKeyAt(instant);
        expect(key).toMatch(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):(00|15|30|45)$/);
        expect(key.slice(0, 10)).toBe(toRestaurantDate(instant));
        const wall = toRestaurantTime(instant).time;
        const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
        const behind = minutes(wall) - minutes(key.slice(11));
        expect(behind).toBeGreaterThanOrEqual(0);
        expect(behind).toBeLessThan(15);
      }),
    );
  });
});

describe('orderSlotKey: the slot an order takes', () => {
  const now = new Date('2026-11-24T11:30:00Z'); // 12:30 in Paris
  test('a scheduled order takes its chosen slot’s start', () => {
    expect(orderSlotKey({ is_scheduled: true, delivery_date: '2026-11-26', delivery_time_range: '19:15-19:30' }, now, 20)).toBe('2026-11-26 19:15');
    expect(orderSlotKey({ is_scheduled: true, delivery_date: '2026-11-26', delivery_time_range: '19:15' }, now, 20)).toBe('2026-11-26 19:15');
  });
  test.each([
    [0, '2026-11-24 12:30'],
    [14, '2026-11-24 12:30'],
    [15, '2026-11-24 12:45'],
    [20, '2026-11-24 12:45'],
    [50, '2026-11-24 13:15'],
    // Busy mode's extra minutes come in with the lead time.
    [20 + 30, '2026-11-24 13:15'],
    [-5, '2026-11-24 12:30'],
  ])('ASAP with a lead time of %i min → %s', (lead, key) => {
    expect(orderSlotKey({ is_scheduled: false }, now, lead)).toBe(key);
  });
  test('a scheduled order without a readable slot or day has no key', () => {
    expect(orderSlotKey({ is_scheduled: true, delivery_date: '2026-11-26', delivery_time_range: 'midi' }, now, 0)).toBeNull();
    expect(orderSlotKey({ is_scheduled: true, delivery_date: null, delivery_time_range: '12:00-12:15' }, now, 0)).toBeNull();
  });
  test('slotKey joins day and start', () => {
    expect(slotKey('2026-12-31', '23:45')).toBe('2026-12-31 23:45');
  });
});

describe('cartLoad: what an order takes', () => {
  const lines = [
    { item_category_id: 1, quantity: 2 }, // pizzas
    { item_category_id: 2, quantity: 3 }, // drinks
    { item_category_id: 1, quantity: 1 },
  ];
  test('every dish counts when no category is chosen', () => {
    expect(cartLoad(lines, [])).toEqual({ orders: 1, items: 6 });
  });
  test('only the chosen categories count', () => {
    expect(cartLoad(lines, [1])).toEqual({ orders: 1, items: 3 });
    expect(cartLoad(lines, [2, 9])).toEqual({ orders: 1, items: 3 });
    expect(cartLoad(lines, [9])).toEqual({ orders: 1, items: 0 });
  });
  test('an empty cart is still one order', () => {
    expect(cartLoad([], [])).toEqual({ orders: 1, items: 0 });
  });
});

describe('checkSlotCapacity and isSlotFull', () => {
  test.each([
    // load, cart, limits, refusal
    [{ orders: 0, items: 0 }, { orders: 1, items: 4 }, limits(), null],
    [{ orders: 5, items: 0 }, { orders: 1, items: 4 }, limits({ maxOrders: 6 }), null],
    [{ orders: 6, items: 0 }, { orders: 1, items: 4 }, limits({ maxOrders: 6 }), 'orders'],
    [{ orders: 2, items: 8 }, { orders: 1, items: 2 }, limits({ maxItems: 10 }), null],
    [{ orders: 2, items: 8 }, { orders: 1, items: 3 }, limits({ maxItems: 10 }), 'items'],
    // An order counting no dish is only refused by the orders limit.
    [{ orders: 2, items: 10 }, { orders: 1, items: 0 }, limits({ maxItems: 10 }), null],
    [{ orders: 1, items: 0 }, { orders: 1, items: 1 }, limits({ maxOrders: 1, maxItems: 10 }), 'orders'],
    // A cart bigger than the whole limit never fits.
    [{ orders: 0, items: 0 }, { orders: 1, items: 11 }, limits({ maxItems: 10 }), 'items'],
  ] as const)('load %o + cart %o with %o → %s', (load, cart, l, refusal) => {
    expect(checkSlotCapacity(load, cart, l)).toBe(refusal);
  });

  test('full for any order: no order or no counted dish fits', () => {
    expect(isSlotFull({ orders: 3, items: 0 }, limits({ maxOrders: 3 }))).toBe(true);
    expect(isSlotFull({ orders: 2, items: 0 }, limits({ maxOrders: 3 }))).toBe(false);
    expect(isSlotFull({ orders: 2, items: 10 }, limits({ maxItems: 10 }))).toBe(true);
    expect(isSlotFull({ orders: 2, items: 9 }, limits({ maxItems: 10 }))).toBe(false);
    expect(isSlotFull({ orders: 99, items: 99 }, limits())).toBe(false);
  });
  test('full for a given cart', () => {
    const l = limits({ maxItems: 10 });
    expect(isSlotFull({ orders: 2, items: 8 }, l, 2)).toBe(false);
    expect(isSlotFull({ orders: 2, items: 8 }, l, 3)).toBe(true);
    // Only drinks (no counted dish): fits while orders may still come.
    expect(isSlotFull({ orders: 2, items: 10 }, l, 0)).toBe(false);
  });

  test('property: a slot is full for a cart exactly when the check refuses that cart', () => {
    fc.assert(
      fc.property(
        fc.record({ orders: fc.nat(50), items: fc.nat(200) }),
        fc.nat(30),
        fc.option(fc.integer({ min: 1, max: 50 })),
        fc.option(fc.integer({ min: 1, max: 200 })),
        (load, cartItems, maxOrders, maxItems) => {
          const l = limits({ maxOrders, maxItems });
          expect(isSlotFull(load, l, cartItems)).toBe(checkSlotCapacity(load, { orders: 1, items: cartItems }, l) !== null);
        },
      ),
    );
  });

  test('property: filling a slot one order at a time admits exactly the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 60 }), fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 80 }), (maxOrders, maxItems, carts) => {
        const l = limits({ maxOrders, maxItems });
        const load = { orders: 0, items: 0 };
        for (const items of carts) {
          if (checkSlotCapacity(load, { orders: 1, items }, l) === null) {
            load.orders += 1;
            load.items += items;
          }
        }
        expect(load.orders).toBeLessThanOrEqual(maxOrders);
        expect(load.items).toBeLessThanOrEqual(maxItems);
      }),
    );
  });
});

describe('fullSlotStarts: which slots of a day are full', () => {
  const starts = ['12:00', '12:15', '12:30', '12:45'];
  const loads = new Map([
    ['2026-11-26 12:00', { orders: 2, items: 5 }],
    ['2026-11-26 12:30', { orders: 1, items: 9 }],
    ['2026-11-27 12:15', { orders: 9, items: 9 }], // another day
  ]);
  test('orders limit', () => {
    expect(fullSlotStarts('2026-11-26', starts, loads, limits({ maxOrders: 2 }))).toEqual(['12:00']);
  });
  test('dishes limit, for any order and for a cart of 2 counted dishes', () => {
    expect(fullSlotStarts('2026-11-26', starts, loads, limits({ maxItems: 9 }))).toEqual(['12:30']);
    expect(fullSlotStarts('2026-11-26', starts, loads, limits({ maxItems: 9 }), 5)).toEqual(['12:00', '12:30']);
  });
  test('no limit, no full slot', () => {
    expect(fullSlotStarts('2026-11-26', starts, loads, limits())).toEqual([]);
  });
});

describe('readCapacityLimits', () => {
  const settings = [
    { name: 'capacity.max_orders', value: 6 },
    { name: 'capacity.pickup_max_orders', value: 8 },
    { name: 'capacity.pickup_max_items', value: 20 },
    { name: 'capacity.max_items', value: null },
    { name: 'capacity.item_categories', value: [3, 'x', 4] },
  ];
  test('each order type reads its own limits; categories are shared', () => {
    expect(readCapacityLimits(settings, false)).toEqual({ maxOrders: 6, maxItems: null, itemCategoryIds: [3, 4] });
    expect(readCapacityLimits(settings, true)).toEqual({ maxOrders: 8, maxItems: 20, itemCategoryIds: [3, 4] });
  });
  test('absent, null, zero, negative or fractional read as no limit', () => {
    expect(readCapacityLimits([], true)).toEqual(limits());
    for (const value of [0, -3, 2.5, '6'])
      expect(readCapacityLimits([{ name: 'capacity.max_orders', value }], false).maxOrders).toBeNull();
  });
});

describe('the settings’ schema (restaurant file and form alike)', () => {
  test('accepts whole limits, null and category lists', () => {
    const parsed = KnownSettingsSchema.safeParse({ 'capacity.max_orders': 6, 'capacity.pickup_max_items': null, 'capacity.item_categories': [1, 2] });
    expect(parsed.success).toBe(true);
  });
  test.each([
    [-1, capacityFields.limitMin],
    [0, capacityFields.limitMin],
    [2.5, capacityFields.limitInteger],
    ['6', capacityFields.limitType],
    [1000, capacityFields.limitMax],
  ])('refuses %o with a French message on the field', (value, message) => {
    const parsed = CapacitySettingsSchema.safeParse({ 'capacity.pickup_max_orders': value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['capacity.pickup_max_orders']);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
  test('refuses categories that are not ids', () => {
    const parsed = CapacitySettingsSchema.safeParse({ 'capacity.item_categories': [1, -2] });
    expect(parsed.error?.issues[0]?.message).toBe(capacityFields.categoriesType);
  });
});
