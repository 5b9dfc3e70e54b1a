import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import { preparedParts, type PreparedAnswer } from './prepared-answer.ts';
import { API_SECURITY_HEADERS, HSTS_HEADER, isHttpsIncoming } from '../security-headers.ts';

/**
 * The catalogue's prepared answers served at the server's door
 * (docs/decisions/028-prepared-answers.md): a GET of exactly `/v2/public/menus`, `/settings` or
 * `/offers` whose answer is already made for this instant is written from Node's request
 * listener, before Hono builds a Request, a context and its chain of middleware: on these
 * documents the chain cost more than the answer (a 304 at half of bare Hono's rate).
 *
 * What the chain would have done to such a request, the door does or cannot need: the API's
 * security headers and HSTS (`API_SECURITY_HEADERS`, HSTS over HTTPS: the same constants the
 * middleware put); a GET has no body to limit or check; the path is exact (no query, no `%`) for
 * the text guard; a prepared answer is already compressed. Everything else goes through the app:
 * another method or path (HEAD, a trailing slash, a query), an answer not made yet or due for a
 * check (`answerNow` says so: the catalogue's version, the screens' presence), the server
 * draining (its 503), the request log at debug (one line per request). What it bypasses is listed,
 * with why, in bypassed.ts (`bypassedAtTheDoor`). prepared-door.test.ts checks the door's answers
 * are byte for byte the app's, and that every middleware on their way in the app is on that list.
 */
export interface PreparedDoor<Document extends string> {
  /** The prepared answer of `document` at this instant, or undefined when the app must make or check it. */
  answerNow(document: Document): PreparedAnswer | undefined;
  /** Whether the door may answer now (false while the server drains, or logs every request). */
  isOpen(): boolean;
  /** TRUST_PROXY, for HSTS behind an HTTPS proxy (security-headers.ts `isHttps`). */
  trustProxy: boolean | number;
}

/**
 * A request listener's first step: answers the request and returns true when it is a GET of one
 * of `documents` under `prefix` that `door` can answer now; returns false without touching it otherwise.
 */
export function preparedAtTheDoor<Document extends string>(
  prefix: string,
  documents: readonly Document[],
  door: PreparedDoor<Document>,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const byPath = new Map(documents.map((document) => [`${prefix}${document}`, document]));
  const overHttps = { ...API_SECURITY_HEADERS, ...HSTS_HEADER };
  return (request, response) => {
    if (request.method !== 'GET') return false;
    const document = byPath.get(request.url ?? '');
    if (document === undefined || !door.isOpen()) return false;
    const answer = door.answerNow(document);
    if (!answer) return false;
    const { headers } = request;
    const https = isHttpsIncoming(request, door.trustProxy);
    const parts = preparedParts(answer, headers['accept-encoding'], headers['if-none-match'], https ? overHttps : API_SECURITY_HEADERS);
    response.writeHead(parts.status, parts.headers);
    if (parts.body) response.end(parts.body);
    else response.end();
    return true;
  };
}

/**
 * Node's `createServer` with `door` first in the request listener, for @hono/node-server's `serve`
 * (its `createServer` option): the server (run-server.ts) and the tests' (test/harness.ts) alike.
 */
export function createServerWithDoor(door: ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined): typeof createServer {
  return ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, door ? (request, response) => door(request, response) || listener(request, response) : listener)) as typeof createServer;
}
