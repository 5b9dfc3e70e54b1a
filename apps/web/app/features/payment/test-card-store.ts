import { create } from 'zustand';
import type { CardField } from '@resto/domain/payments';

/**
 * The test processor's card form (test mode only). In memory, never persisted; emptied after a
 * paid order (spec section 4: card data cleared).
 */
interface TestCardState {
  number: string;
  expiry: string;
  cvc: string;
  errors: Partial<Record<CardField, string>>;
  set(field: CardField, value: string): void;
  setErrors(errors: Partial<Record<CardField, string>>): void;
  clear(): void;
}

export const useTestCardStore = create<TestCardState>()((set) => ({
  number: '',
  expiry: '',
  cvc: '',
  errors: {},
  set: (field, value) => set((s) => ({ [field]: value, errors: { ...s.errors, [field]: undefined } })),
  setErrors: (errors) => set({ errors }),
  clear: () => set({ number: '', expiry: '', cvc: '', errors: {} }),
}));

/** '4242424242424242' → '4242 4242 4242 4242' as the visitor types. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' → '12/34' as the visitor types. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
