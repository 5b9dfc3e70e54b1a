import { describeOtherTypePrice } from '@resto/domain/cart';
import { pricedLineFromItem } from '@resto/domain/catalogue';
import type { CartLine } from './cart-store.ts';

/**
 * Under a cart line's amount, what it costs for the other order type when that differs
 * (« 22,50 € en livraison », « 21,50 € à emporter »): a line whose price changes when the
 * customer switches between pickup and delivery says so (spec section 9).
 */
export function OtherTypePrice({ line, isPickup }: { line: CartLine; isPickup: boolean }) {
  const text = describeOtherTypePrice(pricedLineFromItem(line.item, line.choices, line.quantity), isPickup);
  return text ? (
    <span className="block text-xs font-normal text-ink/70" data-testid="other-type-price">
      {text}
    </span>
  ) : null;
}
