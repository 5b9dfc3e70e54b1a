import { useCallback, useEffect, useState } from 'react';

/**
 * Registers /sw.js (production builds only, docs/decisions/017, section 7.3) and reports a new worker waiting
 * (spec section 4, "Update banner"). `update()` asks it to take over; when it activates, the page
 * reloads — but not on the very first install, when there was no worker before.
 */
export function useServiceWorker(): { waiting: boolean; updating: boolean; update: () => void } {
  const [worker, setWorker] = useState<ServiceWorker | null>(null);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const sw = navigator.serviceWorker;
    const hadController = sw.controller !== null;
    let reloading = false;
    const onControllerChange = () => {
      if (!hadController || reloading) return;
      reloading = true;
      window.location.reload();
    };
    sw.addEventListener('controllerchange', onControllerChange);

    const watch = (candidate: ServiceWorker | null) => {
      if (!candidate) return;
      const check = () => {
        if (candidate.state === 'installed' && sw.controller) setWorker(candidate);
      };
      check();
      candidate.addEventListener('statechange', check);
    };
    const onVisible = (registration: ServiceWorkerRegistration) => () => {
      if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
    };
    let removeVisibility = () => {};
    let cancelled = false;
    const register = () => {
      if (cancelled) return;
      sw.register('/sw.js', { scope: '/' })
        .then((registration) => {
          // The navigation itself may have started an update before this registration resolved.
          watch(registration.waiting);
          watch(registration.installing);
          registration.addEventListener('updatefound', () => watch(registration.installing));
          // A returning visit asks for a new worker at once: the browser's own check after a
          // navigation waits until the worker has been idle for a moment, which a busy page (or a
          // busy machine) postpones; the update banner missed a deployed build so in a browser test.
          if (sw.controller) void registration.update().catch(() => undefined);
          const listener = onVisible(registration);
          document.addEventListener('visibilitychange', listener);
          removeVisibility = () => document.removeEventListener('visibilitychange', listener);
          void warmOfflineCache();
        })
        .catch((error: unknown) => console.warn('Service worker non enregistré', error));
    };
    // At once, not after the load event: deferred to it, the update banner missed the waiting
    // worker in e2e/update-banner.spec.ts (cause not pinned down).
    register();
    return () => {
      cancelled = true;
      sw.removeEventListener('controllerchange', onControllerChange);
      removeVisibility();
    };
  }, []);

  const update = useCallback(() => {
    if (!worker) return;
    setUpdating(true);
    // Workbox's generated worker listens for this message and calls skipWaiting().
    worker.postMessage({ type: 'SKIP_WAITING' });
  }, [worker]);

  return { waiting: worker !== null, updating, update };
}

/**
 * Puts the page being viewed and the menu in the worker's page cache once it is active, so one
 * visit is enough to browse the menu offline (the first page was loaded before the worker existed).
 */
async function warmOfflineCache(): Promise<void> {
  try {
    await navigator.serviceWorker.ready;
    const cache = await caches.open('pages');
    // The current page only if it answered 200 (not a 404 page kept as if it were the page).
    const navigation = performance.getEntriesByType('navigation')[0] as (PerformanceEntry & { responseStatus?: number }) | undefined;
    const here = navigation?.responseStatus === 200 ? [window.location.pathname + window.location.search] : [];
    const targets = [...new Set([...here, '/menu', '/'])].filter((path) => !/^\/(fr\/)?(checkout|success|suivi|auth|profile)/.test(path));
    await Promise.all(targets.map(async (path) => ((await cache.match(path)) ? undefined : cache.add(path))));
  } catch (error) {
    console.warn('Cache hors ligne non préparé', error);
  }
}
