import { useEffect, useRef, useState } from 'react';
import { Bike, ShoppingBag } from 'lucide-react';
import { deliveryChoiceRefusal, readDeliverySettings } from '@resto/domain/delivery';
import type { StoreData } from '../../lib/api.server.ts';
import { useLocationStore } from '../location/location-store.ts';
import { useCartStore } from '../cart/cart-store.ts';
import { useCartTotals } from '../cart/index.ts';
import { checkoutOrderType } from '@resto/copy/storefront/checkout';

/**
 * Order type (spec section 4): choosing sets pickup or delivery, recalculates the cart and after
 * 0.5 s moves to the personal tab; except delivery under the minimum order with no flat charge,
 * which stays here with the reason.
 */
export function TypeTab({ data, onDone }: { data: StoreData; onDone: () => void }) {
  const isPickup = useCartStore((s) => s.is_pickup);
  const setPickup = useCartStore((s) => s.setPickup);
  const { totals } = useCartTotals(data);
  const [chosen, setChosen] = useState<'pickup' | 'delivery' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const delivery = readDeliverySettings(data.settings);

  const choose = (type: 'pickup' | 'delivery') => {
    clearTimeout(timer.current);
    setPickup(type === 'pickup');
    useLocationStore.getState().setPickup(type === 'pickup'); // the stored location's is_pickup (spec section 3)
    setChosen(type);
    const reason = type === 'delivery' ? deliveryChoiceRefusal(delivery, totals.subtotalCents) : null;
    setRefusal(reason);
    if (!reason) timer.current = setTimeout(onDone, 500);
  };

  const card = 'flex w-full items-center gap-4 rounded-2xl border-2 p-4 text-left transition disabled:cursor-not-allowed disabled:opacity-60';
  return (
    <div>
      <h2 id="onglet-type" className="mb-3 text-lg font-bold">
        {checkoutOrderType.heading}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          onClick={() => choose('pickup')}
          aria-pressed={isPickup}
          className={`${card} ${isPickup ? 'border-brand-600 bg-brand-50' : 'border-black/10'}`}
        >
          <ShoppingBag className="shrink-0 text-brand-600" aria-hidden />
          <span>
            <span className="block font-semibold">{checkoutOrderType.pickup}</span>
            <span className="text-sm text-ink/70">{checkoutOrderType.pickupHint}</span>
          </span>
        </button>
        <button
          type="button"
          onClick={() => choose('delivery')}
          disabled={!delivery.active}
          aria-pressed={!isPickup}
          className={`${card} ${!isPickup ? 'border-brand-600 bg-brand-50' : 'border-black/10'}`}
        >
          <Bike className="shrink-0 text-brand-600" aria-hidden />
          <span>
            <span className="block font-semibold">{checkoutOrderType.delivery}</span>
            <span className="text-sm text-ink/70">
              {delivery.active ? checkoutOrderType.deliveryHint : checkoutOrderType.unavailable}
            </span>
          </span>
        </button>
      </div>
      {refusal ? (
        <p role="alert" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {refusal}
        </p>
      ) : chosen ? (
        <p role="status" className="mt-3 text-sm font-medium text-emerald-700">
          {chosen === 'pickup' ? checkoutOrderType.pickupChosen : checkoutOrderType.deliveryChosen}
        </p>
      ) : null}
    </div>
  );
}
