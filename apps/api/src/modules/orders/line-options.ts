import type { ChosenOptionValue, MenuItem } from '@resto/domain/catalogue';
import { eurosToCents } from '@resto/domain/money';

/** A chosen option value as an order line keeps it: names and price copied, so later menu changes never alter the order. */
export interface LineOptionSnapshot {
  option_id: number;
  option_name: string;
  id: number;
  name: string;
  price_cents: number;
  quantity: number;
}

/**
 * Copies the chosen values of an item's options into an order line.
 * The choices must already be valid for the item (validateOptionChoices); unknown ones are skipped.
 */
export function snapshotLineOptions(item: MenuItem, choices: readonly ChosenOptionValue[]): LineOptionSnapshot[] {
  return choices.flatMap((choice) => {
    const option = item.options.find((o) => o.option_id === choice.option_id);
    const value = option?.option_options.find((v) => v.id === choice.option_option_id);
    if (!option || !value) return [];
    return [
      {
        option_id: option.option_id,
        option_name: option.option_name,
        id: value.id,
        name: value.name,
        price_cents: eurosToCents(value.price),
        quantity: choice.quantity,
      },
    ];
  });
}
