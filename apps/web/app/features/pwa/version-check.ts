/** docs/decisions/016, section 4.5: /builds/latest.json is polled hourly (spec section 9's one-hour constant) and when the tab is shown again. */
export const versionPollMs = 3_600_000;

/** What the build writes to /builds/latest.json. */
export interface BuildInfo {
  id: string;
  timestamp: number;
}

/** Reads a /builds/latest.json body; null when it is not one (a proxy's error page, a partial deploy). */
export function parseBuildInfo(body: unknown): BuildInfo | null {
  if (typeof body !== 'object' || body === null) return null;
  const { id, timestamp } = body as { id?: unknown; timestamp?: unknown };
  return typeof id === 'string' && id !== '' && typeof timestamp === 'number' ? { id, timestamp } : null;
}

/** A new version is out when the published build id differs from the running one. */
export function isNewBuild(runningId: string, latest: BuildInfo | null): boolean {
  return latest !== null && latest.id !== runningId;
}

const newBuildListeners = new Set<() => void>();

/**
 * Calls `listener` when the page learns that a new build is published (use-app-runtime.ts's poll
 * of /builds/latest.json): the service worker hook then asks for the new worker at once.
 * @returns the unsubscribe function.
 */
export function onNewBuild(listener: () => void): () => void {
  newBuildListeners.add(listener);
  return () => void newBuildListeners.delete(listener);
}

/** Tells the listeners of onNewBuild that a new build is out. */
export function announceNewBuild(): void {
  for (const listener of newBuildListeners) listener();
}
