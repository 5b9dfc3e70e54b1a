import { Link } from 'react-router';
import { formatPrice } from '@resto/domain/format';
import { readTaxSettings } from '@resto/domain/settings';
import type { StoreData } from '../../lib/api.server.ts';
import { useItemName } from '../../lib/store-data.ts';
import { CouponField } from '../cart/index.ts';
import { useCartTotals } from '../cart/index.ts';
import { describeChoices } from '../cart/cart-store.ts';
import { TotalsRecap } from '../cart/index.ts';
import { OtherTypePrice } from '../cart/index.ts';
import { useLocalePrefix } from '../../lib/paths.ts';
import { checkoutCartSummary } from '@resto/copy/storefront/checkout';

/** The cart beside the checkout tabs: lines and totals, with a way back to change it. */
export function CartSummary({ data }: { data: StoreData }) {
  const { lines, isPickup, totals, offers, deliveryKnown } = useCartTotals(data);
  const itemName = useItemName(data);
  const prefix = useLocalePrefix();
  return (
    <div className="rounded-3xl bg-white p-5 shadow-sm">
      <div className="mb-2 flex items-baseline justify-between">
        <h2 className="text-lg font-bold">{checkoutCartSummary.heading}</h2>
        <Link to={`${prefix}/menu`} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          {checkoutCartSummary.edit}
        </Link>
      </div>
      <ul className="mb-3 divide-y divide-black/5 text-sm" suppressHydrationWarning>
        {lines.map((line, index) => (
          <li key={line.line_id} className="flex justify-between gap-3 py-2">
            <span>
              {line.quantity} × {line.item.item_name}
              {line.choices.length ? <span className="block text-xs text-ink/70">{describeChoices(line)}</span> : null}
            </span>
            <span className="text-right">
              {formatPrice(totals.lines[index]?.amountCents ?? 0)}
              <OtherTypePrice line={line} isPickup={isPickup} />
            </span>
          </li>
        ))}
      </ul>
      <div className="mb-3">
        <CouponField refusal={offers.couponRefusal ?? offers.couponNotice} idPrefix="checkout" />
      </div>
      <TotalsRecap
        totals={totals}
        offers={offers}
        inclusive={readTaxSettings(data.settings).inclusive}
        isPickup={isPickup}
        itemName={itemName}
        deliveryKnown={deliveryKnown}
      />
    </div>
  );
}
