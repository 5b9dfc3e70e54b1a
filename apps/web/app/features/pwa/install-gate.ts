/**
 * When the install banner may appear (spec section 4, "Install banners"): cookie consent 'true',
 * a saved location with an address, and an install prompt available. Checked 2 s after start,
 * then every 1 s, giving up 15 s after start; once ready, shown 1.5 s later.
 */
export const installTiming = { firstCheckMs: 2000, pollMs: 1000, giveUpMs: 15_000, showDelayMs: 1500 } as const;

export interface InstallConditions {
  /** localStorage 'cookie-consent'. */
  consent: string | null;
  /** localStorage 'location' (JSON written by the location panel). */
  location: string | null;
  /** A deferred beforeinstallprompt (or, on iOS Safari, the manual guide applies). */
  promptAvailable: boolean;
  /** Already installed ('pwa-installed'), or dismissed before ('vite-pwa:hide-install'). */
  installedOrHidden: boolean;
}

/** Whether the stored location carries a non-empty `_distance.address` (spec section 3, Location). */
export function hasSavedAddress(location: string | null): boolean {
  if (!location) return false;
  try {
    const parsed: unknown = JSON.parse(location);
    if (typeof parsed !== 'object' || parsed === null) return false;
    // The location itself, or a zustand-persist envelope around it ({state: {...}, version}).
    const value = (parsed as { state?: unknown }).state ?? parsed;
    if (typeof value !== 'object' || value === null) return false;
    const distance = (value as { _distance?: unknown })._distance;
    if (typeof distance !== 'object' || distance === null) return false;
    const address = (distance as { address?: unknown }).address;
    return typeof address === 'string' && address.trim() !== '';
  } catch {
    return false;
  }
}

/** Whether every condition holds right now. */
function installConditionsMet(c: InstallConditions): boolean {
  return !c.installedOrHidden && c.consent === 'true' && hasSavedAddress(c.location) && c.promptAvailable;
}

export type InstallCheck = { kind: 'ready' } | { kind: 'retry'; inMs: number } | { kind: 'give-up' };

/**
 * The decision of one check made `elapsedMs` after start: ready, check again in 1 s, or stop
 * (15 s passed, or the visitor installed or dismissed it already).
 */
export function nextInstallCheck(c: InstallConditions, elapsedMs: number): InstallCheck {
  if (c.installedOrHidden) return { kind: 'give-up' };
  if (installConditionsMet(c)) return { kind: 'ready' };
  if (elapsedMs + installTiming.pollMs > installTiming.giveUpMs) return { kind: 'give-up' };
  return { kind: 'retry', inMs: installTiming.pollMs };
}

/** iPhone, iPad (also the desktop-looking iPadOS Safari) and Mac Safari: no install prompt, a manual guide instead. */
export function detectAppleSafari(userAgent: string, maxTouchPoints: number): 'ios' | 'mac' | null {
  const safari = /Safari/.test(userAgent) && !/(CriOS|FxiOS|EdgiOS|OPiOS|Chrome|Chromium|Android)/.test(userAgent);
  // Every iOS browser can add to the home screen through its share sheet (iOS 16.4+).
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Macintosh/.test(userAgent) && safari) return 'mac';
  return null;
}

/**
 * Whether the install banner stays out of a page: the checkout (`/checkout`, `/fr/checkout`), where
 * the banner, fixed at the bottom of a phone's screen, would cover the payment choices and
 * « Continuer ». Not dismissed there: it shows on the next page if it is still due.
 */
export function installBannerHiddenOn(pathname: string): boolean {
  return /^(\/fr)?\/checkout\/?$/.test(pathname);
}
