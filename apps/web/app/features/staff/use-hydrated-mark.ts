import { useEffect } from 'react';

/**
 * Marks the document as hydrated (`<html data-hydrated="true">`), as the storefront's shell does
 * (lib/use-hydrated-stores.ts): the staff pages have no stores to load, and browser tests wait
 * for this mark before they type.
 */
export function useHydratedMark(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
