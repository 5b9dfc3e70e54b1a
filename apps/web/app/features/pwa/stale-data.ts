/** Spec section 4, "Stale data": 2880 minutes (48 h) without a visit clears what the browser kept. */
export const staleAfterMs = 2880 * 60 * 1000;
/** The page reloads 0.5 s after clearing (spec section 4). */
export const staleReloadDelayMs = 500;

/**
 * Whether the last visit (epoch ms as stored, or null on a first visit) is older than 48 h.
 * A first visit, an unreadable value or a visit "in the future" (clock changed) is not stale.
 */
export function isStale(lastVisit: string | null, nowMs: number): boolean {
  if (lastVisit === null) return false;
  const last = Number(lastVisit);
  if (!Number.isFinite(last) || last > nowMs) return false;
  return nowMs - last > staleAfterMs;
}
