import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { requestErrors } from '@resto/copy/errors/request';
import { ApiError, errorResponse } from './errors.ts';

/**
 * A graceful stop for the HTTP server (docs/decisions/010-crash-safety-and-shutdown.md).
 * `fetch` wraps the app's: it counts the requests being served. From `drain()` on, every new
 * request is answered 503 with a French message and `Connection: close` (nothing done: the client
 * retries, with the same local_id for an order); the answers of requests in flight carry
 * `Connection: close`. Once none is in flight and no request came for 300 ms (or at
 * `deadlineMs`), the listener closes (later connections are refused), idle connections close, and
 * at last every connection left (requests cut at the deadline) is closed.
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
      const { status, body } = errorResponse(new ApiError('server_stopping', requestErrors.serverStopping));
      return new Response(JSON.stringify(body), {
        status,
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
    /** Whether `drain` started: new requests get the 503 (http/fast-path/prepared-door.ts closes then). */
    draining: () => draining,
    /**
     * Stops `server` gracefully (see above). @returns how many requests were still in flight at
     * the deadline (0: every request was answered).
     */
    async drain(server: Server, deadlineMs: number): Promise<number> {
      draining = true;
      const deadline = performance.now() + deadlineMs;
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
        // Quiet for a moment: requests still in socket buffers or connections waiting to be accepted
        // get read and answered (503, close).
        await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs, Math.max(0, deadline - performance.now()))));
      }
      // Only now stop listening: connections already waiting in the kernel's accept queue (a busy
      // event loop accepts late) were answered 503 meanwhile; closing the listener resets them.
      NetServer.prototype.close.call(server);
      // Idle connections close now; a connection whose request is still being read is left to be
      // answered (503) and closed by its own answer, until the deadline.
      server.closeIdleConnections();
      while (performance.now() < deadline && ((await openConnections(server)) > 0 || inFlight > 0)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        server.closeIdleConnections();
      }
      const left = inFlight;
      server.closeAllConnections();
      return left;
    },
  };
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}
