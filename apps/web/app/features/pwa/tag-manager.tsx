import { useEffect, useSyncExternalStore } from 'react';
import { onConsentChange, readConsent } from './consent.ts';

let loaded = false;

/**
 * Loads Google Tag Manager (GTM-…) or gtag.js (G-…) once the visitor accepted cookies, and only
 * when a valid id is configured (spec section 1: present but disabled by default; docs/decisions/016, section 4.4).
 */
export function TagManager({ id }: { id: string | null }) {
  // Local storage is read once hydrated (null on the server and during hydration), then on every change.
  const consent = useSyncExternalStore(onConsentChange, readConsent, () => null);
  useEffect(() => {
    if (!id || consent !== 'true' || loaded) return;
    loaded = true;
    const w = window as Window & { dataLayer?: unknown[] };
    w.dataLayer = w.dataLayer ?? [];
    const script = document.createElement('script');
    script.async = true;
    if (id.startsWith('GTM-')) {
      w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    } else {
      w.dataLayer.push(['js', new Date()], ['config', id]);
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    }
    document.head.appendChild(script);
  }, [id, consent]);
  return null;
}
