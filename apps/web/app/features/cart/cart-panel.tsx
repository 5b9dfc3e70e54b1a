import { Link } from 'react-router';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { formatPrice } from '@resto/domain/format';
import { readTaxSettings } from '@resto/domain/settings';
import type { StoreData } from '../../lib/api.server.ts';
import { useItemName } from '../../lib/store-data.ts';
import { CouponField } from './coupon-field.tsx';
import { EmptyCart } from './empty-cart.tsx';
import { OftenWith } from './often-with.tsx';
import { useMemo } from 'react';
import { describeChoices, useCartStore } from './cart-store.ts';
import { OtherTypePrice } from './other-type-price.tsx';
import { useCartTotals } from './use-cart-totals.ts';
import { TotalsRecap } from './totals-recap.tsx';
import { useLocalePrefix } from '../../lib/paths.ts';
import { cartPanel } from '@resto/copy/storefront/cart';
import { buttonClass } from '../../components/ui/button.tsx';

/** The cart: lines with quantity steppers and removal, totals, and the way to checkout. */
export function CartPanel({ data, onNavigate }: { data: StoreData; onNavigate?: () => void }) {
  const { lines, isPickup, totals, offers, deliveryKnown } = useCartTotals(data);
  const itemName = useItemName(data);
  const itemsById = useMemo(() => new Map(data.menus.flatMap((m) => m.categories.flatMap((c) => c.items)).map((i) => [i.item_id, i])), [data]);
  const setQuantity = useCartStore((s) => s.setQuantity);
  const remove = useCartStore((s) => s.remove);
  const prefix = useLocalePrefix();

  if (lines.length === 0) return <EmptyCart />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-black/5" aria-label={cartPanel.lines}>
        {lines.map((line, index) => {
          const chosen = describeChoices(line);
          return (
            <li key={line.line_id} className="flex gap-3 py-3" data-testid="cart-line">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{line.item.item_name}</p>
                {chosen ? <p className="text-xs text-ink/70">{chosen}</p> : null}
                {line.note ? <p className="text-xs italic text-ink/70">« {line.note} »</p> : null}
                <div className="mt-2 flex items-center gap-2">
                  <div
                    className="flex items-center rounded-full border border-black/15"
                    role="group"
                    aria-label={cartPanel.quantityOf(line.item.item_name)}
                  >
                    <button
                      type="button"
                      className="grid size-9 place-items-center"
                      onClick={() => setQuantity(line.line_id, line.quantity - 1)}
                      aria-label={cartPanel.decrease(line.item.item_name)}
                    >
                      <Minus size={16} aria-hidden />
                    </button>
                    <output className="w-6 text-center text-sm font-semibold" data-testid="line-quantity">
                      {line.quantity}
                    </output>
                    <button
                      type="button"
                      className="grid size-9 place-items-center"
                      onClick={() => setQuantity(line.line_id, line.quantity + 1)}
                      aria-label={cartPanel.increase(line.item.item_name)}
                    >
                      <Plus size={16} aria-hidden />
                    </button>
                  </div>
                  <button
                    type="button"
                    onClick={() => remove(line.line_id)}
                    className="grid size-9 place-items-center rounded-full text-ink/70 hover:text-red-700"
                    aria-label={cartPanel.removeLine(line.item.item_name)}
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                </div>
              </div>
              <div className="text-right">
                <p className="font-semibold">{formatPrice(totals.lines[index]?.amountCents ?? 0)}</p>
                <OtherTypePrice line={line} isPickup={isPickup} />
              </div>
            </li>
          );
        })}
      </ul>
      <OftenWith itemsById={itemsById} />
      <CouponField refusal={offers.couponRefusal ?? offers.couponNotice} idPrefix={onNavigate ? 'sheet' : 'panel'} />
      <TotalsRecap
        totals={totals}
        offers={offers}
        inclusive={readTaxSettings(data.settings).inclusive}
        isPickup={isPickup}
        itemName={itemName}
        deliveryKnown={deliveryKnown}
      />
      <Link to={`${prefix}/checkout`} onClick={onNavigate} className={buttonClass('primary', 'px-4 py-3 text-center')}>
        {cartPanel.checkout(formatPrice(totals.totalCents))}
      </Link>
    </div>
  );
}
