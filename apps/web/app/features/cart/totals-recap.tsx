import type { CartTotals } from '@resto/domain/cart';
import { formatPrice } from '@resto/domain/format';
import type { OfferResult } from '@resto/domain/offers';
import { formatRate } from '@resto/domain/format';
import { totalsRecap } from '@resto/copy/storefront/cart';

/** Subtotal, each offer, delivery, tax per rate and total (spec section 3, Cart totals). */
export function TotalsRecap({
  totals,
  offers,
  inclusive,
  isPickup,
  itemName,
  deliveryKnown = true,
}: {
  deliveryKnown?: boolean;
  totals: CartTotals;
  offers: OfferResult;
  inclusive: boolean;
  isPickup: boolean;
  itemName: (itemId: number) => string;
}) {
  const row = 'flex justify-between gap-3';
  return (
    <dl className="space-y-1 text-sm" data-testid="totals">
      <div className={row}>
        <dt>{totalsRecap.subtotal}</dt>
        <dd data-testid="subtotal">{formatPrice(totals.subtotalCents)}</dd>
      </div>
      {offers.applied
        .filter((a) => a.amountCents > 0)
        .map((a) => (
          <div key={a.offer_id} className={`${row} text-emerald-700`} data-testid="reduction">
            <dt>{a.isCoupon ? totalsRecap.coupon(a.name) : a.name}</dt>
            <dd>−{formatPrice(a.amountCents)}</dd>
          </div>
        ))}
      {totals.discountCents > 0 && totals.discountCents < offers.discountCents ? (
        <p className="text-xs text-ink/70">{totalsRecap.discountCap}</p>
      ) : null}
      {offers.freeItems.map((free) => (
        <div key={free.item_id} className={`${row} text-emerald-700`} data-testid="free-item">
          <dt>{itemName(free.item_id)}</dt>
          <dd>{totalsRecap.free}</dd>
        </div>
      ))}
      <div className={row}>
        <dt>{isPickup ? totalsRecap.pickup : totalsRecap.delivery}</dt>
        <dd data-testid="delivery">{!deliveryKnown ? totalsRecap.byAddress : totals.deliveryCents > 0 ? formatPrice(totals.deliveryCents) : totalsRecap.freeOfCharge}</dd>
      </div>
      {totals.taxByRate.map((t) => (
        <div key={t.rateBp} className={`${row} text-ink/70`}>
          <dt>
            {inclusive ? totalsRecap.including : ''}{totalsRecap.vatPrefix}{formatRate(t.rateBp / 100)}
          </dt>
          <dd data-testid={`tax-${t.rateBp}`}>{formatPrice(t.taxCents)}</dd>
        </div>
      ))}
      <div className={`${row} border-t border-black/10 pt-2 text-base font-bold`}>
        <dt>{totalsRecap.total}{inclusive ? totalsRecap.inclTaxSuffix : ''}</dt>
        <dd data-testid="total">{formatPrice(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
