import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { messages } from '@resto/domain/messages';

/**
 * A graceful stop for the HTTP server (issue 17, docs/decisions/010-crash-safety-and-shutdown.md).
 * `fetch` wraps the app's: it counts the requests being served. `drain()` then stops accepting
 * connections, closes the idle keep-alive ones, answers any request arriving on an open
 * connection 503 with a French message (nothing done: the client retries, with the same local_id
 * for an order), marks the answers of requests still in flight `Connection: close`, and resolves
 * once they are all answered and no request came for 300 ms, or at `deadlineMs`; then every
 * connection left (idle keep-alive ones, or requests cut at the deadline) is closed.
 */
export function createDrain<F extends (request: Request, ...rest: never[]) => Response | Promise<Response>>(fetch: F) {
  let inFlight = 0;
  let draining = false;
  let idle: (() => void) | undefined;
  let served = 0; // requests received, in flight or refused
  const quietMs = 300;

  const closing = (response: Response): Response => {
    try {
      response.headers.set('Connection', 'close');
      return response;
    } catch {
      // immutable headers (a fetched response): copy it
      const copy = new Response(response.body, response);
      copy.headers.set('Connection', 'close');
      return copy;
    }
  };

  const wrapped = (async (request: Request, ...rest: never[]) => {
    served += 1;
    if (draining) {
      return new Response(JSON.stringify({ status: 'error', message: messages.serverStopping, errors: [] }), {
        status: 503,
        headers: { 'Content-Type': 'application/json; charset=UTF-8', Connection: 'close', 'Retry-After': '5' },
      });
    }
    inFlight += 1;
    try {
      const response = await fetch(request, ...rest);
      return draining ? closing(response) : response;
    } finally {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    }
  }) as F;

  return {
    fetch: wrapped,
    /** Requests being served now. */
    inFlight: () => inFlight,
    /**
     * Stops `server` gracefully (the closing of idle connections happens last, see above). @returns how many requests were still in flight at the deadline
     * (0: every request was answered).
     */
    async drain(server: Server, deadlineMs: number): Promise<number> {
      draining = true;
      const deadline = performance.now() + deadlineMs;
      // Stop listening, but keep the open connections: http.Server#close would also close the
      // "idle" ones, among them those whose next request is already in the socket's buffer, unread
      // while the event loop is busy, and that request would be reset instead of answered.
      NetServer.prototype.close.call(server);
      let seen = -1;
      while (performance.now() < deadline && (inFlight > 0 || seen !== served)) {
        seen = served;
        if (inFlight > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
            idle = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          idle = undefined;
        }
        // Quiet for a moment: requests still in socket buffers get read and answered (503, close).
        await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs, Math.max(0, deadline - performance.now()))));
      }
      const left = inFlight;
      server.closeAllConnections();
      return left;
    },
  };
}
