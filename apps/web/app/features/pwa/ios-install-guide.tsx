import * as Dialog from '@radix-ui/react-dialog';
import { Share, SquarePlus } from 'lucide-react';
import { iosInstallGuide, pwaOverlays } from '@resto/copy/storefront/pwa';
import { buttonClass } from '../../components/ui/button.tsx';

/** The iOS/Safari install guide (spec section 2): three steps in French and 'J'ai compris'. */
export function IosInstallGuide({ open, onDone }: { open: boolean; onDone: () => void }) {
  const steps = [
    { icon: <Share size={20} aria-hidden />, text: pwaOverlays.iosGuideShare },
    { icon: <SquarePlus size={20} aria-hidden />, text: pwaOverlays.iosGuideAdd },
    { icon: <span className="text-sm font-bold">{iosInstallGuide.ok}</span>, text: pwaOverlays.iosGuideConfirm },
  ];
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onDone())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl bg-white p-5 shadow-2xl sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2">
          <Dialog.Title className="text-lg font-bold">{pwaOverlays.iosGuideTitle}</Dialog.Title>
          <Dialog.Description className="sr-only">{pwaOverlays.installText}</Dialog.Description>
          <ol className="mt-3 space-y-3">
            {steps.map((step, i) => (
              <li key={step.text} className="flex items-center gap-3">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">{step.icon}</span>
                <span>
                  <span className="sr-only">
                    {iosInstallGuide.stepPrefix}
                    {i + 1} :{' '}
                  </span>
                  {step.text}
                </span>
              </li>
            ))}
          </ol>
          <button type="button" onClick={onDone} className={buttonClass('primary', 'mt-5 w-full px-5 py-2.5')}>
            {pwaOverlays.iosGuideOk}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
