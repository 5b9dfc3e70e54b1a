import { orderAnswers } from '@resto/copy/errors/orders';
import type { PricedLine } from './cart.ts';
import { eurosToCents, percentToBasisPoints } from './money.ts';

/**
 * The menu as the API serves it (GET /v2/public/menus, spec section 3 "Menu" and "Item").
 * Prices are euros with 2 decimals and tax rates percent, as the spec's payloads have them.
 */

/** Largest quantity of one line: protects the kitchen and the integer maths from absurd orders. */
export const maxLineQuantity = 99;
/** Most lines in one order. */
export const maxCartLines = 100;

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** A start/end pair of 'HH:MM' times in Europe/Paris. */
export interface TimeRange {
  start: string;
  end: string;
}

/** Opening hours of one weekday (spec: label, is_open, times). */
export interface ActiveTime {
  day: Weekday;
  label: string;
  is_open: boolean;
  times: TimeRange[];
}

export type WeeklyRanges = Partial<Record<Weekday, TimeRange[]>>;

interface OptionOption {
  id: number;
  name: string;
  /** Extra price in euros for one of this value. */
  price: number;
  /** Percent, or null for the item's rate. */
  tax_rate: number | null;
  /** Allergens this value adds (EU 1169/2011 annex II keys, see allergens.ts). */
  allergens: string[];
}

export interface ItemOption {
  option_id: number;
  option_name: string;
  /** The most values a customer may choose in this option (quantities count). */
  selected: number;
  /** At least one value must be chosen. */
  required: boolean;
  option_options: OptionOption[];
}

interface ItemPrice {
  price_delivery: number;
  price_pickup: number;
  /** Percent (10, 5.5, 20), or null for the cart's default rate. */
  tax_rate: number | null;
}

export interface MenuItem {
  item_id: number;
  item_menu_id: number;
  item_category_id: number;
  item_name: string;
  item_description: string;
  item_image: string;
  item_score: number;
  item_price: ItemPrice;
  item_is_available: boolean;
  /** EU 1169/2011 annex II allergens of the dish as served without options (allergens.ts keys). */
  item_allergens: string[];
  /** Diet labels: vegetarian, vegan, halal, gluten_free. */
  item_diets: string[];
  /**
   * An alcoholic drink (beer, wine…): never payable with meal vouchers (docs/decisions/012).
   * Absent reads as false.
   */
  item_is_alcoholic?: boolean;
  options: ItemOption[];
}

export interface Category {
  category_id: number;
  category_name: string;
  category_description: string;
  items: MenuItem[];
}

export interface Menu {
  menu_id: number;
  menu_name: string;
  menu_description: string;
  menu_is_open: boolean;
  menu_is_available: boolean;
  active_times: ActiveTime[];
  time_ranges: WeeklyRanges;
  pickup_time_ranges: WeeklyRanges;
  categories: Category[];
}

/** A value the customer chose in an option: which one and how many. */
export interface ChosenOptionValue {
  option_id: number;
  option_option_id: number;
  quantity: number;
}

export interface OptionChoiceError {
  option_id: number;
  message: string;
}

/**
 * Checks chosen option values against an item's options: each value must belong to the option
 * it names, quantities are positive integers, the quantities chosen in an option add up to at most
 * its `selected` count, and a required option has at least one value (spec section 3, Item options).
 * @returns one French error per broken option; empty when the choice is valid.
 */
export function validateOptionChoices(itemName: string, options: readonly ItemOption[], chosen: readonly ChosenOptionValue[]): OptionChoiceError[] {
  const errors: OptionChoiceError[] = [];
  const countByOption = new Map<number, number>();
  for (const value of chosen) {
    const option = options.find((o) => o.option_id === value.option_id);
    const known = option?.option_options.some((v) => v.id === value.option_option_id);
    if (!option || !known || !Number.isInteger(value.quantity) || value.quantity < 1) {
      errors.push({ option_id: value.option_id, message: orderAnswers.unknownOption(itemName) });
      continue;
    }
    countByOption.set(option.option_id, (countByOption.get(option.option_id) ?? 0) + value.quantity);
  }
  for (const option of options) {
    const count = countByOption.get(option.option_id) ?? 0;
    if (count > option.selected) errors.push({ option_id: option.option_id, message: orderAnswers.optionTooMany(option.option_name, option.selected) });
    if (option.required && count === 0) errors.push({ option_id: option.option_id, message: orderAnswers.optionRequired(option.option_name) });
  }
  return errors;
}

/**
 * The pricing view of a line: an item as the API serves it (euros, percent), the values chosen
 * and the line quantity, in cents and basis points for calculateCartTotals. Used by the browser
 * on its cart and by the server on its own catalogue, so both price the same way.
 * Chosen values not found on the item are priced 0 (validateOptionChoices refuses them first).
 */
export function pricedLineFromItem(item: MenuItem, chosen: readonly ChosenOptionValue[], quantity: number): PricedLine {
  // Loops rather than find() with closures: every line of every cart priced comes here (docs/decisions/025).
  const options = new Array<PricedLine['options'][number]>(chosen.length);
  for (let index = 0; index < chosen.length; index++) {
    const choice = chosen[index]!;
    let priceCents = 0;
    // The first option with that id, and in it the first value with that id (a value of another option never counts).
    for (const option of item.options) {
      if (option.option_id !== choice.option_id) continue;
      for (const value of option.option_options) {
        if (value.id !== choice.option_option_id) continue;
        priceCents = eurosToCents(value.price);
        break;
      }
      break;
    }
    options[index] = { priceCents, quantity: choice.quantity };
  }
  return {
    priceDeliveryCents: eurosToCents(item.item_price.price_delivery),
    pricePickupCents: eurosToCents(item.item_price.price_pickup),
    taxRateBp: item.item_price.tax_rate === null ? null : percentToBasisPoints(item.item_price.tax_rate),
    options,
    quantity,
  };
}

/** Chosen values grouped per option, in the order payload's shape (section 3, Item options). */
export function groupChoices(chosen: readonly ChosenOptionValue[]): { option_id: number; option_options: { id: number; quantity: number }[] }[] {
  const groups = new Map<number, { id: number; quantity: number }[]>();
  for (const choice of chosen) {
    const values = groups.get(choice.option_id) ?? [];
    values.push({ id: choice.option_option_id, quantity: choice.quantity });
    groups.set(choice.option_id, values);
  }
  return [...groups].map(([option_id, option_options]) => ({ option_id, option_options }));
}
