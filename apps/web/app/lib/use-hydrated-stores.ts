import { useEffect, useSyncExternalStore } from 'react';
import { useCartStore } from '../features/cart/cart-store.ts';
import { useCheckoutStore } from '../features/checkout/checkout-store.ts';
import { useAllergenFilter } from '../features/menu/allergen-filter-store.ts';
import { useLocationStore } from '../features/location/location-store.ts';
import { useAuthStore } from '../features/account/auth-store.ts';

let hydrated = false;
const hydrationListeners = new Set<() => void>();
const onHydrated = (listener: () => void) => {
  hydrationListeners.add(listener);
  return () => void hydrationListeners.delete(listener);
};

/**
 * Loads the persisted cart, checkout forms and allergen filter from local storage once, after the server-rendered
 * HTML is hydrated (reading storage earlier would make the two renders differ).
 * @returns true once the stores hold what the visitor left.
 */
export function useHydratedStores(): boolean {
  const ready = useSyncExternalStore(onHydrated, () => hydrated, () => false);
  useEffect(() => {
    if (hydrated) return;
    void Promise.all([
      useCartStore.persist.rehydrate(),
      useCheckoutStore.persist.rehydrate(),
      useAllergenFilter.persist.rehydrate(),
      useLocationStore.persist.rehydrate(),
      useAuthStore.persist.rehydrate(),
    ]).then(() => {
      hydrated = true;
      document.documentElement.dataset.hydrated = 'true'; // lets browser tests wait for interactivity
      hydrationListeners.forEach((listener) => listener());
    });
  }, []);
  return ready;
}
