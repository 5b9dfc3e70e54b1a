import { useEffect } from 'react';
import { getProfile } from '@resto/contract/auth.routes';
import { api } from '../../lib/api.ts';
import { isSessionLost, sessionQuery } from './credentials.ts';
import { useAuthStore } from './auth-store.ts';
import { useSessionLost } from './use-session.ts';

/** GET profile (spec section 7: query token and user_id) refreshes the stored user; a lost session goes back to login. */
export function useProfileRefresh() {
  const sessionLost = useSessionLost();
  useEffect(() => {
    let cancelled = false;
    api
      .call(getProfile, { authQuery: sessionQuery(), sensitive: true })
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
