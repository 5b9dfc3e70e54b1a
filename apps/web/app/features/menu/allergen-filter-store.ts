import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Allergens the visitor asked to hide from the menu; kept across reloads (docs/decisions/004). */
interface AllergenFilterState {
  hidden: string[];
  toggle(allergen: string): void;
  clear(): void;
}

export const useAllergenFilter = create<AllergenFilterState>()(
  persist(
    (set) => ({
      hidden: [],
      toggle: (allergen) => set((s) => ({ hidden: s.hidden.includes(allergen) ? s.hidden.filter((a) => a !== allergen) : [...s.hidden, allergen] })),
      clear: () => set({ hidden: [] }),
    }),
    { name: 'allergen-filter', storage: createJSONStorage(() => localStorage), skipHydration: true },
  ),
);
