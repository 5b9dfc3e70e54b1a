/**
 * Local-storage keys of the product (spec section 3, "Local storage keys") and the start-up
 * cleanup of section 9: keys named cache-, pwa- or workbox- are removed at start — except the
 * spec's own `pwa-installed`, which would otherwise be erased on every start and make the
 * installed state useless (docs/decisions/008-pwa-shell.md).
 */
export const storageKeys = {
  cookieConsent: 'cookie-consent',
  location: 'location',
  iosPromptShown: 'ios-pwa-prompt-shown',
  pwaInstalled: 'pwa-installed',
  hideInstall: 'vite-pwa:hide-install',
  lastVisit: 'last-visit',
} as const;

const removedPrefixes = ['cache-', 'pwa-', 'workbox-'] as const;
const keptKeys: ReadonlySet<string> = new Set([storageKeys.pwaInstalled]);

/** The keys the start-up cleanup removes, from all the keys present (spec section 9). */
export function keysToRemove(keys: readonly string[]): string[] {
  return keys.filter((key) => !keptKeys.has(key) && removedPrefixes.some((prefix) => key.startsWith(prefix)));
}

/** Removes those keys from a Storage; failures (storage disabled) are logged, never shown (spec section 8). */
export function cleanupStorageKeys(storage: Storage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
    for (const key of keysToRemove(keys)) storage.removeItem(key);
  } catch (error) {
    console.warn('Nettoyage du stockage local impossible', error);
  }
}
