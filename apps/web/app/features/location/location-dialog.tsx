import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Bike, Store, X } from 'lucide-react';
import { locationPanelCloseDelayMs, type DistanceRecord } from '@resto/domain/location';
import type { SettingsList } from '@resto/domain/settings';
import { readDeliverySettings } from '@resto/domain/delivery';
import { useCartStore } from '../cart/cart-store.ts';
import { useCheckoutStore } from '../checkout/checkout-store.ts';
import { PickupPoint } from './pickup-point.tsx';
import { LocationSearch } from './location-search.tsx';
import { useLocationStore } from './location-store.ts';
import { locationPanel } from '@resto/copy/storefront/location';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * The location panel's dialog (spec sections 3 and 4): pickup, or delivery to an address found
 * with the search; a valid address closes it after 1 s and fills the checkout's delivery form.
 * Its own chunk (docs/decisions/027), mounted while open: each opening starts on the current order type.
 * `onClose` is called when it closes; `returnFocus` gets the focus back then (the trigger).
 */
export function LocationDialog({ settings, onClose, returnFocus }: { settings: SettingsList; onClose: () => void; returnFocus: () => void }) {
  const isPickup = useCartStore((s) => s.is_pickup);
  const setPickup = useCartStore((s) => s.setPickup);
  const [mode, setMode] = useState<'pickup' | 'delivery'>(isPickup ? 'pickup' : 'delivery');
  const deliveryActive = readDeliverySettings(settings).active;

  const choosePickup = () => {
    setPickup(true);
    useLocationStore.getState().setPickup(true);
    onClose();
  };
  const chooseAddress = (chosen: DistanceRecord) => {
    setPickup(false);
    useLocationStore.getState().setPickup(false);
    const checkout = useCheckoutStore.getState();
    checkout.setDelivery({
      ...checkout.delivery,
      address: chosen.address,
      city: chosen.city,
      postal_code: chosen.postal_code,
      country: chosen.country || 'France',
    });
    setTimeout(onClose, locationPanelCloseDelayMs);
  };

  const option = 'flex flex-1 items-center justify-center gap-2 rounded-full px-3 py-2.5 font-semibold';
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl sm:inset-auto sm:top-24 sm:left-1/2 sm:w-[30rem] sm:-translate-x-1/2 sm:rounded-3xl"
          onCloseAutoFocus={(event) => {
            // Without Radix's own Trigger, the focus goes back to ours by hand.
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{locationPanel.heading}</Dialog.Title>
            <Dialog.Close className="grid size-10 place-items-center rounded-full" aria-label={locationPanel.close}>
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{locationPanel.intro}</Dialog.Description>
          <div role="group" aria-label={locationPanel.orderType} className="mb-4 flex gap-1 rounded-full bg-brand-50 p-1">
            <button
              type="button"
              aria-pressed={mode === 'pickup'}
              onClick={() => setMode('pickup')}
              className={`${option} ${mode === 'pickup' ? 'bg-white shadow-sm' : 'text-ink/70'}`}
            >
              <Store size={18} aria-hidden />
              {locationPanel.pickup}
            </button>
            <button
              type="button"
              aria-pressed={mode === 'delivery'}
              disabled={!deliveryActive}
              onClick={() => setMode('delivery')}
              className={`${option} ${mode === 'delivery' ? 'bg-white shadow-sm' : 'text-ink/70'} disabled:opacity-50`}
            >
              <Bike size={18} aria-hidden />
              {locationPanel.delivery}
            </button>
          </div>
          {mode === 'pickup' ? (
            <div className="space-y-4">
              <PickupPoint settings={settings} className="rounded-2xl bg-brand-50 p-4" />
              <button type="button" onClick={choosePickup} className={buttonClass('primary', 'w-full px-4 py-3')}>
                {locationPanel.pickupAtRestaurant}
              </button>
            </div>
          ) : (
            <LocationSearch onChosen={chooseAddress} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
