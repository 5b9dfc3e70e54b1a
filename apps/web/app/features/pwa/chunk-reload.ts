/** Spec section 8: a chunk that fails to load reloads the page once, with a 10 s guard per path. */
export const chunkReloadGuardMs = 10_000;

/** Last reload time per path (epoch ms), as kept in session storage. */
export type ReloadLog = Record<string, number>;

/**
 * Whether a failed chunk on `path` may reload the page now: not if that path was reloaded for the
 * same reason less than 10 s ago (the new load failed too: reloading again would loop).
 */
export function mayReloadForChunk(log: ReloadLog, path: string, nowMs: number): boolean {
  const last = log[path];
  return last === undefined || nowMs - last >= chunkReloadGuardMs;
}

/** Whether an error is a failed dynamic import of a build chunk (wording differs per browser). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}
