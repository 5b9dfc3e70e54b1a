/** Spec section 9: above 50 MB used, caches are cleared and the page reloads after 0.5 s, checked 2 s after start. */
export const storageLimitBytes = 50 * 1024 * 1024;
export const storageCheckDelayMs = 2000;

/** Whether the origin's usage (bytes, from navigator.storage.estimate) calls for clearing the caches. */
export function isOverStorageLimit(usageBytes: number | undefined): boolean {
  return typeof usageBytes === 'number' && usageBytes > storageLimitBytes;
}
