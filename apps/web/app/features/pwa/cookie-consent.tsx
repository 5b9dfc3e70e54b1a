import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { Cookie } from 'lucide-react';
import { consentDelayMs, onOpenRequest, readConsent, writeConsent } from './consent.ts';
import { isNativeApp } from '../native/index.ts';
import { cookieConsentTexts, pwaMessages } from '@resto/domain/messages/pwa';

/**
 * The cookie consent modal (spec section 2): about 1 s after load when the visitor has not
 * answered yet, web only. It mentions audience measurement only when a tag manager is configured. 'Accepter' stores 'true', 'Refuser' 'false' (docs/decisions/016, section 4.4: refusing as
 * easy as accepting); the modal closes only through an answer.
 */
const answerButton = 'rounded-full bg-brand-600 px-4 py-2.5 font-semibold text-white';

export function CookieConsent({ prefix, analytics }: { prefix: string; analytics: boolean }) {
  const [open, setOpen] = useState(false);
  // The answer stored when the modal opened again (footer's "Gérer les cookies", cookie policy).
  const [current, setCurrent] = useState<'true' | 'false' | null>(null);
  useEffect(() => {
    if (isNativeApp()) return;
    const timer = readConsent() === null ? setTimeout(() => setOpen(true), consentDelayMs) : undefined;
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

  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          className="fixed inset-x-3 bottom-3 z-[60] mx-auto max-w-lg rounded-2xl bg-white p-5 shadow-2xl sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2"
        >
          <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
            <Cookie size={20} className="text-brand-600" aria-hidden /> {pwaMessages.cookieTitle}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink/80">{analytics ? pwaMessages.cookieTextAnalytics : pwaMessages.cookieText}</Dialog.Description>
          <p className="mt-2 text-sm">
            <Link to={`${prefix}/privacy-policy`} className="text-brand-700 underline" onClick={() => setOpen(false)}>
              {cookieConsentTexts.politiqueDeConfidentialite}
            </Link>
            {' · '}
            <Link to={`${prefix}/cookie-policy`} className="text-brand-700 underline" onClick={() => setOpen(false)}>
              {cookieConsentTexts.politiqueCookies}
            </Link>
          </p>
          {current !== null ? (
            <p className="mt-2 text-sm font-medium" data-testid="cookie-current-choice">
              {current === 'true' ? pwaMessages.cookieCurrentAccepted : pwaMessages.cookieCurrentRefused}
            </p>
          ) : null}
          {/* Issue 16 (RGPD, CNIL): refusing is as easy as accepting — two buttons of the same size and style. */}
          <div className="mt-4 grid grid-cols-2 gap-2">
            <button type="button" onClick={() => answer(false)} className={answerButton}>
              {pwaMessages.cookieRefuse}
            </button>
            <button type="button" onClick={() => answer(true)} className={answerButton}>
              {pwaMessages.cookieAccept}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
