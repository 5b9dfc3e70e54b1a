import { storageKeys } from './storage-keys.ts';

/** Spec section 2: the cookie modal appears about 1 s after load. */
export const consentDelayMs = 1000;
const openEvent = 'cookie-consent:open';
const changeEvent = 'cookie-consent:change';

/** The stored answer: 'true' (accepted), 'false' (refused, docs/decisions/016, section 4.4) or null (not asked yet). */
export function readConsent(): 'true' | 'false' | null {
  try {
    const value = localStorage.getItem(storageKeys.cookieConsent);
    return value === 'true' || value === 'false' ? value : null;
  } catch {
    return null;
  }
}

/** Stores the answer and tells the page (tag manager, install banner) it changed. */
export function writeConsent(accepted: boolean): void {
  try {
    localStorage.setItem(storageKeys.cookieConsent, String(accepted));
  } catch (error) {
    console.warn('Consentement non enregistré', error);
  }
  window.dispatchEvent(new Event(changeEvent));
}

/** Opens the consent modal again (cookie policy's "Modifier mon choix"). */
export function openCookieConsent(): void {
  window.dispatchEvent(new Event(openEvent));
}

/** Subscribes to "open the modal" requests; returns the unsubscribe function. */
export function onOpenRequest(listener: () => void): () => void {
  window.addEventListener(openEvent, listener);
  return () => window.removeEventListener(openEvent, listener);
}

/** Subscribes to answer changes; returns the unsubscribe function. */
export function onConsentChange(listener: () => void): () => void {
  window.addEventListener(changeEvent, listener);
  return () => window.removeEventListener(changeEvent, listener);
}
