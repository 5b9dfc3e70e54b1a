import * as Dialog from '@radix-ui/react-dialog';
import { ShieldCheck } from 'lucide-react';
import { paymentTexts } from '@resto/copy/storefront/payment';
import { useAuthenticationStore } from './authentication-store.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/** The test processor's 3-D Secure step (card 4000 0027 6000 3184): approve or refuse, as a bank would ask. */
export function ThreeDSecureDialog({ amount }: { amount: string }) {
  const pending = useAuthenticationStore((s) => s.pending);
  const answer = useAuthenticationStore((s) => s.answer);
  return (
    <Dialog.Root open={pending !== null} onOpenChange={(open) => !open && answer(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl">
          <p className="mb-3 inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900">
            {paymentTexts.testMode}
          </p>
          <div className="flex items-center gap-3">
            <ShieldCheck className="size-8 shrink-0 text-brand-600" aria-hidden />
            <Dialog.Title className="text-lg font-bold">{paymentTexts.authTitle}</Dialog.Title>
          </div>
          <Dialog.Description className="mt-3 text-sm text-ink/80">{paymentTexts.authDescription(amount)}</Dialog.Description>
          <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
            <button type="button" onClick={() => answer(true)} className={buttonClass('primary', 'flex-1 px-4 py-3')}>
              {paymentTexts.authApprove}
            </button>
            <button type="button" onClick={() => answer(false)} className={buttonClass('secondary', 'flex-1 px-4 py-3')}>
              {paymentTexts.authRefuse}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
