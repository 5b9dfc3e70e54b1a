import { useEffect } from 'react';
import { getTagManagerId } from '@resto/domain/site';
import type { SettingsList } from '@resto/domain/settings';
import { CookieConsent } from './cookie-consent.tsx';
import { InstallBanner } from './install-banner.tsx';
import { UpdateBanner } from './update-banner.tsx';
import { TagManager } from './tag-manager.tsx';
import { useAppRuntime } from './use-app-runtime.ts';
import { isNativeApp, loadNativeBridge } from '../native/index.ts';
import { useToasts } from '../../components/ui/toast.tsx';

/** Everything the app shell adds around the pages: overlays of spec section 2 and background duties. */
export function AppOverlays({ settings, prefix }: { settings: SettingsList; prefix: string }) {
  useAppRuntime();
  const tagManagerId = getTagManagerId(settings);
  const showToast = useToasts((s) => s.show);
  useEffect(() => {
    if (!isNativeApp()) return;
    let stop: (() => void) | undefined;
    void loadNativeBridge()
      .then(({ startNativeBridge }) => startNativeBridge((text) => showToast(text, 'info')))
      .then((cleanup) => {
        stop = cleanup;
      });
    return () => stop?.();
  }, [showToast]);
  return (
    <>
      <CookieConsent prefix={prefix} analytics={tagManagerId !== null} />
      <InstallBanner />
      <UpdateBanner />
      <TagManager id={tagManagerId} />
    </>
  );
}
