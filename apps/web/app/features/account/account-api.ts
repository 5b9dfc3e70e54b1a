import { messages } from '@resto/domain/messages';
import { ApiCallError } from '../../lib/api-client.ts';
import { useAuthStore } from './auth-store.ts';
import { personalDataExportTexts } from '@resto/domain/messages/account';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface AuthCallOptions {
  body?: unknown;
  /** Query parameters (token and user_id are added by `as`). */
  query?: Record<string, string | number>;
  /**
   * How the session travels (spec section 7, per call): 'query' adds token and user_id to the
   * query; 'bearer' sends Authorization: Bearer and the user-id header.
   */
  as?: 'query' | 'bearer';
}

/**
 * Calls /v2/public/auth/… from the browser and returns the payload.
 * @throws ApiCallError with the server's French message (spec section 8: shown as it comes).
 */
export async function authCall<T>(method: Method, path: string, options: AuthCallOptions = {}): Promise<T> {
  const { token, user } = useAuthStore.getState();
  const query = new URLSearchParams(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.as === 'query' && token && user) {
    query.set('token', token);
    query.set('user_id', String(user.id));
  }
  if (options.as === 'bearer' && token && user) {
    headers.Authorization = `Bearer ${token}`;
    headers['user-id'] = String(user.id);
  }
  const search = query.toString();
  let response: Response;
  try {
    response = await fetch(`/v2/public/auth/${path}${search ? `?${search}` : ''}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // The token may be in the query: no Referer, no cache.
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
  } catch {
    throw new ApiCallError(0, messages.genericError, [], undefined);
  }
  const json = (await response.json().catch(() => ({}))) as { status?: string; payload?: T; message?: string; errors?: { path: string; message: string }[] };
  if (!response.ok || json.status !== 'success')
    throw new ApiCallError(response.status, json.message ?? messages.genericError, json.errors ?? [], json.payload);
  return json.payload as T;
}

/** Whether an error means the session is over (revoked, expired, or another account's). */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiCallError && (error.status === 401 || error.status === 403);
}

/**
 * "Télécharger mes données" (issue 16, RGPD articles 15 and 20): GET /v2/public/auth/export with
 * the bearer token, the file saved under the server's name. The cookie choice lives in this
 * browser only, so it is written into the file's consents here.
 * @throws ApiCallError with the server's French message, or messages.exportFailed.
 */
export async function downloadMyData(cookieChoice: 'true' | 'false' | null): Promise<void> {
  const { token, user } = useAuthStore.getState();
  if (!token || !user) throw new ApiCallError(401, messages.notLoggedIn, [], undefined);
  let response: Response;
  try {
    response = await fetch('/v2/public/auth/export', {
      headers: { Authorization: `Bearer ${token}`, 'user-id': String(user.id) },
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
  } catch {
    throw new ApiCallError(0, messages.exportFailed, [], undefined);
  }
  if (!response.ok) {
    const json = (await response.json().catch(() => ({}))) as { message?: string; errors?: { path: string; message: string }[] };
    throw new ApiCallError(response.status, json.message ?? messages.exportFailed, json.errors ?? [], undefined);
  }
  const data = (await response.json()) as { consents?: { cookies?: Record<string, unknown> } };
  if (data.consents?.cookies) data.consents.cookies.choice_in_this_browser = cookieChoice === null ? personalDataExportTexts.noAnswer : cookieChoice === 'true' ? personalDataExportTexts.accepted : personalDataExportTexts.refused;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'mes-donnees.json';
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
