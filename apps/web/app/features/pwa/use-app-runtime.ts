import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { announceNewBuild, isNewBuild, parseBuildInfo, versionPollMs } from './version-check.ts';
import { isOverStorageLimit, storageCheckDelayMs } from './storage-quota.ts';
import { staleReloadDelayMs } from './stale-data.ts';

let newVersionSeen = false;

async function checkLatestBuild(): Promise<void> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (response.ok && isNewBuild(__BUILD_ID__, parseBuildInfo(await response.json()))) {
      newVersionSeen = true;
      // Observable state: the next navigation will be a full load (browser tests wait for it
      // instead of guessing how long the check takes on a busy machine).
      document.documentElement.dataset.newVersion = 'true';
      announceNewBuild();
    }
  } catch {
    // Offline or a deploy in progress: next poll.
  }
}

/** Spec section 9: above 50 MB, the caches are cleared and the page reloads after 0.5 s. */
async function checkStorage(): Promise<void> {
  try {
    const { usage } = await navigator.storage.estimate();
    if (!isOverStorageLimit(usage)) return;
    await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
    setTimeout(() => window.location.reload(), staleReloadDelayMs);
  } catch (error) {
    console.warn('Vérification du stockage impossible', error);
  }
}

/**
 * Background duties of the app shell: /builds/latest.json polled hourly and when the tab is
 * shown again, a new build reloading on the next navigation (docs/decisions/016, section 4.5); the storage check
 * 2 s after start (spec section 9).
 */
export function useAppRuntime(): void {
  const location = useLocation();

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    void checkLatestBuild();
    const timer = setInterval(() => void checkLatestBuild(), versionPollMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkLatestBuild();
    };
    document.addEventListener('visibilitychange', onVisible);
    const storageTimer = setTimeout(() => void checkStorage(), storageCheckDelayMs);
    return () => {
      clearInterval(timer);
      clearTimeout(storageTimer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // A navigation after a new build was seen loads the new page from the server, new code included.
  useEffect(() => {
    if (newVersionSeen) window.location.reload();
  }, [location.pathname]);
}
