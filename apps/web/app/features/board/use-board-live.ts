import { useEffect } from 'react';
import { BoardEventDataSchema } from '@resto/contract/board';
import { streamBoardEvents } from '@resto/contract/realtime.routes';
import { isApiError, routeUrl } from '../../lib/api.ts';
import { loadBoardState, sendHeartbeat } from './board-api.ts';
import { useBoardStore } from './board-store.ts';

/** Every 30 s the board reloads the full state, whatever the stream says (docs/decisions/021). */
const resyncIntervalMs = 30_000;
/** Every 15 s the board tells the server it is on screen (docs/decisions/022: connected screens). */
const heartbeatIntervalMs = 15_000;
/** After the stream closes for good (an error answer), a new one is opened this much later. */
const reopenDelayMs = 3_000;
/** After a failed full state load, the next try comes this much later (sooner than the 30 s resync). */
const reloadDelayMs = 3_000;

/** This tab's screen id, kept for the tab's life (sessionStorage): one `staff_screens` row per tab. */
function tabScreenId(): string {
  const key = 'board-screen-id';
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * Keeps the board live and complete (docs/decisions/021), for as long as the board is mounted:
 * 1. loads the full state (GET /v2/restaurant/orders);
 * 2. opens the SSE stream at `?after=<last_event_id>`; the browser itself reconnects with
 *    `Last-Event-ID` after a cut; when the stream closes for good (an error answer) a new one is
 *    opened after 3 s from the board's own last id;
 * 3. reloads the full state every 30 s, when the tab becomes visible again and when the network
 *    comes back (then reopens the stream: a connection that died silently offline is not trusted);
 * 4. sends the screen's heartbeat every 15 s.
 * The banner state (stream error, offline, failed load) is in the store (isConnectionLost).
 * `onSignedOut` is called when the staff session is gone (401).
 */
export function useBoardLive(onSignedOut: () => void): void {
  useEffect(() => {
    const store = useBoardStore.getState;
    let stopped = false;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    let loading: Promise<void> | null = null;

    const openStream = () => {
      if (stopped) return;
      clearTimeout(reopenTimer);
      source?.close();
      const stream = new EventSource(routeUrl(streamBoardEvents, { query: { after: store().board.lastEventId } }));
      source = stream;
      stream.addEventListener('open', () => {
        if (source === stream) store().setStream('open');
      });
      stream.addEventListener('order', (message) => {
        const parsed = BoardEventDataSchema.safeParse(safeJson(message.data));
        const eventId = Number(message.lastEventId);
        if (parsed.success && Number.isInteger(eventId) && eventId > 0) store().event(eventId, parsed.data);
      });
      stream.addEventListener('error', () => {
        if (source !== stream) return;
        store().setStream('error');
        // CONNECTING: the browser retries by itself, sending Last-Event-ID. CLOSED: it gave up (an error answer).
        if (stream.readyState === EventSource.CLOSED) {
          reopenTimer = setTimeout(() => {
            void load().then(openStream);
          }, reopenDelayMs);
        }
      });
    };

    const load = (): Promise<void> => {
      loading ??= (async () => {
        clearTimeout(reloadTimer);
        try {
          const state = await loadBoardState();
          if (!stopped) store().fullState(state);
        } catch (error) {
          if (stopped) return;
          if (isApiError(error, 'staff_login_required', 'staff_forbidden')) {
            stopped = true;
            source?.close();
            onSignedOut();
            return;
          }
          store().setLoadFailed(true);
          reloadTimer = setTimeout(() => void load(), reloadDelayMs);
        }
      })().finally(() => {
        loading = null;
      });
      return loading;
    };

    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    const onOnline = () => {
      store().setOffline(false);
      void load().then(openStream);
    };
    const onOffline = () => store().setOffline(true);

    store().setOffline(!navigator.onLine);
    void load().then(openStream);
    const resync = setInterval(() => void load(), resyncIntervalMs);
    const screenId = tabScreenId();
    void sendHeartbeat(screenId);
    const heartbeat = setInterval(() => void sendHeartbeat(screenId), heartbeatIntervalMs);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(reopenTimer);
      clearTimeout(reloadTimer);
      clearInterval(resync);
      clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [onSignedOut]);
}

function safeJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
