import { storageKeys } from './storage-keys.ts';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;

/** Keeps the browser's install prompt for later (the banner decides when), and notes an installation. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    markInstalled();
  });
  if (isStandalone()) markInstalled();
}

/** The kept prompt, if the browser offered one. */
export function getDeferredPrompt(): BeforeInstallPromptEvent | null {
  return deferred;
}

/** A prompt can be used once. */
export function forgetDeferredPrompt(): void {
  deferred = null;
}

/** Spec section 4: installed when the page runs in standalone or fullscreen display mode. */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia('(display-mode: standalone)').matches || window.matchMedia('(display-mode: fullscreen)').matches || nav.standalone === true;
}

function markInstalled(): void {
  try {
    localStorage.setItem(storageKeys.pwaInstalled, 'true');
  } catch (error) {
    console.warn('État d’installation non enregistré', error);
  }
}

/** Whether the banner must stay hidden: installed, or dismissed before (spec section 3's keys). */
export function isInstalledOrHidden(): boolean {
  try {
    return (
      isStandalone() ||
      localStorage.getItem(storageKeys.pwaInstalled) === 'true' ||
      localStorage.getItem(storageKeys.hideInstall) === 'true' ||
      localStorage.getItem(storageKeys.iosPromptShown) === 'true'
    );
  } catch {
    return true;
  }
}
