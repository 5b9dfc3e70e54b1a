import { cleanupStorageKeys, storageKeys } from './storage-keys.ts';
import { isStale, staleReloadDelayMs } from './stale-data.ts';

/**
 * Where the account store (docs/decisions/006) keeps the session (zustand persist: {state: {token, user: {id}}}).
 * Read only to revoke that session before clearing stale data (docs/decisions/016, section 4.6: the "cleanup call").
 */
const authStorageKey = 'auth';

function readSession(): { token: string; userId: string } | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(authStorageKey) ?? 'null') as { state?: { token?: unknown; user?: { id?: unknown } } } | null;
    const token = parsed?.state?.token;
    const id = parsed?.state?.user?.id;
    return typeof token === 'string' && token !== '' ? { token, userId: id === undefined || id === null ? '' : String(id) } : null;
  } catch {
    return null;
  }
}

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

/**
 * Spec section 4, "Stale data": after more than 48 h away, the session is revoked (the cleanup
 * call), local and session storage and cookies are cleared, and the page reloads after 0.5 s.
 * Storage is cleared at once, before React hydrates, so no store can write old data back.
 * @returns true when the page is about to reload.
 */
function clearIfStale(nowMs: number): boolean {
  let last: string | null;
  try {
    last = localStorage.getItem(storageKeys.lastVisit);
  } catch {
    return false;
  }
  if (!isStale(last, nowMs)) {
    localStorage.setItem(storageKeys.lastVisit, String(nowMs));
    return false;
  }
  const session = readSession();
  try {
    localStorage.clear();
    sessionStorage.clear();
    clearCookies();
  } catch (error) {
    console.warn('Effacement des données anciennes incomplet', error);
  }
  // The logout's code is fetched now (it is not in the first load): the reload waits for it to be sent.
  const revoked = session ? import('./revoke-session.ts').then(({ revokeSession }) => revokeSession(session)).catch(() => undefined) : undefined;
  setTimeout(() => void Promise.resolve(revoked).then(() => window.location.reload()), staleReloadDelayMs);
  return true;
}

/** What runs before the app hydrates: the key cleanup of spec section 9, then the stale-data check. */
export function runStartupChecks(): void {
  try {
    cleanupStorageKeys(localStorage);
  } catch (error) {
    console.warn('Stockage local indisponible', error);
  }
  clearIfStale(Date.now());
}
