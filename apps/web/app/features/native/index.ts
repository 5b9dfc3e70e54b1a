/** The native app's shell (the native app build of section 2 of the specification): what the other features use of it. */
export { isNativeApp } from './platform.ts';

/**
 * Loads the native bridge (back button, status bar) on demand, so that the Capacitor plugins stay out
 * of the web bundle; call it only when isNativeApp() is true.
 */
export const loadNativeBridge = () => import('./native-bridge.ts');
