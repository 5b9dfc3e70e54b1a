import { useCallback, useEffect, useState } from 'react';
import { installTiming, nextInstallCheck, detectAppleSafari, type InstallConditions } from './install-gate.ts';
import { getDeferredPrompt, isInstalledOrHidden, isStandalone } from './install-prompt.ts';
import { storageKeys } from './storage-keys.ts';

export type InstallPlatform = 'prompt' | 'apple';

function readConditions(apple: boolean): InstallConditions {
  let consent: string | null = null;
  let location: string | null = null;
  try {
    consent = localStorage.getItem(storageKeys.cookieConsent);
    location = localStorage.getItem(storageKeys.location);
  } catch {
    // Storage disabled: the conditions cannot hold.
  }
  return { consent, location, promptAvailable: getDeferredPrompt() !== null || (apple && !isStandalone()), installedOrHidden: isInstalledOrHidden() };
}

/**
 * Spec section 4, "Install banners": checks 2 s after mount, then every second, gives up at 15 s;
 * once every condition holds, the banner shows 1.5 s later. Apple devices have no prompt event:
 * their banner leads to the manual guide.
 */
export function useInstallGate(): { visible: InstallPlatform | null; hide: () => void } {
  const [visible, setVisible] = useState<InstallPlatform | null>(null);
  useEffect(() => {
    const apple = detectAppleSafari(navigator.userAgent, navigator.maxTouchPoints) !== null;
    let timer: ReturnType<typeof setTimeout>;
    const check = (elapsedMs: number) => {
      const decision = nextInstallCheck(readConditions(apple), elapsedMs);
      if (decision.kind === 'ready') timer = setTimeout(() => setVisible(getDeferredPrompt() ? 'prompt' : 'apple'), installTiming.showDelayMs);
      else if (decision.kind === 'retry') timer = setTimeout(() => check(elapsedMs + decision.inMs), decision.inMs);
    };
    timer = setTimeout(() => check(installTiming.firstCheckMs), installTiming.firstCheckMs);
    return () => clearTimeout(timer);
  }, []);
  const hide = useCallback(() => setVisible(null), []);
  return { visible, hide };
}
