import { calculateUnitPrice } from './cart.ts';
import { pricedLineFromItem, type ChosenOptionValue, type MenuItem } from './catalogue.ts';

/**
 * A cart built before the restaurant changed its prices (docs/decisions/023): which lines' unit
 * price changes when their dish is replaced by the fresh menu's. The browser shows them
 * (« Les prix ont changé : Pizza Margherita : 11,50 € → 12,50 € ») and the customer confirms
 * before paying; the server refuses stale totals anyway (409 prices_changed).
 */

/** One line whose unit price changed: cents, options included, for the cart's order type. */
export interface LinePriceChange {
  line_id: string;
  item_id: number;
  /** The dish's name in the fresh menu. */
  name: string;
  beforeCents: number;
  afterCents: number;
}

/** What repricing needs of a cart line. */
export interface RepricedLine {
  line_id: string;
  item: MenuItem;
  choices: readonly ChosenOptionValue[];
}

/**
 * The lines whose unit price (dish + chosen option values, pickup or delivery price) differs
 * between the item the cart holds and the fresh one. Lines whose dish left the menu are not
 * here (the cart tells those apart). @param fresh the current menu's items by item_id.
 */
export function linePriceChanges(lines: readonly RepricedLine[], fresh: ReadonlyMap<number, MenuItem>, isPickup: boolean): LinePriceChange[] {
  const changes: LinePriceChange[] = [];
  for (const line of lines) {
    const now = fresh.get(line.item.item_id);
    if (!now) continue;
    const beforeCents = calculateUnitPrice(pricedLineFromItem(line.item, line.choices, 1), isPickup);
    const afterCents = calculateUnitPrice(pricedLineFromItem(now, line.choices, 1), isPickup);
    if (beforeCents !== afterCents) changes.push({ line_id: line.line_id, item_id: now.item_id, name: now.item_name, beforeCents, afterCents });
  }
  return changes;
}

/**
 * Adds new changes to those the customer has not confirmed yet: a line changed twice keeps its
 * first price and takes the latest; a line back at its first price drops out.
 */
export function mergePriceChanges(pending: readonly LinePriceChange[], added: readonly LinePriceChange[]): LinePriceChange[] {
  const merged = new Map(pending.map((c) => [c.line_id, c]));
  for (const change of added) {
    const earlier = merged.get(change.line_id);
    merged.set(change.line_id, earlier ? { ...change, beforeCents: earlier.beforeCents } : change);
  }
  return [...merged.values()].filter((c) => c.beforeCents !== c.afterCents);
}
