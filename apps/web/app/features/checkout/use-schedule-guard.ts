import { useEffect } from 'react';
import type { CheckoutTab } from '@resto/domain/checkout';
import { readCalendar } from '@resto/domain/calendar';
import { checkOrderSchedule } from '@resto/domain/scheduling';
import type { StoreData } from '../../lib/api.server.ts';
import { useToasts } from '../../components/ui/toast.tsx';
import { useCartStore } from '../cart/cart-store.ts';
import { useCheckoutStore } from './checkout-store.ts';

/**
 * Entering payment (spec section 4): when the chosen time cannot serve the whole cart (a dish
 * whose menu has no range overlapping the slot, or the restaurant closed for "as soon as
 * possible"), the visitor goes back to the delivery tab with the alert of section 8. The same
 * domain check runs again on the server when the order is placed.
 */
export function useScheduleGuard(tab: CheckoutTab, ready: boolean, data: StoreData, goTo: (tab: CheckoutTab) => void) {
  const toast = useToasts((s) => s.show);
  useEffect(() => {
    if (!ready || (tab !== 'payment' && tab !== 'confirmation')) return;
    const { lines, is_pickup } = useCartStore.getState();
    if (lines.length === 0) return;
    const { delivery } = useCheckoutStore.getState();
    const refusal = checkOrderSchedule({
      schedule: { is_scheduled: delivery.is_scheduled ?? false, delivery_date: delivery.delivery_date, delivery_time_range: delivery.delivery_time_range },
      lines: lines.map((line) => line.item),
      menus: data.menus,
      isPickup: is_pickup,
      settings: data.settings,
      now: new Date(),
      // Exceptional days, pause and busy mode (docs/decisions/023), as the server checks them.
      calendar: readCalendar(data.settings),
    });
    if (refusal) {
      toast(refusal.message);
      goTo('delivery');
    }
  }, [tab, ready]);
}
