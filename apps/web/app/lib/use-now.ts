import { useEffect, useState, useSyncExternalStore } from 'react';
import { rememberRestaurantOffset } from '@resto/domain/clock';
import { useStoreData } from './store-data.ts';

const noSubscription = () => () => {};

/**
 * The instant a storefront page shows (pauses, today's hours). The server renders with its clock
 * (CLOCK_NOW in tests and benches) and sends that instant as the shell's `renderedAt`; hydration
 * renders with the same instant, so both renders agree even when a pause ends between them (a
 * device clock in the first render made React 19 throw error #418 and re-render the page); then
 * this device's clock, moved on every `everyMs` (default 30 s: an ended pause takes its banner away).
 * The server's UTC offset of Paris at that instant, and the span it holds for, is remembered
 * first: hydration reads the instant in Paris without Intl, whose first use costs its whole
 * initialisation, and so does the device's clock while it is in that span, whatever minute or day
 * it shows (docs/decisions/029-no-intl-while-hydrating.md).
 */
export function useNow(everyMs = 30_000): Date {
  const { renderedAt, renderedOffset } = useStoreData();
  // false while the server renders and while React hydrates; true afterwards (and on client-side navigations).
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  // Absent from data an older server wrote (a page kept by the service worker across a deploy).
  if (renderedOffset) rememberRestaurantOffset(renderedOffset);
  return hydrated ? new Date() : new Date(renderedAt);
}
