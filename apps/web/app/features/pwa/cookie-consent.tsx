import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Cookie } from 'lucide-react';
import { consentDelayMs, onOpenRequest, readConsent, writeConsent } from './consent.ts';
import { isNativeApp } from '../native/index.ts';
import { cookieConsent, pwaOverlays } from '@resto/copy/storefront/pwa';
import { buttonClass } from '../../components/ui/button.tsx';

const answerButton = buttonClass('primary', 'px-4 py-2 text-sm');

/**
 * The cookie consent (spec section 2): about 1 s after load when the visitor has not answered yet,
 * web only. It mentions audience measurement only when a tag manager is configured. 'Accepter'
 * stores 'true', 'Refuser' 'false' (docs/decisions/016, section 4.4: refusing as easy as
 * accepting); it closes only through an answer. A small non-modal dialog at the bottom of the
 * screen, never the page's largest paint, and the page stays usable under it
 * (docs/decisions/027-pages-paint-first.md). It stays under the modal dialogs (z-50: dish, location,
 * cart sheet) a person opens: above them it hid their buttons and, the page behind a modal being
 * inert, could not be answered; it shows again when the dialog closes.
 */
export function CookieConsent({ prefix, analytics }: { prefix: string; analytics: boolean }) {
  const [open, setOpen] = useState(false);
  // The answer stored when it opened again (footer's "Gérer les cookies", cookie policy).
  const [current, setCurrent] = useState<'true' | 'false' | null>(null);
  const titleId = useId();
  const textId = useId();
  const firstButton = useRef<HTMLButtonElement>(null);
  const [focusOnOpen, setFocusOnOpen] = useState(false);
  useEffect(() => {
    if (isNativeApp()) return;
    const timer = readConsent() === null ? setTimeout(() => setOpen(true), consentDelayMs) : undefined;
    const unsubscribe = onOpenRequest(() => {
      setCurrent(readConsent());
      setOpen(true);
      // Opened by a button: the keyboard goes to the choice. Shown by itself, it takes nobody's focus.
      setFocusOnOpen(true);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
  useEffect(() => {
    if (open && focusOnOpen) firstButton.current?.focus();
  }, [open, focusOnOpen]);

  const answer = (accepted: boolean) => {
    writeConsent(accepted);
    setOpen(false);
    setFocusOnOpen(false);
  };
  if (!open) return null;

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="fixed inset-x-2 bottom-2 z-[45] mx-auto max-w-xl rounded-2xl bg-white p-3 text-sm shadow-2xl ring-1 ring-black/10 sm:bottom-4"
    >
      <p id={titleId} className="flex items-center gap-1.5 font-bold">
        <Cookie size={16} className="shrink-0 text-brand-600" aria-hidden /> {pwaOverlays.cookieTitle}
      </p>
      <p id={textId} className="mt-1 text-xs text-ink/80">
        {analytics ? pwaOverlays.cookieTextAnalytics : pwaOverlays.cookieText}
      </p>
      <p className="mt-1 text-xs">
        <Link to={`${prefix}/privacy-policy`} className="text-brand-700 underline" onClick={() => setOpen(false)}>
          {cookieConsent.privacyLink}
        </Link>
        {' · '}
        <Link to={`${prefix}/cookie-policy`} className="text-brand-700 underline" onClick={() => setOpen(false)}>
          {cookieConsent.cookiePolicyLink}
        </Link>
      </p>
      {current !== null ? (
        <p className="mt-1 text-xs font-medium" data-testid="cookie-current-choice">
          {current === 'true' ? pwaOverlays.cookieCurrentAccepted : pwaOverlays.cookieCurrentRefused}
        </p>
      ) : null}
      {/* docs/decisions/012 (RGPD, CNIL): refusing is as easy as accepting — two buttons of the same size and style. */}
      <div className="mt-2 grid grid-cols-2 gap-2">
        <button ref={firstButton} type="button" onClick={() => answer(false)} className={answerButton}>
          {pwaOverlays.cookieRefuse}
        </button>
        <button type="button" onClick={() => answer(true)} className={answerButton}>
          {pwaOverlays.cookieAccept}
        </button>
      </div>
    </div>
  );
}
