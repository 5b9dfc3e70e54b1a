import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { Cookie } from 'lucide-react';
import { cookieConsentTexts, pwaMessages } from '@resto/domain/messages/pwa';

const answerButton = 'rounded-full bg-brand-600 px-4 py-2.5 font-semibold text-white';

/**
 * The cookie consent's modal (cookie-consent.tsx decides when it shows): its own chunk, so that
 * Radix's dialog is not part of the first load (issue 15). Closes only through an answer
 * (`onAnswer`) or a link to the policies (`onLeave`). `current` is the answer stored when it was
 * opened again, null on a first visit.
 */
export function CookieConsentDialog({
  prefix,
  analytics,
  current,
  onAnswer,
  onLeave,
}: {
  prefix: string;
  analytics: boolean;
  current: 'true' | 'false' | null;
  onAnswer: (accepted: boolean) => void;
  onLeave: () => void;
}) {
  return (
    <Dialog.Root open>
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
            <Link to={`${prefix}/privacy-policy`} className="text-brand-700 underline" onClick={onLeave}>
              {cookieConsentTexts.politiqueDeConfidentialite}
            </Link>
            {' · '}
            <Link to={`${prefix}/cookie-policy`} className="text-brand-700 underline" onClick={onLeave}>
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
            <button type="button" onClick={() => onAnswer(false)} className={answerButton}>
              {pwaMessages.cookieRefuse}
            </button>
            <button type="button" onClick={() => onAnswer(true)} className={answerButton}>
              {pwaMessages.cookieAccept}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
