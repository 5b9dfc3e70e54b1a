import { useEffect } from 'react';
import type { User } from '@resto/domain/account';
import { authCall, isSessionLost } from './account-api.ts';
import { useAuthStore } from './auth-store.ts';
import { useSessionLost } from './use-session.ts';

/** GET profile (spec section 7: query token and user_id) refreshes the stored user; a lost session goes back to login. */
export function useProfileRefresh() {
  const sessionLost = useSessionLost();
  useEffect(() => {
    let cancelled = false;
    authCall<User>('GET', 'profile', { as: 'query' })
      .then((user) => {
        if (!cancelled) useAuthStore.getState().setUser(user);
      })
      .catch((error: unknown) => {
        if (!cancelled && isSessionLost(error)) sessionLost();
      });
    return () => {
      cancelled = true;
    };
    // Once per page visit.
  }, []);
}
