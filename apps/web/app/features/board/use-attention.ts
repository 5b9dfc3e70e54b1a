import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoardOrder } from '@resto/contract/board';
import { boardOrderCard, boardPage } from '@resto/copy/staff/board';
import { formatEuros } from '@resto/domain/format';
import { describeSchedule } from '@resto/domain/scheduling';
import { createChime, type Chime } from './chime.ts';

/** The ring repeats this often while a new order is unopened (docs/decisions/019: "repeats until someone opens it"). */
const ringIntervalMs = 4_000;

/** Wake Lock, typed here: TypeScript's DOM library may lack it, and browsers without it just skip it. */
interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
}
type WakeLockApi = { request(type: 'screen'): Promise<WakeLockSentinelLike> };
const wakeLockApi = (): WakeLockApi | null => (navigator as unknown as { wakeLock?: WakeLockApi }).wakeLock ?? null;

/** What « Démarrer le service » starts and what the board shows of it. */
export interface Attention {
  serviceStarted: boolean;
  /** The ring played at its last turn (audio running and a new order unopened): `data-ringing`. */
  ringing: boolean;
  /** A new order is unopened but the browser blocks sound (no gesture yet). */
  soundBlocked: boolean;
  startService(): Promise<void>;
}

/**
 * The board's ways of getting attention (docs/decisions/019 and 022), for the unopened new orders:
 * - a ring (chime.ts) now and every 4 s while one is unopened;
 * - the count in the tab title: « (2) Commandes — Chez Margot »;
 * - a system notification per new order while the page is hidden, where permission was given;
 * - « Démarrer le service »: unlocks audio (a user gesture), keeps the screen awake (Wake Lock,
 *   taken again when the page comes back to view: browsers release it when hidden) and asks for
 *   notifications. `subscribeToPush` (the "escalation" part's Web Push subscription) is called
 *   there too when given.
 */
export function useAttention(unopened: readonly BoardOrder[], restaurantName: string, loaded: boolean, subscribeToPush?: () => Promise<unknown>): Attention {
  const chimeRef = useRef<Chime | null>(null);
  const chime = () => (chimeRef.current ??= createChime());
  const [serviceStarted, setServiceStarted] = useState(false);
  const [ringing, setRinging] = useState(false);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const wakeLock = useRef<WakeLockSentinelLike | null>(null);
  const count = unopened.length;

  const takeWakeLock = useCallback(async () => {
    const api = wakeLockApi();
    if (!api || document.visibilityState !== 'visible') return;
    if (wakeLock.current && !wakeLock.current.released) return;
    try {
      wakeLock.current = await api.request('screen');
    } catch {
      // Refused (battery saver, no gesture): the board still works, the screen may sleep.
    }
  }, []);

  const startService = useCallback(async () => {
    const unlocked = await chime().unlock();
    setSoundBlocked(!unlocked);
    setServiceStarted(true);
    await takeWakeLock();
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
      try {
        await Notification.requestPermission();
      } catch {
        // Older browsers: the callback form only; the ring and the title still say it.
      }
    }
    if (subscribeToPush) await subscribeToPush().catch(() => undefined);
  }, [takeWakeLock, subscribeToPush]);

  // The Wake Lock is released when the page is hidden: take it again when it comes back.
  useEffect(() => {
    if (!serviceStarted) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void takeWakeLock();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [serviceStarted, takeWakeLock]);

  // The ring loop: one ring at once, then every 4 s, while a new order is unopened. It restarts
  // only when ringing starts or stops (`hasUnopened`), not on every count change.
  const hasUnopened = count > 0;
  useEffect(() => {
    if (!hasUnopened) {
      const quiet = setTimeout(() => {
        setRinging(false);
        setSoundBlocked(false);
      }, 0);
      return () => clearTimeout(quiet);
    }
    const ring = () => {
      const played = (chimeRef.current ??= createChime()).play();
      setRinging(played);
      setSoundBlocked(!played);
    };
    const first = setTimeout(ring, 0);
    const loop = setInterval(ring, ringIntervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(loop);
    };
  }, [hasUnopened]);

  // The tab title.
  useEffect(() => {
    document.title = boardPage.tabTitle(count, restaurantName);
  }, [count, restaurantName]);

  // A system notification for each order that appears unopened while the page is hidden.
  const notified = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (notified.current === null) {
      // The orders already there at load are not news.
      notified.current = new Set(unopened.map((o) => o.order_id));
      return;
    }
    for (const order of unopened) {
      if (notified.current.has(order.order_id)) continue;
      notified.current.add(order.order_id);
      if (document.visibilityState !== 'hidden' || typeof Notification === 'undefined' || Notification.permission !== 'granted') continue;
      try {
        new Notification(boardPage.newOrderNotification(order.order_id), {
          body: boardPage.newOrderNotificationBody(
            order.is_pickup ? boardOrderCard.pickup : boardOrderCard.delivery,
            describeSchedule(order.delivery_date, order.delivery_time_range),
            formatEuros(order.total),
          ),
          tag: `order-${order.order_id}`,
        });
      } catch {
        // Android Chrome allows notifications only from a service worker: the ring and the push say it there.
      }
    }
  }, [unopened, loaded]);

  return { serviceStarted, ringing, soundBlocked, startService };
}
