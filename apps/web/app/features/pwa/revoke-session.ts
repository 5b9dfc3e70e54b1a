import { logout } from '@resto/contract/auth.routes';
import { api, isApiError } from '../../lib/api.ts';

/**
 * The stale-data "cleanup call" (docs/decisions/016, section 4.6): revokes the session before the
 * page reloads. Its own chunk (docs/decisions/027): the API client and its zod schemas are not part of the
 * first load for the rare visit that needs them. The request is sent with keepalive, so it reaches
 * the server even though the page reloads; this returns once it is sent, not answered.
 */
export function revokeSession(session: { token: string; userId: string }): void {
  void api
    .call(logout, { headers: { Authorization: `Bearer ${session.token}`, 'user-id': session.userId }, keepalive: true })
    // A refusal (the session had expired already) is no trouble: only an unreachable server is worth a note.
    .catch((error: unknown) => {
      if (isApiError(error, 'network')) console.warn('Déconnexion avant effacement impossible', error);
    });
}
