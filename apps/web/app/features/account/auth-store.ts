import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { User } from '@resto/domain/account';
import { sameSitePath } from '@resto/domain/redirect';
import { useCheckoutStore } from '../checkout/checkout-store.ts';

/**
 * The session (spec sections 3 and 4): token and user persisted in local storage; logged in
 * when a token exists. `redirect` is where login or verification goes back to (the page a guard
 * sent the visitor away from); `pendingEmail` carries the address from sign-up to /auth/verify.
 */
interface AuthState {
  token: string | null;
  user: User | null;
  redirect: string | null;
  pendingEmail: string | null;
  setSession(token: string, user: User): void;
  setUser(user: User): void;
  setRedirect(path: string | null): void;
  setPendingEmail(email: string | null): void;
  /** Logout and deletion (section 4): token cleared, user reset to empty. */
  clear(): void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      redirect: null,
      pendingEmail: null,
      setSession: (token, user) => set({ token, user, pendingEmail: null }),
      setUser: (user) => set({ user }),
      setRedirect: (redirect) => set({ redirect }),
      setPendingEmail: (pendingEmail) => set({ pendingEmail }),
      clear: () => set({ token: null, user: null, redirect: null, pendingEmail: null }),
    }),
    { name: 'auth', storage: createJSONStorage(() => localStorage), skipHydration: true, version: 1 },
  ),
);

/**
 * Where login goes back to: a path of this site only ('/profile/ViewOrders?page=2'), never another
 * origin ('//evil.example', '/\t/evil.example': `sameSitePath`, docs/decisions/014) nor a login page.
 */
export function safeRedirect(path: string | null | undefined): string | null {
  const sameSite = sameSitePath(path);
  if (sameSite === null || /^\/(fr\/)?auth(\/|[?#]|$)/.test(sameSite)) return null; // never back to a login page
  return sameSite;
}

/**
 * Logout and deletion (spec section 4): no token left, the user reset to empty, and the checkout's
 * personal details the account filled in forgotten too (a shared device keeps nothing of them).
 */
export function signOut() {
  useAuthStore.getState().clear();
  useCheckoutStore.getState().setPersonal({ first_name: '', last_name: '', email: '', phone: '' });
}
