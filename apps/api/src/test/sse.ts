/**
 * A Server-Sent Events client over fetch, for tests and benches (docs/decisions/021): it reads a
 * real stream from the real server and parses it as the HTML standard's EventSource does
 * (fields `event`, `id`, `data`, `retry`; comments starting with ':'; a blank line ends an event).
 */

/** One event received. `receivedAt`: performance.now() when its blank line arrived. */
interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
  receivedAt: number;
}

export interface SseClient {
  /** The answer's status and headers. */
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** Comments received (': ping' …), without the colon. */
  comments: string[];
  /** The last `retry:` value received, ms. */
  retry: number | undefined;
  /** The last event id received (what a browser sends as Last-Event-ID). */
  lastEventId: string | undefined;
  /** Resolves once `count` events in all were received (rejects after `timeoutMs` or if the stream ends first). */
  waitForEvents(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Resolves once a comment matching `pattern` arrived. */
  waitForComment(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Cuts the connection (as a network loss would). */
  close(): void;
}

export interface SseOptions {
  headers?: Record<string, string>;
  lastEventId?: string;
}

/**
 * Opens `url` as an event stream. @returns the client once the answer's headers arrived; for a
 * non-200 answer the body is read and kept in `errorBody`, and no event will come.
 */
export async function openSse(url: string, options: SseOptions = {}): Promise<SseClient & { errorBody?: string }> {
  const controller = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = options.lastEventId;
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  let done = false;
  const client: SseClient & { errorBody?: string } = {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    retry: undefined,
    lastEventId: undefined,
    ended: Promise.resolve(),
    close: () => controller.abort(),
    waitForEvents: (count, timeoutMs = 10_000) => waitFor(() => (events.length >= count ? events.slice(0, count) : undefined), timeoutMs, `${count} événements (reçus : ${events.length})`),
    waitForComment: (pattern, timeoutMs = 10_000) => waitFor(() => comments.find((c) => pattern.test(c)), timeoutMs, `un commentaire ${pattern}`),
  };
  function waitFor<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value !== undefined) {
          cleanup();
          resolve(value);
        } else if (done) {
          cleanup();
          reject(new Error(`flux terminé avant ${what}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`délai dépassé en attendant ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }
  if (response.status !== 200 || !response.body) {
    client.errorBody = await response.text();
    done = true;
    return client;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    let pending = '';
    let current: { event: string; id: string | undefined; data: string[] } = { event: 'message', id: undefined, data: [] };
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        pending += value;
        const lines = pending.split(/\r\n|\r|\n/);
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '') {
            if (current.data.length > 0) {
              events.push({ event: current.event, id: current.id, data: current.data.join('\n'), receivedAt: performance.now() });
              if (current.id !== undefined) client.lastEventId = current.id;
            }
            current = { event: 'message', id: undefined, data: [] };
            continue;
          }
          if (line.startsWith(':')) {
            comments.push(line.slice(1).trim());
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const raw = colon === -1 ? '' : line.slice(colon + 1);
          const fieldValue = raw.startsWith(' ') ? raw.slice(1) : raw;
          if (field === 'event') current.event = fieldValue;
          else if (field === 'data') current.data.push(fieldValue);
          else if (field === 'id') current.id = fieldValue;
          else if (field === 'retry' && /^\d+$/.test(fieldValue)) client.retry = Number(fieldValue);
        }
        wake();
      }
    } catch {
      // cut by close(), or by the server
    } finally {
      done = true;
      wake();
    }
  })();
  return client;
}
