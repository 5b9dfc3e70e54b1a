import { useEffect, useState } from 'react';
import { useCartStore } from '../features/cart/cart-store.ts';
import { useCheckoutStore } from '../features/checkout/checkout-store.ts';
import { useAllergenFilter } from '../features/menu/allergen-filter-store.ts';
import { useAuthStore } from '../features/account/auth-store.ts';

let hydrated = false;

/**
 * Loads the persisted cart, checkout forms and allergen filter from local storage once, after the server-rendered
 * HTML is hydrated (reading storage earlier would make the two renders differ).
 * @returns true once the stores hold what the visitor left.
 */
export function useHydratedStores(): boolean {
  const [ready, setReady] = useState(hydrated);
  useEffect(() => {
    if (hydrated) return setReady(true);
    void Promise.all([
      useCartStore.persist.rehydrate(),
      useCheckoutStore.persist.rehydrate(),
      useAllergenFilter.persist.rehydrate(),
      useAuthStore.persist.rehydrate(),
    ]).then(() => {
      hydrated = true;
      document.documentElement.dataset.hydrated = 'true'; // lets browser tests wait for interactivity
      setReady(true);
    });
  }, []);
  return ready;
}
