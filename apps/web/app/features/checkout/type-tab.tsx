import { useEffect, useRef, useState } from 'react';
import { Bike, ShoppingBag } from 'lucide-react';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import { useCartStore } from '../cart/cart-store.ts';

/**
 * Order type (spec section 4): choosing sets pickup or delivery, recalculates the cart and after
 * 0.5 s moves to the personal tab. Delivery ordering arrives with the address search (issue 4).
 */
export function TypeTab({ settings, onDone }: { settings: SettingsList; onDone: () => void }) {
  const isPickup = useCartStore((s) => s.is_pickup);
  const setPickup = useCartStore((s) => s.setPickup);
  const [chosen, setChosen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const deliveryActive = readSetting(settings, 'features.delivery.active', false);

  const choosePickup = () => {
    setPickup(true);
    setChosen(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(onDone, 500);
  };

  const card = 'flex w-full items-center gap-4 rounded-2xl border-2 p-4 text-left transition';
  return (
    <div>
      <h2 id="onglet-type" className="mb-3 text-lg font-bold">
        Comment souhaitez-vous recevoir votre commande ?
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <button type="button" onClick={choosePickup} aria-pressed={isPickup} className={`${card} ${isPickup ? 'border-brand-600 bg-brand-50' : 'border-black/10'}`}>
          <ShoppingBag className="shrink-0 text-brand-600" aria-hidden />
          <span>
            <span className="block font-semibold">À emporter</span>
            <span className="text-sm text-ink/70">Retrait au restaurant, paiement sur place.</span>
          </span>
        </button>
        <button type="button" disabled aria-pressed={!isPickup} className={`${card} cursor-not-allowed border-black/10 opacity-60`}>
          <Bike className="shrink-0" aria-hidden />
          <span>
            <span className="block font-semibold">Livraison</span>
            <span className="text-sm text-ink/70">{deliveryActive ? 'Bientôt disponible en ligne.' : 'Non proposée par le restaurant.'}</span>
          </span>
        </button>
      </div>
      {chosen ? (
        <p role="status" className="mt-3 text-sm font-medium text-emerald-700">
          Retrait sur place choisi.
        </p>
      ) : null}
    </div>
  );
}
