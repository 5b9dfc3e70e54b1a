import { Suspense, useEffect, useState } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { consentDelayMs, onOpenRequest, readConsent, writeConsent } from './consent.ts';
import { isNativeApp } from '../native/index.ts';

/** The modal itself (cookie-consent-dialog.tsx, with Radix's dialog), fetched on demand (issue 15). */
const CookieConsentDialog = /* @__PURE__ */ lazyWithPreload(() => import('./cookie-consent-dialog.tsx').then((m) => ({ default: m.CookieConsentDialog })));

/**
 * The cookie consent modal (spec section 2): about 1 s after load when the visitor has not
 * answered yet, web only. It mentions audience measurement only when a tag manager is configured. 'Accepter' stores 'true', 'Refuser' 'false' (docs/decisions/016, section 4.4: refusing as
 * easy as accepting); the modal closes only through an answer.
 */
export function CookieConsent({ prefix, analytics }: { prefix: string; analytics: boolean }) {
  const [open, setOpen] = useState(false);
  // The answer stored when the modal opened again (footer's "Gérer les cookies", cookie policy).
  const [current, setCurrent] = useState<'true' | 'false' | null>(null);
  useEffect(() => {
    if (isNativeApp()) return;
    const unanswered = readConsent() === null;
    // Its code is fetched now, during the 1 s the modal waits.
    if (unanswered) void CookieConsentDialog.preload();
    const timer = unanswered ? setTimeout(() => setOpen(true), consentDelayMs) : undefined;
    const unsubscribe = onOpenRequest(() => {
      setCurrent(readConsent());
      setOpen(true);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  const answer = (accepted: boolean) => {
    writeConsent(accepted);
    setOpen(false);
  };

  return open ? (
    <Suspense fallback={null}>
      <CookieConsentDialog prefix={prefix} analytics={analytics} current={current} onAnswer={answer} onLeave={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
