import { useEffect, useRef } from 'react';
import { formatPrice } from '@resto/domain/format';
import { repricing as t } from '@resto/copy/staff/audit';
import { useCartStore } from '../cart/cart-store.ts';
import { useCartTotals, type PricingData } from '../cart/index.ts';

/**
 * « Les prix ont changé » (docs/decisions/023): the cart's lines repriced from the fresh menu since
 * the customer last confirmed, old → new per dish, and the new total. The order waits until the
 * customer confirms (the confirmation tab's button is disabled meanwhile). Moves the focus to
 * itself when it appears, so a screen reader and a phone's visitor both meet it.
 */
export function RepricingNotice({ data }: { data: PricingData }) {
  const repriced = useCartStore((s) => s.repriced);
  const acknowledge = useCartStore((s) => s.acknowledgeRepricing);
  const { totals } = useCartTotals(data);
  const box = useRef<HTMLDivElement>(null);
  const shown = repriced.length > 0;
  useEffect(() => {
    if (!shown) return;
    box.current?.focus();
    box.current?.scrollIntoView({ block: 'center' });
  }, [shown]);
  if (!shown) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby="repricing-title"
      data-testid="repricing-notice"
      className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
    >
      <h2 id="repricing-title" className="text-base font-bold">
        {t.title}
      </h2>
      <p className="mt-1 text-sm">{t.intro}</p>
      <ul className="mt-2 space-y-1 text-sm font-medium">
        {repriced.map((change) => (
          <li key={change.line_id}>{t.line(change.name, formatPrice(change.beforeCents), formatPrice(change.afterCents))}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm font-semibold">{t.newTotal(formatPrice(totals.totalCents))}</p>
      <button
        type="button"
        onClick={acknowledge}
        className="mt-3 w-full rounded-full bg-amber-800 px-4 py-2.5 text-sm font-semibold text-white hover:bg-amber-900 sm:w-auto"
      >
        {t.confirm}
      </button>
    </div>
  );
}
