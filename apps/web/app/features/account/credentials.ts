import { isApiError } from '../../lib/api.ts';
import { useAuthStore } from './auth-store.ts';

/**
 * How the session travels on an account call (spec section 7, per call), for `api.call` of
 * lib/api.ts: `token` and `user_id` in the query, or `Authorization: Bearer` with the `user-id`
 * header. Both are empty when nobody is logged in (the server then answers `login_required`).
 */
export function sessionQuery(): { token?: string; user_id?: number } {
  const { token, user } = useAuthStore.getState();
  return token && user ? { token, user_id: user.id } : {};
}

/** The bearer headers of the session (see `sessionQuery`). */
export function sessionHeaders(): Record<string, string> {
  const { token, user } = useAuthStore.getState();
  return token && user ? { Authorization: `Bearer ${token}`, 'user-id': String(user.id) } : {};
}

/** Whether an error means the session is over: none sent, revoked or expired, or another account's. */
export function isSessionLost(error: unknown): boolean {
  return isApiError(error, 'login_required', 'session_expired', 'wrong_user');
}
