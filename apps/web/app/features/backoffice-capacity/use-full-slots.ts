import { useEffect, useState } from 'react';
import { listFullSlots } from '@resto/contract/capacity.routes';
import { cartLoad, hasCapacityLimit, readCapacityLimits } from '@resto/domain/capacity';
import type { SettingsList } from '@resto/domain/settings';
import { api } from '../../lib/api.ts';
import { useCartStore } from '../cart/cart-store.ts';

/** What the slot picker needs of capacity: the starts ('HH:MM') of the chosen day's full slots. */
export interface FullSlotsState {
  full: ReadonlySet<string>;
  /** Today's « dès que possible » slot is full (the server would refuse ASAP). */
  asapFull: boolean;
}

const none: FullSlotsState = { full: new Set(), asapFull: false };

/**
 * The full slots of a day for the order type and the visitor's cart (docs/decisions/023), from
 * GET /v2/public/slots: asked only when the restaurant has a limit for this type, again when the
 * day, the type or the cart's counted dishes change. A failed call shows no slot full: the server
 * checks again when the order is placed (409 slot_full, shown on the slot).
 */
export function useFullSlots(date: string | null, isPickup: boolean, settings: SettingsList): FullSlotsState {
  const limits = readCapacityLimits(settings, isPickup);
  const limited = hasCapacityLimit(limits);
  const items = useCartStore((s) => cartLoad(s.lines.map((line) => ({ item_category_id: line.item.item_category_id, quantity: line.quantity })), limits.itemCategoryIds).items);
  const [state, setState] = useState<FullSlotsState & { key: string }>({ ...none, key: '' });
  const key = `${date}|${isPickup}|${items}`;
  useEffect(() => {
    if (!date || !limited) return;
    let cancelled = false;
    api
      .call(listFullSlots, { query: { date, is_pickup: isPickup ? 'true' : 'false', items } })
      .then((answer) => {
        if (!cancelled) setState({ full: new Set(answer.full), asapFull: answer.asap_full, key });
      })
      .catch(() => {
        if (!cancelled) setState({ ...none, key });
      });
    return () => {
      cancelled = true;
    };
  }, [date, isPickup, items, limited, key]);
  return limited && state.key === key ? state : none;
}
