import { orderAmounts } from '@resto/copy/staff/board';
import { formatPrice } from './format.ts';
import { eurosToCents } from './money.ts';

/**
 * How an order's amount is made, line by line, as the counter explains it (the board's order
 * panel and the kitchen ticket): subtotal, each reduction with its name (a coupon with its code),
 * the delivery fee, the tax when prices excluded it, the total. Built from the order as stored
 * (its `applied_offers`, docs/decisions/003-offers-and-coupons.md), never re-priced: the figures
 * are the ones the customer was charged.
 */

/** What the breakdown needs of an order (the contract's OrderView): euros with 2 decimals. */
export interface OrderAmountsInput {
  is_pickup: boolean;
  subtotal: number;
  discount: number;
  delivery: number;
  tax: number;
  total: number;
  coupon_code: string | null;
  applied_offers: readonly { name: string; type: string; amount: number; is_coupon: boolean }[];
}

/** One line of the breakdown: `label` and `amount` in French ('−1,75 €', 'offerte'); `kind` for styling. */
export interface OrderAmountLine {
  kind: 'subtotal' | 'reduction' | 'delivery' | 'tax' | 'total';
  label: string;
  amount: string;
}

/**
 * The breakdown of `order`'s amount, in the order the figures add up: subtotal, then each applied
 * offer (a reduction in euros '−1,75 €', or 'offert' / 'livraison offerte' for an offer that gives
 * an item or the delivery), the delivery fee of a delivery order ('offerte' at 0), the tax line only
 * when the prices excluded tax (total ≠ subtotal + delivery − discount, the test buildReceipt makes),
 * and the total. Subtotal − reductions + delivery (+ tax) = total, as stored.
 */
export function describeOrderAmounts(order: OrderAmountsInput): OrderAmountLine[] {
  const cents = eurosToCents;
  const lines: OrderAmountLine[] = [{ kind: 'subtotal', label: orderAmounts.subtotal, amount: formatPrice(cents(order.subtotal)) }];
  for (const offer of order.applied_offers) {
    const label = offer.is_coupon && order.coupon_code ? orderAmounts.coupon(order.coupon_code, offer.name) : offer.name;
    const amountCents = cents(offer.amount);
    if (amountCents > 0) lines.push({ kind: 'reduction', label, amount: `−${formatPrice(amountCents)}` });
    else if (offer.type === 'free_delivery') lines.push({ kind: 'reduction', label, amount: orderAmounts.freeDelivery });
    else if (offer.type === 'free_item') lines.push({ kind: 'reduction', label, amount: orderAmounts.freeItem });
  }
  if (!order.is_pickup) {
    const deliveryCents = cents(order.delivery);
    lines.push({ kind: 'delivery', label: orderAmounts.delivery, amount: deliveryCents > 0 ? formatPrice(deliveryCents) : orderAmounts.deliveryFree });
  }
  const inclusive = cents(order.total) === cents(order.subtotal) + cents(order.delivery) - cents(order.discount);
  if (!inclusive) lines.push({ kind: 'tax', label: orderAmounts.tax, amount: formatPrice(cents(order.tax)) });
  lines.push({ kind: 'total', label: orderAmounts.total, amount: formatPrice(cents(order.total)) });
  return lines;
}
