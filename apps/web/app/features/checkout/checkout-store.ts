import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { BusinessDetails, DeliveryForm, PaymentMethod, Personal } from '@resto/domain/checkout';

/**
 * Card payment data (spec section 3): the provider customer and the order's intent. Kept in memory
 * only (never in local storage: the client secret must not be stored), cleared after success.
 */
export interface CardPaymentData {
  /** Null when the provider gives none (an intent that already succeeded). */
  client_secret: string | null;
  customer_id: string;
  payment_intent_id: string;
  /** Euros with 2 decimals: the order's total as the server charges it. */
  amount: number;
}

/** Checkout forms (spec section 3) kept across reloads, and the order's local id. */
interface CheckoutState {
  personal: Personal;
  delivery: Omit<DeliveryForm, 'is_pickup'>;
  method: PaymentMethod;
  /** Idempotency key of the order being placed: kept until success, so a retry never duplicates. */
  local_id: string;
  /** What the local id was issued for: a different order gets a new id, a retry of the same keeps it. */
  local_id_for: string;
  /** The local id for an order with this fingerprint. */
  localIdFor(fingerprint: string): string;
  setPersonal(personal: Personal): void;
  setDelivery(delivery: Omit<DeliveryForm, 'is_pickup'>): void;
  setMethod(method: PaymentMethod): void;
  /** Part of a cash order paid on site with meal vouchers (docs/decisions/012; sent as meal_voucher). */
  mealVoucher: boolean;
  setMealVoucher(mealVoucher: boolean): void;
  /** The card payment of the order being paid; null before it and after success. */
  card: CardPaymentData | null;
  setCard(card: CardPaymentData | null): void;
  /** After success (section 4): forms emptied of the order's specifics, a fresh local id. */
  resetAfterOrder(): void;
  /** Receipt options (docs/decisions/013-receipts.md): no name on the receipt; company details for an invoice (null: none). */
  receipt: { hideName: boolean; business: Required<BusinessDetails> | null };
  setReceipt(receipt: CheckoutState['receipt']): void;
}

const newLocalId = () => crypto.randomUUID().replaceAll('-', '');
const emptyDelivery = {
  address: '',
  address2: '',
  city: '',
  postal_code: '',
  country: 'France',
  is_scheduled: false,
  delivery_date: null,
  delivery_time_range: null,
};

export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set, get) => ({
      personal: { first_name: '', last_name: '', email: '', phone: '' },
      delivery: emptyDelivery,
      method: 'cash',
      local_id: '',
      local_id_for: '',
      localIdFor: (fingerprint) => {
        const state = get();
        if (state.local_id && state.local_id_for === fingerprint) return state.local_id;
        const local_id = newLocalId();
        set({ local_id, local_id_for: fingerprint });
        return local_id;
      },
      setPersonal: (personal) => set({ personal }),
      setDelivery: (delivery) => set({ delivery }),
      setMethod: (method) => set({ method }),
      mealVoucher: false,
      setMealVoucher: (mealVoucher) => set({ mealVoucher }),
      card: null,
      setCard: (card) => set({ card }),
      receipt: { hideName: false, business: null },
      setReceipt: (receipt) => set({ receipt }),
      resetAfterOrder: () =>
        set((s) => ({
          delivery: { ...s.delivery, is_scheduled: false, delivery_date: null, delivery_time_range: null },
          method: 'cash',
          mealVoucher: false,
          card: null,
          local_id: newLocalId(),
          local_id_for: '',
        })),
    }),
    {
      name: 'checkout',
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      // The card payment data stays in memory (section 3 lists it; a client secret is not stored).
      partialize: ({ card: _card, ...kept }) => kept,
    },
  ),
);

/** The last order placed from this browser: its number, the local id that lets it be read back, its secret (receipt). */
export const lastOrderKey = 'last-order';
