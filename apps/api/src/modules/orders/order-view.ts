import type { OrderView } from '@resto/contract/orders';
import { centsToEuros } from '@resto/domain/money';
import type { findOrder, findOrderLines, findStatusHistory } from './repository.ts';

type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
type LineRow = Awaited<ReturnType<typeof findOrderLines>>[number];
type HistoryRow = Awaited<ReturnType<typeof findStatusHistory>>[number];

/**
 * An order as the API shows it (GET /v2/public/checkout/{order_id}; the contract's OrderView): euros with 2 decimals,
 * tax rates in percent, paid lines apart from free items, and every status with its time.
 * `payment_test_mode` (beyond the spec, docs/decisions/014): a card payment of the test processor, no money moved.
 */
export function toOrderView(order: OrderRow, lines: LineRow[], history: HistoryRow[], testMode = false): OrderView {
  return {
    order_id: order.orderId,
    status: order.status,
    is_pickup: order.isPickup,
    is_scheduled: order.deliveryTimeRange !== null,
    delivery_date: order.deliveryDate,
    delivery_time_range: order.deliveryTimeRange,
    location: order.location,
    payment_method: order.paymentMethod,
    /** Beyond the spec (docs/decisions/012): part of a cash order paid on site with meal vouchers, and how much they may pay (euros). */
    meal_voucher: order.mealVoucher,
    meal_voucher_amount: centsToEuros(order.mealVoucherCents),
    payment_test_mode: testMode,
    customer: order.customer,
    created_at: order.createdAt.toISOString(),
    subtotal: centsToEuros(order.subtotalCents),
    discount: centsToEuros(order.discountCents),
    coupon: centsToEuros(order.couponCents),
    delivery: centsToEuros(order.deliveryCents),
    tax: centsToEuros(order.taxCents),
    total: centsToEuros(order.totalCents),
    tax_by_rate: order.taxByRate.map((t) => ({ rate: t.rateBp / 100, base: centsToEuros(t.baseCents), tax: centsToEuros(t.taxCents) })),
    coupon_code: order.couponCode,
    applied_offers: order.appliedOffers.map((a) => ({
      offer_id: a.offer_id,
      name: a.name,
      type: a.type,
      amount: centsToEuros(a.amount_cents),
      is_coupon: a.is_coupon,
    })),
    free_items: lines.filter((line) => line.isFree).map((line) => ({ item_id: line.itemId, item_name: line.itemName, quantity: line.quantity })),
    items: lines
      .filter((line) => !line.isFree)
      .map((line) => ({
        item_id: line.itemId,
        item_menu_id: line.itemMenuId,
        item_name: line.itemName,
        quantity: line.quantity,
        note: line.note,
        unit_price: centsToEuros(line.unitPriceCents),
        amount: centsToEuros(line.amountCents),
        tax_rate: line.taxRateBp / 100,
        options: line.options.map((o) => ({
          option_id: o.option_id,
          option_name: o.option_name,
          id: o.id,
          name: o.name,
          price: centsToEuros(o.price_cents),
          quantity: o.quantity,
        })),
      })),
    status_history: history.map((h) => ({ status: h.status, at: h.at.toISOString() })),
  };
}
