import { useCallback, useEffect, useState } from 'react';
import { onNewBuild } from './version-check.ts';

/** A new build's worker not installing nor waiting (an install cut, a check put off) is asked for again, this many times, this far apart. */
const installRetries = 3;
const installRetryMs = 5_000;

/**
 * Registers /sw.js (production builds only, docs/decisions/017, section 7.3) and reports a new worker waiting
 * (spec section 4, "Update banner"). `update()` asks it to take over; when it activates, the page
 * reloads — but not on the very first install, when there was no worker before.
 *
 * The waiting worker is read from the registration (`registration.waiting`) after every event that
 * can change it (a worker found, a state change, an update check ended, the page taken over), not
 * from the one event of one worker: an update that the browser had started, or ended, before the
 * listeners existed is still seen. A new build announced by /builds/latest.json asks for its worker
 * at once, and again every 5 s (3 times) while none is installing or waiting: an install cut by the
 * network is retried before the next hourly poll. (A worker installed while no page of the site is
 * open, e.g. during a reload of its only tab, activates at once: no banner is due then, and the
 * next navigation loads the new build through use-app-runtime.ts.)
 */
export function useServiceWorker(): { waiting: boolean; updating: boolean; update: () => void } {
  const [worker, setWorker] = useState<ServiceWorker | null>(null);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const sw = navigator.serviceWorker;
    const hadController = sw.controller !== null;
    let reloading = false;
    let cancelled = false;
    let registration: ServiceWorkerRegistration | null = null;
    let newBuildSeen = false;
    let retriesLeft = installRetries;
    const timers = new Set<number>();

    const refresh = () => {
      if (cancelled || !registration) return;
      const waiting = registration.waiting;
      if (waiting && sw.controller) setWorker(waiting);
    };
    const checkForUpdate = () => {
      if (cancelled || !registration) return;
      void registration
        .update()
        .then(() => {
          follow(registration?.installing ?? null);
          refresh();
        })
        .catch(() => undefined); // offline, or the server between two deploys: the next check
    };
    // A worker being installed: the banner's state is read again at each of its states.
    const follow = (candidate: ServiceWorker | null) => candidate?.addEventListener('statechange', refresh);
    // A new build is out but no worker of it is installing or waiting (its install failed, or the
    // browser put the check off): asked for again, a few times.
    const askAgainLater = () => {
      if (retriesLeft <= 0) return;
      retriesLeft -= 1;
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        if (registration?.waiting) return refresh();
        if (registration && !registration.installing) checkForUpdate();
        askAgainLater();
      }, installRetryMs);
      timers.add(timer);
    };

    const onControllerChange = () => {
      if (!hadController) {
        refresh(); // the first worker took the page over: a worker waiting behind it can now be offered
        return;
      }
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    sw.addEventListener('controllerchange', onControllerChange);
    const onVisible = () => {
      if (document.visibilityState === 'visible') checkForUpdate();
    };
    const stopNewBuild = onNewBuild(() => {
      if (newBuildSeen) return;
      newBuildSeen = true;
      checkForUpdate();
      askAgainLater();
    });

    // At once, not after the load event: deferred to it, the update banner missed the waiting
    // worker in e2e/update-banner.spec.ts.
    sw.register('/sw.js', { scope: '/' })
      .then((registered) => {
        if (cancelled) return;
        registration = registered;
        follow(registered.installing);
        registered.addEventListener('updatefound', () => follow(registered.installing));
        refresh();
        // A returning visit asks for a new worker at once: the browser's own check after a
        // navigation waits until the worker has been idle for a moment, which a busy page (or a
        // busy machine) postpones.
        if (sw.controller) checkForUpdate();
        document.addEventListener('visibilitychange', onVisible);
        void warmOfflineCache();
      })
      .catch((error: unknown) => console.warn('Service worker non enregistré', error));
    return () => {
      cancelled = true;
      for (const timer of timers) window.clearTimeout(timer);
      stopNewBuild();
      sw.removeEventListener('controllerchange', onControllerChange);
      document.removeEventListener('visibilitychange', onVisible);
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
