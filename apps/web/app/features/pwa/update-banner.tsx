import { RefreshCw } from 'lucide-react';
import { pwaOverlays } from '@resto/copy/storefront/pwa';
import { useServiceWorker } from './use-service-worker.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/** The update banner (spec section 2): shown while a new service worker waits; 'Actualiser' activates it. */
export function UpdateBanner() {
  const { waiting, updating, update } = useServiceWorker();
  if (!waiting) return null;
  return (
    <section
      role="region"
      aria-label={pwaOverlays.updateTitle}
      className="fixed inset-x-3 top-16 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-black/10"
    >
      <RefreshCw size={22} className="shrink-0 text-brand-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{pwaOverlays.updateTitle}</h2>
        <p className="text-sm text-ink/70">{pwaOverlays.updateText}</p>
      </div>
      <button type="button" onClick={update} disabled={updating} className={buttonClass('primary', 'px-4 py-2 text-sm')}>
        {updating ? pwaOverlays.updating : pwaOverlays.updateAction}
      </button>
    </section>
  );
}
