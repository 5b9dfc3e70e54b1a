import { monitorEventLoopDelay } from 'node:perf_hooks';

/** A logger's warning, as pino's `logger.warn(object, message)`. */
interface WarnLogger {
  warn: (details: Record<string, unknown>, message: string) => void;
}

/**
 * Warns when the event loop was held longer than `thresholdMs` (milliseconds) within a window of
 * `windowMs`: every request waited that long, whatever it was. PGlite runs in this thread, so a
 * long query or VACUUM stalls the whole server (docs/decisions/026); the warning names the
 * worst delay in the window (`blockedMs`), so an operator, or a CI log with a failed browser test
 * (docs/decisions/010), can tell a stalled server from a slow network. Measured with Node's
 * `monitorEventLoopDelay` (10 ms resolution). @returns a function that stops the watch.
 */
export function watchEventLoop(logger: WarnLogger, options: { thresholdMs?: number; windowMs?: number } = {}): () => void {
  const thresholdMs = options.thresholdMs ?? 1000;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    const blockedMs = Math.round(histogram.max / 1e6);
    histogram.reset();
    if (blockedMs > thresholdMs) logger.warn({ blockedMs, thresholdMs }, `boucle d’événements bloquée ${blockedMs} ms : les requêtes ont attendu`);
  }, options.windowMs ?? 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}
