/**
 * Runs `task` once the browser has nothing better to do after the page's first paint: with
 * requestIdleCallback (at most 2 s later), or a 1 s timeout where it is missing (Safari). The
 * storefront preloads there the code its first load leaves out (docs/decisions/027: the dialogs and panels
 * of /menu arrive on demand, yet opening one stays instant).
 * @returns a function that cancels the task if it has not run yet.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 1000);
  return () => window.clearTimeout(timer);
}
