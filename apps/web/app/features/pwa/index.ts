/**
 * The installable web app (the offline page and the overlays of section 2 of the specification):
 * what the app's root, its entry and the other parts of the storefront use of this feature.
 */
export { AppOverlays } from './app-overlays.tsx';
export { openCookieConsent, readConsent } from './consent.ts';
export { reloadForChunkError, useChunkErrorRecovery, useOfflineRecovery } from './error-recovery.ts';
export { listenForInstallPrompt } from './install-prompt.ts';
export { runStartupChecks } from './startup.ts';
