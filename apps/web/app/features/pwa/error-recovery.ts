import { useEffect } from 'react';
import { isChunkLoadError, mayReloadForChunk, type ReloadLog } from './chunk-reload.ts';

const chunkLogKey = 'chunk-reload-log';
const offlineLogKey = 'offline-reload-log';

/**
 * Reloads the page once when a build chunk failed to load (a new version replaced the old files),
 * with a 10 s guard per path kept in session storage so a broken deploy cannot loop (spec section 8).
 * @returns whether a reload was started.
 */
export function reloadForChunkError(): boolean {
  return guardedReload(chunkLogKey);
}

/** Reloads unless this path was reloaded for the same reason (log key) less than 10 s ago. */
function guardedReload(reloadLogKey: string): boolean {
  const path = window.location.pathname;
  let log: ReloadLog = {};
  try {
    log = JSON.parse(sessionStorage.getItem(reloadLogKey) ?? '{}') as ReloadLog;
  } catch {
    log = {};
  }
  const now = Date.now();
  if (!mayReloadForChunk(log, path, now)) return false;
  try {
    sessionStorage.setItem(reloadLogKey, JSON.stringify({ ...log, [path]: now }));
  } catch {
    // Without session storage the guard cannot hold: do not risk a reload loop.
    return false;
  }
  window.location.reload();
  return true;
}

/** In an error boundary: a chunk error reloads the page (once per path and 10 s). */
export function useChunkErrorRecovery(error: unknown): void {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
}

/**
 * In an error boundary: a client navigation that failed because the network is gone becomes a
 * document load, which the service worker answers from its cache or with /offline.
 */
export function useOfflineRecovery(): void {
  useEffect(() => {
    if (!navigator.onLine && navigator.serviceWorker?.controller) guardedReload(offlineLogKey);
  }, []);
}
