import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { maxLineQuantity, type ChosenOptionValue, type Menu, type MenuItem } from '@resto/domain/catalogue';
import type { Offer } from '@resto/domain/offers';
import { linePriceChanges, mergePriceChanges, type LinePriceChange } from '@resto/domain/repricing';

/** A cart line: the item as the menu served it, the option values chosen, quantity and note. */
export interface CartLine {
  line_id: string;
  item: MenuItem;
  choices: ChosenOptionValue[];
  quantity: number;
  note: string;
}

/** The coupon entered in the cart (spec section 4: valid, invalid or unknown; the id kept when valid). */
export interface CartCoupon {
  code: string;
  validity: 'valid' | 'invalid' | 'unknown';
  id: number | null;
  offer: Offer | null;
  /** The server's French message when it refused the code. */
  message: string | null;
}

interface CartState {
  lines: CartLine[];
  coupon: CartCoupon | null;
  setCoupon(coupon: CartCoupon | null): void;
  /** Order type (spec section 3, Location: is_pickup defaults to true). */
  is_pickup: boolean;
  add(line: Omit<CartLine, 'line_id'>): void;
  setQuantity(lineId: string, quantity: number): void;
  remove(lineId: string): void;
  setPickup(isPickup: boolean): void;
  /**
   * Replaces each line's item by the menu's current one, so prices shown are today's; lines
   * whose price changed are added to `repriced` (docs/decisions/023).
   */
  refreshItems(menus: readonly Menu[]): void;
  /** Lines repriced since the customer last confirmed (« Les prix ont changé »): the order waits for the confirmation. */
  repriced: LinePriceChange[];
  /** The customer read the new prices. */
  acknowledgeRepricing(): void;
  clear(): void;
}

const sameChoices = (a: readonly ChosenOptionValue[], b: readonly ChosenOptionValue[]) =>
  a.length === b.length && a.every((x) => b.some((y) => y.option_id === x.option_id && y.option_option_id === x.option_option_id && y.quantity === x.quantity));

const clampQuantity = (quantity: number) => Math.min(maxLineQuantity, Math.max(1, Math.round(quantity)));

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      lines: [],
      coupon: null,
      setCoupon: (coupon) => set({ coupon }),
      is_pickup: true,
      add: (line) =>
        set((state) => {
          const same = state.lines.find((l) => l.item.item_id === line.item.item_id && l.note === line.note && sameChoices(l.choices, line.choices));
          if (same) return { lines: state.lines.map((l) => (l === same ? { ...l, quantity: clampQuantity(l.quantity + line.quantity) } : l)) };
          return { lines: [...state.lines, { ...line, quantity: clampQuantity(line.quantity), line_id: crypto.randomUUID() }] };
        }),
      setQuantity: (lineId, quantity) =>
        set((state) =>
          quantity < 1
            ? { lines: state.lines.filter((l) => l.line_id !== lineId) }
            : { lines: state.lines.map((l) => (l.line_id === lineId ? { ...l, quantity: clampQuantity(quantity) } : l)) },
        ),
      remove: (lineId) => set((state) => ({ lines: state.lines.filter((l) => l.line_id !== lineId) })),
      setPickup: (is_pickup) => set({ is_pickup }),
      refreshItems: (menus) => {
        // Only writes when a price or an item changed: persist saves on every set, and a write
        // before the stored cart is loaded would erase it.
        const current = new Map(menus.flatMap((m) => m.categories.flatMap((c) => c.items)).map((i) => [i.item_id, i]));
        const { lines } = get();
        const stale = lines.some((l) => {
          const fresh = current.get(l.item.item_id);
          return fresh !== undefined && JSON.stringify(fresh) !== JSON.stringify(l.item);
        });
        if (!stale) return;
        const changes = linePriceChanges(lines, current, get().is_pickup);
        set({
          lines: lines.map((l) => ({ ...l, item: current.get(l.item.item_id) ?? l.item })),
          ...(changes.length ? { repriced: mergePriceChanges(get().repriced, changes) } : {}),
        });
      },
      repriced: [],
      acknowledgeRepricing: () => set({ repriced: [] }),
      clear: () => set({ lines: [], coupon: null, repriced: [] }),
    }),
    { name: 'cart', storage: createJSONStorage(() => localStorage), skipHydration: true, version: 1 },
  ),
);

/** The chosen option values of a line, as the visitor reads them: 'À point, Frites maison'. */
export function describeChoices(line: Pick<CartLine, 'item' | 'choices'>): string {
  return line.choices
    .flatMap((choice) => {
      const value = line.item.options.find((o) => o.option_id === choice.option_id)?.option_options.find((v) => v.id === choice.option_option_id);
      return value ? [choice.quantity > 1 ? `${choice.quantity} × ${value.name}` : value.name] : [];
    })
    .join(', ');
}
