import { Suspense, useState } from 'react';
import { Download } from 'lucide-react';
import { pwaOverlays } from '@resto/copy/storefront/pwa';
import { useLocation } from 'react-router';
import { useInstallGate } from './use-install-gate.ts';
import { installBannerHiddenOn } from './install-gate.ts';
import { forgetDeferredPrompt, getDeferredPrompt } from './install-prompt.ts';
import { storageKeys } from './storage-keys.ts';
import { lazyWithPreload } from 'react-lazy-with-preload';

/** The iOS guide's dialog (Radix) in its own chunk, fetched when the banner shows on an iPhone (docs/decisions/027). */
const IosInstallGuide = /* @__PURE__ */ lazyWithPreload(() => import('./ios-install-guide.tsx').then((m) => ({ default: m.IosInstallGuide })));

function remember(key: string): void {
  try {
    localStorage.setItem(key, 'true');
  } catch (error) {
    console.warn('Choix d’installation non enregistré', error);
  }
}

/** The install banner (spec section 2, "Overlays"): 'Installer maintenant' / 'Plus tard'. */
export function InstallBanner() {
  const { visible, hide } = useInstallGate();
  const [installing, setInstalling] = useState(false);
  const [guideOpen, setGuideOpen] = useState(false);
  const { pathname } = useLocation();
  const shown = visible !== null && !installBannerHiddenOn(pathname);

  if (visible === 'apple') void IosInstallGuide.preload();

  const later = () => {
    remember(visible === 'apple' ? storageKeys.iosPromptShown : storageKeys.hideInstall);
    hide();
  };

  const install = async () => {
    if (visible === 'apple') {
      // Opened once its code is here (almost always already, preloaded with the banner): a lazy
      // component that suspends is revealed on React's timer, and the guide appeared late, or
      // never in a browser test whose clock is paused.
      await IosInstallGuide.preload().catch(() => undefined);
      setGuideOpen(true);
      hide();
      return;
    }
    const prompt = getDeferredPrompt();
    if (!prompt) return hide();
    setInstalling(true);
    try {
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      if (outcome === 'accepted') remember(storageKeys.pwaInstalled);
    } catch (error) {
      console.warn('Installation impossible', error);
    } finally {
      forgetDeferredPrompt();
      remember(storageKeys.hideInstall);
      setInstalling(false);
      hide();
    }
  };

  return (
    <>
      {shown ? (
        <section
          role="region"
          aria-label={pwaOverlays.installTitle}
          className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl bg-night p-4 text-white shadow-2xl ring-1 ring-white/10 [padding-bottom:max(1rem,env(safe-area-inset-bottom))]"
        >
          <div className="flex items-start gap-3">
            <img src="/icons/icon-96.png" alt="" width={48} height={48} className="shrink-0 rounded-xl" />
            <div className="min-w-0">
              <h2 className="font-semibold">{pwaOverlays.installTitle}</h2>
              <p className="text-sm text-white/75">{pwaOverlays.installText}</p>
            </div>
          </div>
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" onClick={later} disabled={installing} className="rounded-full px-4 py-2 text-sm font-semibold text-white/80 hover:text-white">
              {pwaOverlays.installLater}
            </button>
            <button
              type="button"
              onClick={() => void install()}
              disabled={installing}
              className="flex items-center gap-1.5 rounded-full bg-brand-500 px-4 py-2 text-sm font-semibold disabled:opacity-70"
            >
              <Download size={16} aria-hidden /> {installing ? pwaOverlays.installing : pwaOverlays.installNow}
            </button>
          </div>
        </section>
      ) : null}
      {guideOpen ? (
        <Suspense fallback={null}>
          <IosInstallGuide
            open
            onDone={() => {
              remember(storageKeys.iosPromptShown);
              setGuideOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
