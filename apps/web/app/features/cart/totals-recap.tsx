import type { CartTotals } from '@resto/domain/cart';
import { formatPrice } from '@resto/domain/money';
import { formatRate } from '../../lib/format.ts';

/** Subtotal, discount, delivery, tax per rate and total (spec section 3, Cart totals). */
export function TotalsRecap({ totals, inclusive, isPickup }: { totals: CartTotals; inclusive: boolean; isPickup: boolean }) {
  const row = 'flex justify-between gap-3';
  return (
    <dl className="space-y-1 text-sm" data-testid="totals">
      <div className={row}>
        <dt>Sous-total</dt>
        <dd data-testid="subtotal">{formatPrice(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 ? (
        <div className={`${row} text-emerald-700`}>
          <dt>Remises</dt>
          <dd>−{formatPrice(totals.discountCents)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>{isPickup ? 'Retrait sur place' : 'Livraison'}</dt>
        <dd>{totals.deliveryCents > 0 ? formatPrice(totals.deliveryCents) : 'Gratuit'}</dd>
      </div>
      {totals.taxByRate.map((t) => (
        <div key={t.rateBp} className={`${row} text-ink/60`}>
          <dt>
            {inclusive ? 'dont ' : ''}TVA {formatRate(t.rateBp / 100)}
          </dt>
          <dd data-testid={`tax-${t.rateBp}`}>{formatPrice(t.taxCents)}</dd>
        </div>
      ))}
      <div className={`${row} border-t border-black/10 pt-2 text-base font-bold`}>
        <dt>Total{inclusive ? ' TTC' : ''}</dt>
        <dd data-testid="total">{formatPrice(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
