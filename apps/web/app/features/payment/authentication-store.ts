import { create } from 'zustand';

/** The test 3-D Secure step: the dialog is open while a payment waits for the visitor's answer. */
interface AuthenticationState {
  pending: ((approved: boolean) => void) | null;
  /** Opens the dialog. @returns true when the visitor approves, false when they refuse or close it. */
  ask(): Promise<boolean>;
  answer(approved: boolean): void;
}

export const useAuthenticationStore = create<AuthenticationState>()((set, get) => ({
  pending: null,
  ask: () => new Promise<boolean>((resolve) => set({ pending: resolve })),
  answer: (approved) => {
    get().pending?.(approved);
    set({ pending: null });
  },
}));
