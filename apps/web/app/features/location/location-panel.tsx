import { Suspense, useRef, useState } from 'react';
import { Bike, ChevronDown, Store } from 'lucide-react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import { useCartStore } from '../cart/cart-store.ts';
import { useLocationStore } from './location-store.ts';
import { locationPanel } from '@resto/copy/storefront/location';

/** The dialog's code (location-dialog.tsx: the address search, Radix's dialog), fetched on demand (docs/decisions/027). */
const LocationDialog = /* @__PURE__ */ lazyWithPreload(() => import('./location-dialog.tsx').then((m) => ({ default: m.LocationDialog })));

/** Fetches the location dialog's code ahead (the menu does it once idle; the trigger when pointed at or focused). */
export const preloadLocationDialog = () => void LocationDialog.preload();

/**
 * The location panel (spec sections 3 and 4): the button that shows the current choice (pickup
 * at the restaurant's address, or the delivery address) and opens the dialog to change it.
 */
export function LocationPanel({ settings }: { settings: SettingsList }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const isPickup = useCartStore((s) => s.is_pickup);
  const record = useLocationStore((s) => s._distance);

  const label = isPickup
    ? `À emporter · ${readSetting(settings, 'contacts.address', '')}`
    : record
      ? locationPanel.deliveryTo(record.formatted_address)
      : locationPanel.deliveryChooseAddress;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadLocationDialog}
        onFocus={preloadLocationDialog}
        className="flex w-full min-w-0 items-center gap-2 rounded-full bg-white px-4 py-2.5 text-left text-sm shadow-sm"
        suppressHydrationWarning
      >
        {isPickup ? <Store size={18} className="shrink-0 text-brand-600" aria-hidden /> : <Bike size={18} className="shrink-0 text-brand-600" aria-hidden />}
        <span className="truncate font-medium" suppressHydrationWarning>
          {label}
        </span>
        <ChevronDown size={16} className="ml-auto shrink-0 text-ink/50" aria-hidden />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LocationDialog settings={settings} onClose={() => setOpen(false)} returnFocus={() => trigger.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
