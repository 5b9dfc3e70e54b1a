import type { ChosenOptionValue, MenuItem } from '@resto/domain/catalogue';
import { percentToBasisPoints } from '@resto/domain/money';
import type { CartTotals } from '@resto/domain/cart';
import type { OfferResult } from '@resto/domain/offers';
import { readTaxSettings, type SettingsList } from '@resto/domain/settings';
import { snapshotLineOptions } from './line-options.ts';
import type { NewOrder, NewOrderLine } from './repository.ts';

/** One line of a cart, resolved against the menu: the dish, the option values chosen, how many. */
interface OrderCartLine {
  item: MenuItem;
  /** Valid for the item (validateOptionChoices): the values that priced the line. */
  choices: readonly ChosenOptionValue[];
  quantity: number;
  /** The customer's note on the line; '' without one. */
  note?: string;
}

/** What an order row needs beside its priced cart (the columns of `orders`, spec sections 3 and 4). */
export interface OrderRowsInput {
  localId: string;
  userId: number | null;
  /** The order's status; 'pending' for an order just placed. */
  status: string;
  isPickup: boolean;
  paymentMethod: string;
  transactionId: string | null;
  customer: NewOrder['customer'];
  location: NewOrder['location'];
  /** Both null unless the order is scheduled. */
  deliveryDate: string | null;
  deliveryTimeRange: string | null;
  /** The cart's lines, in the order of the cart: the order lines keep their positions. */
  lines: readonly OrderCartLine[];
  /** The totals and the offers `priceCart` (packages/domain/src/pricing.ts) answered for exactly these lines. */
  totals: CartTotals;
  offers: OfferResult;
  /** The dishes of the catalogue by id, where the offers' free dishes are found. */
  itemsById: ReadonlyMap<number, MenuItem>;
  /** The site settings: the default VAT rate of a dish without its own (docs/decisions/011-vat-per-line.md). */
  settings: SettingsList;
  couponCode: string | null;
  receiptHideName: boolean;
  business: NewOrder['business'];
  /** What meal vouchers may pay, in cents (0 without vouchers, docs/decisions/012). */
  mealVoucherCents: number;
  createdAt: Date;
  /** Where the order came from (docs/decisions/036-phone-orders.md); 'online' when absent. */
  source?: 'online' | 'phone' | undefined;
}

/** An order row as `orderRows` builds it: status and created_at always set. */
export type BuiltOrder = NewOrder & { status: string; createdAt: Date };

const taxRateBp = (item: MenuItem) => (item.item_price.tax_rate === null ? null : percentToBasisPoints(item.item_price.tax_rate));

/**
 * The rows of an order from its priced cart, as the orders repository writes them: totals in
 * cents, the VAT of each rate and the delivery fee's part at each rate, the offers applied, and one
 * line per cart line (unit price, amount, the reductions it bears, its VAT rate in basis points,
 * its options copied) followed by one free line per free dish an offer gave. The one place that
 * turns a cart into an order: checkout (OrderService.createOrder) and the demo history
 * (apps/api/src/seeding/demo-history.ts) both build their orders here. Pure: no database, no clock.
 * @returns the order row (without order_id) and its lines (without order_id).
 */
export function orderRows(input: OrderRowsInput): { order: BuiltOrder; lines: NewOrderLine[] } {
  const { totals, offers } = input;
  const tax = readTaxSettings(input.settings);
  const freeLines = offers.freeItems.flatMap((free) => {
    const item = input.itemsById.get(free.item_id);
    return item ? [{ item, offerId: free.offer_id }] : [];
  });
  const order: BuiltOrder = {
    localId: input.localId,
    userId: input.userId,
    status: input.status,
    isPickup: input.isPickup,
    paymentMethod: input.paymentMethod,
    transactionId: input.transactionId,
    customer: input.customer,
    location: input.location,
    deliveryDate: input.deliveryDate,
    deliveryTimeRange: input.deliveryTimeRange,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    couponCents: totals.couponCents,
    deliveryCents: totals.deliveryCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    taxByRate: totals.taxByRate,
    deliveryByRate: totals.deliveryByRate,
    receiptHideName: input.receiptHideName,
    business: input.business,
    couponCode: input.couponCode,
    appliedOffers: offers.applied.map((a) => ({ offer_id: a.offer_id, name: a.name, type: a.type, amount_cents: a.amountCents, is_coupon: a.isCoupon })),
    mealVoucher: input.mealVoucherCents > 0,
    mealVoucherCents: input.mealVoucherCents,
    createdAt: input.createdAt,
    source: input.source ?? 'online',
  };
  const lines: NewOrderLine[] = input.lines
    .map((line, position) => ({
      position,
      itemId: line.item.item_id,
      itemMenuId: line.item.item_menu_id,
      itemCategoryId: line.item.item_category_id,
      itemName: line.item.item_name,
      quantity: line.quantity,
      note: line.note ?? '',
      unitPriceCents: totals.lines[position]!.unitCents,
      amountCents: totals.lines[position]!.amountCents,
      discountCents: totals.lineDiscountCents[position] ?? 0,
      taxRateBp: taxRateBp(line.item) ?? tax.defaultRateBp,
      isFree: false,
      options: snapshotLineOptions(line.item, line.choices),
    }))
    .concat(
      freeLines.map(({ item }, index) => ({
        position: input.lines.length + index,
        itemId: item.item_id,
        itemMenuId: item.item_menu_id,
        itemCategoryId: item.item_category_id,
        itemName: item.item_name,
        quantity: 1,
        note: '',
        unitPriceCents: 0,
        amountCents: 0,
        discountCents: 0,
        taxRateBp: taxRateBp(item) ?? tax.defaultRateBp,
        isFree: true,
        options: [],
      })),
    );
  return { order, lines };
}
