import { App } from '@capacitor/app';
import { StatusBar, Style } from '@capacitor/status-bar';
import { pwaOverlays } from '@resto/copy/storefront/pwa';
import { decideBackAction } from './back-button.ts';
import { statusBarStyleFor } from './status-bar.ts';

/**
 * Native app behaviour (spec section 2): the back button goes back, a second press within 1 s
 * exits; the status bar's text colour follows the page background's brightness. Loaded only
 * inside the Capacitor app; the decisions themselves are pure and unit-tested.
 */
export async function startNativeBridge(showHint: (text: string) => void): Promise<() => void> {
  let lastPress: number | null = null;
  const back = await App.addListener('backButton', ({ canGoBack }) => {
    const now = Date.now();
    const action = decideBackAction(canGoBack, lastPress, now);
    lastPress = now;
    if (action === 'exit') void App.exitApp();
    else if (action === 'back') window.history.back();
    else showHint(pwaOverlays.backAgainToExit);
  });

  const applyStatusBar = () => {
    const background = getComputedStyle(document.body).backgroundColor;
    void StatusBar.setStyle({ style: statusBarStyleFor(background) === 'DARK' ? Style.Dark : Style.Light }).catch(() => undefined);
  };
  applyStatusBar();
  const observer = new MutationObserver(applyStatusBar);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class', 'style'] });
  return () => {
    void back.remove();
    observer.disconnect();
  };
}
