import type { ItemOption, MenuItem, Weekday } from '../catalogue.ts';
import type { DeliveryQuote } from '../delivery.ts';
import type { Offer } from '../offers.ts';
import type { PriceCartInput } from '../pricing.ts';
import type { SettingsList } from '../settings.ts';

/**
 * The carts of pricing-fixtures.json, written short (pricing-equivalence.test.ts): a dish is
 * `[item_id, item_menu_id, item_category_id, price_delivery, price_pickup, tax_rate, options]`, an
 * option `[option_id, required, [[value id, price], …]]`, a line `[dish index, quantity,
 * [[option_id, option_option_id, quantity], …]]`; an offer `[id, code, is_public, is_active, type,
 * value, auto_apply, allow_repeat, delivery_pickup, minimum_amount, menus, categories, items,
 * [[days, start, end], …], min_units]`.
 * Amounts are euros as the API serves them, `now` an ISO instant. Everything else of a dish, an
 * option or an offer is the same constant in every cart, filled in by `cartOfFixture`.
 */
export interface CartFixture {
  dishes: [number, number, number, number, number, number | null, [number, boolean, [number, number][]][]][];
  lines: [number, number, [number, number, number][]][];
  isPickup: boolean;
  settings: SettingsList;
  offers: OfferFixture[];
  coupon: OfferFixture | null;
  now: string;
  delivery: DeliveryQuote | null;
  used: number[];
}

type OfferFixture = [
  Offer['id'],
  Offer['code'],
  Offer['is_public'],
  Offer['is_active'],
  Offer['type'],
  Offer['value'],
  Offer['auto_apply'],
  Offer['allow_repeat'],
  Offer['delivery_pickup'],
  Offer['minimum_amount'],
  Offer['menus'],
  Offer['categories'],
  Offer['items'],
  [Weekday[], string, string][],
  Offer['min_units'],
];

/** An offer of a fixture as GET /v2/public/offers serves it. */
function offerOf([
  id,
  code,
  is_public,
  is_active,
  type,
  value,
  auto_apply,
  allow_repeat,
  delivery_pickup,
  minimum_amount,
  menus,
  categories,
  items,
  times,
  min_units,
]: OfferFixture): Offer {
  const active_times = times.map(([days, start, end]) => ({ days, start, end }));
  return {
    id,
    name: 'Offre',
    description: '',
    code,
    is_public,
    is_active,
    type,
    value,
    auto_apply,
    allow_repeat,
    delivery_pickup,
    minimum_amount,
    menus,
    categories,
    items,
    active_times,
    min_units,
  };
}

/** A dish of a fixture as the menu serves it (MenuItem). */
function dishOf([item_id, item_menu_id, item_category_id, price_delivery, price_pickup, tax_rate, options]: CartFixture['dishes'][number]): MenuItem {
  return {
    item_id,
    item_menu_id,
    item_category_id,
    item_name: 'Plat',
    item_description: '',
    item_image: '', // null in the carts drawn; no price reads it
    item_score: 0,
    item_price: { price_delivery, price_pickup, tax_rate },
    item_is_available: true,
    item_allergens: [],
    item_diets: [],
    options: options.map(
      ([option_id, required, values]): ItemOption => ({
        option_id,
        option_name: 'Option',
        selected: 0,
        required,
        option_options: values.map(([id, price]) => ({ id, name: 'Valeur', price, tax_rate: null, allergens: [] })),
      }),
    ),
  };
}

/** The input of `priceCart` a fixture stands for. */
export function cartOfFixture(fixture: CartFixture): PriceCartInput {
  const dishes = fixture.dishes.map(dishOf);
  return {
    lines: fixture.lines.map(([dish, quantity, choices]) => ({
      item: dishes[dish]!,
      choices: choices.map(([option_id, option_option_id, chosen]) => ({ option_id, option_option_id, quantity: chosen })),
      quantity,
    })),
    isPickup: fixture.isPickup,
    settings: fixture.settings,
    offers: fixture.offers.map(offerOf),
    coupon: fixture.coupon ? offerOf(fixture.coupon) : null,
    now: new Date(fixture.now),
    delivery: fixture.delivery,
    usedOfferIds: new Set(fixture.used),
  };
}
