/** The global Capacitor's native shell injects; absent in a browser. */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

/** Whether the page runs inside the Capacitor app (spec section 2: the cookie modal is web only). */
export function isNativeApp(): boolean {
  if (typeof window === 'undefined') return false;
  const capacitor = (window as Window & { Capacitor?: CapacitorGlobal }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}
