import { calculateTotalsOfUnits, calculateUnitPrice, type CartTotals, type PricedLine } from './cart.ts';
import { pricedLineFromItem, type ChosenOptionValue, type MenuItem } from './catalogue.ts';
import { calculateDeliveryFee, type DeliveryQuote } from './delivery.ts';
import { calculateOffers, type Offer, type OfferLine, type OfferResult } from './offers.ts';
import { readTaxSettings, type SettingsList } from './settings.ts';

/** A cart line as both sides hold it: the item as the menu serves it, the values chosen, the quantity. */
export interface CartLineInput {
  item: MenuItem;
  choices: readonly ChosenOptionValue[];
  quantity: number;
}

export interface PriceCartInput {
  lines: readonly CartLineInput[];
  isPickup: boolean;
  settings: SettingsList;
  /** Automatic offers (public ones and auto_apply Yes), as GET /v2/public/offers serves them. */
  offers: readonly Offer[];
  /** The coupon the customer entered, as GET /v2/public/offers/{coupon} serves it, or null. */
  coupon: Offer | null;
  /** When the order is placed: offers' time windows and the promotion's weekdays are read in Europe/Paris. */
  now: Date;
  /** The delivery quote of the address (section 9), or null when unknown yet; ignored for pickup. */
  delivery: DeliveryQuote | null;
  usedOfferIds?: ReadonlySet<number>;
}

export interface PricedCart {
  totals: CartTotals;
  offers: OfferResult;
  /** False for a delivery order whose address is not known yet: its delivery fee is still to come. */
  deliveryKnown: boolean;
}

/**
 * Prices a cart completely: unit prices for the order type, offers and coupon, delivery, tax and
 * total (spec sections 3, 4, 9; docs/decisions/016, section 6). The storefront shows this and
 * the server charges this: the same function on both sides.
 */
export function priceCart(input: PriceCartInput): PricedCart {
  // Each line's unit price once, for the offers and the subtotal (docs/decisions/025: pricing-equivalence.test.ts).
  const count = input.lines.length;
  const priced = new Array<PricedLine>(count);
  const offerLines = new Array<OfferLine>(count);
  const unitPrices = new Array<number>(count);
  let subtotalCents = 0;
  for (let index = 0; index < count; index++) {
    const line = input.lines[index]!;
    const pricedLine = pricedLineFromItem(line.item, line.choices, line.quantity);
    const unitCents = calculateUnitPrice(pricedLine, input.isPickup);
    priced[index] = pricedLine;
    unitPrices[index] = unitCents;
    offerLines[index] = { item: line.item, unitCents, quantity: line.quantity };
    subtotalCents += unitCents * pricedLine.quantity;
  }
  const offers = calculateOffers(input.offers, input.coupon, { lines: offerLines, isPickup: input.isPickup, now: input.now, usedOfferIds: input.usedOfferIds });
  const totals = calculateTotalsOfUnits(
    {
    lines: priced,
    isPickup: input.isPickup,
    tax: readTaxSettings(input.settings),
    deliveryCents: input.isPickup || offers.freeDelivery || !input.delivery ? 0 : calculateDeliveryFee(input.delivery, subtotalCents),
    discountCents: offers.discountCents,
    couponCents: offers.couponCents,
      lineDiscountCents: offers.lineDiscountCents,
    },
    unitPrices,
  );
  return { totals, offers, deliveryKnown: input.isPickup || input.delivery !== null };
}
