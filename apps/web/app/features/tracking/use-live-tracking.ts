import { useEffect, useState } from 'react';
import { TrackingViewSchema, type TrackingView } from '@resto/contract/board';
import { getOrderTracking } from '@resto/contract/board.routes';
import { streamTrackingEvents } from '@resto/contract/realtime.routes';
import { api, routeUrl } from '../../lib/api.ts';
import { lastEventId, newerView } from './tracking-display.ts';

/** How often the page reloads the order even when the stream is quiet, in ms (docs/decisions/021: every 30 s). */
const trackingReloadIntervalMs = 30_000;

/**
 * The order's view, kept live (docs/decisions/019 and 021): starts from the server-rendered `initial`,
 * then follows `GET /v2/public/tracking/{secret}/events` (SSE, event `order`, data = TrackingView),
 * and reloads `GET /v2/public/tracking/{secret}` when the page becomes visible again, when the
 * network comes back and every 30 s, since a phone asleep misses events. A view never replaces a
 * newer one (`newerView`). Never navigates: the page changes in place.
 */
export function useLiveTracking(secret: string, initial: TrackingView): TrackingView {
  // What arrived since the server render; a newer server render (a revalidation) wins over it.
  const [live, setLive] = useState<TrackingView | null>(null);
  const view = live && live.order_id === initial.order_id ? newerView(initial, live) : initial;

  // The stream starts from the server render's last event; a newer render (a revalidation) restarts it from there.
  const after = lastEventId(initial);
  useEffect(() => {
    let stopped = false;
    const take = (next: TrackingView) => {
      if (!stopped) setLive((current) => (current ? newerView(current, next) : next));
    };
    const reload = () => {
      api
        .call(getOrderTracking, { params: { secret }, sensitive: true })
        .then(take)
        // Offline or the server restarting: the next reload, or the stream, catches up.
        .catch(() => undefined);
    };
    // From the last event the server render showed: what happened since is replayed first.
    const source = new EventSource(routeUrl(streamTrackingEvents, { params: { secret }, query: { after: after > 0 ? after : undefined } }));
    source.addEventListener('order', (event: MessageEvent<string>) => {
      const parsed = TrackingViewSchema.safeParse(safeJson(event.data));
      if (parsed.success) take(parsed.data);
    });
    // After a cut the browser reconnects by itself; what happened meanwhile comes with a reload.
    source.addEventListener('open', reload);
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', reload);
    const timer = window.setInterval(reload, trackingReloadIntervalMs);
    return () => {
      stopped = true;
      source.close();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', reload);
      window.clearInterval(timer);
    };
  }, [secret, after]);

  return view;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
