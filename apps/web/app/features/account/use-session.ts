import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '@resto/domain/account';
import { accountAnswers } from '@resto/copy/storefront/account';
import { useToasts } from '../../components/ui/toast.tsx';
import { useLocalePrefix } from '../../lib/paths.ts';
import { useHydratedStores } from '../../lib/use-hydrated-stores.ts';
import { logout } from '@resto/contract/auth.routes';
import { api } from '../../lib/api.ts';
import { sessionHeaders } from './credentials.ts';
import { safeRedirect, signOut, useAuthStore } from './auth-store.ts';

/**
 * The profile guard (docs/decisions/006): once local storage is read, a visitor without a token goes to
 * /auth/login, which brings them back here after logging in. @returns the user, or null until known.
 */
export function useRequireLogin(): User | null {
  const ready = useHydratedStores();
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const prefix = useLocalePrefix();
  // Checked on arrival only: a token cleared later (logout, deletion, a lost session) comes with
  // its own navigation, which this must not race.
  useEffect(() => {
    if (!ready || useAuthStore.getState().token) return;
    const back = `${location.pathname}${location.search}`;
    useAuthStore.getState().setRedirect(back);
    void navigate(`${prefix}/auth/login?redirect=${encodeURIComponent(back)}`, { replace: true });
  }, [ready]);
  return ready && token ? user : null;
}

/** After login or verification: the stored redirect, else home (spec section 4). */
export function useGoBackAfterLogin() {
  const navigate = useNavigate();
  const prefix = useLocalePrefix();
  return () => {
    const redirect = safeRedirect(useAuthStore.getState().redirect);
    useAuthStore.getState().setRedirect(null);
    void navigate(redirect ?? (prefix || '/'), { replace: true });
  };
}

/** A session the server no longer knows (revoked elsewhere, expired): cleared, back to login. */
export function useSessionLost() {
  const navigate = useNavigate();
  const location = useLocation();
  const prefix = useLocalePrefix();
  const toast = useToasts((s) => s.show);
  return () => {
    useAuthStore.getState().clear();
    const back = `${location.pathname}${location.search}`;
    useAuthStore.getState().setRedirect(back);
    toast(accountAnswers.sessionExpired);
    void navigate(`${prefix}/auth/login?redirect=${encodeURIComponent(back)}`, { replace: true });
  };
}

/**
 * Logout (spec sections 4 and 7): POST logout with the bearer token and user-id header; the
 * token is cleared and the user reset whatever the server answers, then home.
 */
export function useLogout() {
  const navigate = useNavigate();
  const prefix = useLocalePrefix();
  const toast = useToasts((s) => s.show);
  return async () => {
    await api.call(logout, { headers: sessionHeaders(), sensitive: true }).catch(() => undefined);
    // Home first: cleared while a profile page is still shown, its guard would send the visitor to login.
    await navigate(prefix || '/', { replace: true });
    signOut();
    toast(accountAnswers.loggedOut, 'success');
  };
}
