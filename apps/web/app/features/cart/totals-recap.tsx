import type { CartTotals } from '@resto/domain/cart';
import { formatPrice } from '@resto/domain/format';
import type { OfferResult } from '@resto/domain/offers';
import { formatRate } from '@resto/domain/format';
import { totalsRecapTexts } from '@resto/domain/messages/cart';

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
        <dt>{totalsRecapTexts.sousTotal}</dt>
        <dd data-testid="subtotal">{formatPrice(totals.subtotalCents)}</dd>
      </div>
      {offers.applied
        .filter((a) => a.amountCents > 0)
        .map((a) => (
          <div key={a.offer_id} className={`${row} text-emerald-700`} data-testid="reduction">
            <dt>{a.isCoupon ? totalsRecapTexts.codePromo(a.name) : a.name}</dt>
            <dd>−{formatPrice(a.amountCents)}</dd>
          </div>
        ))}
      {totals.discountCents > 0 && totals.discountCents < offers.discountCents ? (
        <p className="text-xs text-ink/70">{totalsRecapTexts.lesRemisesSontPlafonneesAu}</p>
      ) : null}
      {offers.freeItems.map((free) => (
        <div key={free.item_id} className={`${row} text-emerald-700`} data-testid="free-item">
          <dt>{itemName(free.item_id)}</dt>
          <dd>{totalsRecapTexts.offert}</dd>
        </div>
      ))}
      <div className={row}>
        <dt>{isPickup ? totalsRecapTexts.retraitSurPlace : totalsRecapTexts.livraison}</dt>
        <dd data-testid="delivery">{!deliveryKnown ? totalsRecapTexts.selonLAdresse : totals.deliveryCents > 0 ? formatPrice(totals.deliveryCents) : totalsRecapTexts.gratuit}</dd>
      </div>
      {totals.taxByRate.map((t) => (
        <div key={t.rateBp} className={`${row} text-ink/70`}>
          <dt>
            {inclusive ? totalsRecapTexts.dont : ''}{totalsRecapTexts.tva}{formatRate(t.rateBp / 100)}
          </dt>
          <dd data-testid={`tax-${t.rateBp}`}>{formatPrice(t.taxCents)}</dd>
        </div>
      ))}
      <div className={`${row} border-t border-black/10 pt-2 text-base font-bold`}>
        <dt>{totalsRecapTexts.total}{inclusive ? totalsRecapTexts.ttc : ''}</dt>
        <dd data-testid="total">{formatPrice(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
