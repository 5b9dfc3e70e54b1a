import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { HttpBindings } from '@hono/node-server';
import type { Context, Next } from 'hono';

/**
 * Answers written once and served many times (docs/decisions/028-prepared-answers.md):
 * the JSON of GET /v2/public/menus, /settings and /offers, serialised and compressed (gzip and
 * brotli) once per content, with a strong ETag per encoding, `If-None-Match` answered 304.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One answer's bytes in each encoding, and the tag of its content. */
export interface PreparedAnswer {
  /** The JSON's SHA-1 in base64url: the same content gives the same tag in every API instance. */
  hash: string;
  identity: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
}

/**
 * Serialises nothing: `json` is the answer's text. Compresses it off the event loop (zlib's thread
 * pool: brotli at its best quality takes tens of milliseconds on the menus), once per content.
 */
export async function prepareJson(json: string): Promise<PreparedAnswer> {
  const identity = Buffer.from(json, 'utf8');
  const [zipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  return { hash: createHash('sha1').update(identity).digest('base64url'), identity, gzip: zipped, br: brotli };
}

type Encoding = 'identity' | 'gzip' | 'br';

/**
 * The encoding to send for an `Accept-Encoding` value: br, else gzip, else identity, by the
 * client's q-values (q=0 refuses; `*` stands for the ones not named). Identity is sent even when
 * refused: every client reads it, and a 406 for a catalogue would help nobody.
 */
function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let cached = encodingByHeader.get(acceptEncoding);
  if (cached === undefined) {
    const q = new Map<string, number>();
    for (const part of acceptEncoding.split(',')) {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      if (!name) continue;
      const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      q.set(name, weight === undefined ? 1 : Number(weight));
    }
    const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
    const br = of('br');
    const gz = Math.max(of('gzip'), q.get('x-gzip') ?? 0);
    cached = br > 0 && br >= gz ? 'br' : gz > 0 ? 'gzip' : 'identity';
    // Browsers send a handful of distinct values: a small memo, emptied when a client sends many.
    if (encodingByHeader.size >= 64) encodingByHeader.clear();
    encodingByHeader.set(acceptEncoding, cached);
  }
  return cached;
}
const encodingByHeader = new Map<string, Encoding>();

/** The strong tag of one encoding of `answer` (RFC 9110: each content coding is its own representation). */
function etagOf(answer: Pick<PreparedAnswer, 'hash'>, encoding: Encoding): string {
  return encoding === 'identity' ? `"${answer.hash}"` : `"${answer.hash}-${encoding}"`;
}

/**
 * Whether `ifNoneMatch` names this content, in any of its encodings (a phone that moved from
 * gzip to br still holds the same document), or is `*`. Weak tags compare equal (RFC 9110, 13.1.2).
 */
function matchesContent(ifNoneMatch: string | undefined, answer: Pick<PreparedAnswer, 'hash'>): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === `"${answer.hash}"` || tag === `"${answer.hash}-gzip"` || tag === `"${answer.hash}-br"`) return true;
  }
  return false;
}

/**
 * Why `no-cache`: a client may keep the document but must ask again before each use, so a price
 * or an opening changed by the restaurant is never shown from a cache; asking costs a 304 without
 * a body while nothing changed. `max-age` of any length would let a phone show an old price.
 */
const revalidateEveryTime = 'no-cache';

declare module 'hono' {
  interface ContextVariableMap {
    /** Headers the middleware put on every answer (security headers, HSTS): see `putHeaders`. */
    answerHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * How a middleware puts `headers` on every answer of the routes it guards (docs/decisions/028: the cost of
 * the chain): a prepared answer writes them into its own plain headers, so that no Headers object
 * is built for it (building one and setting a dozen headers cost more than the route); any other
 * answer gets them set once the route has answered, as before.
 */
export async function putHeaders(c: Context, headers: Readonly<Record<string, string>>, next: Next): Promise<void> {
  const before = c.get('answerHeaders');
  c.set('answerHeaders', before ? { ...before, ...headers } : headers);
  await next();
  if (isPreparedResponse(c.res)) return;
  const target = c.res.headers;
  for (const name in headers) target.set(name, headers[name]!);
}

/** A request header: from Node's parsed headers when served over HTTP (no Headers object built), else from the Request. */
function requestHeader(c: Context, name: 'accept-encoding' | 'if-none-match'): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming ? incoming.headers[name] : c.req.header(name);
}

/**
 * The status, headers and body of `answer` for a request's `Accept-Encoding` and `If-None-Match`:
 * 304 without a body when `If-None-Match` names its content, else 200 with the bytes of the
 * encoding chosen, not copied. `headers`: the middleware's (`putHeaders`: security headers, HSTS).
 * A 200 carries them, ETag, `Vary: Accept-Encoding`, `Cache-Control: no-cache`, its type, encoding
 * and length. A 304 carries ETag, Vary, Cache-Control and HSTS only: RFC 9110 (15.4.5) asks a
 * 304 for the fields that guide the cache's update and no other metadata; the cache keeps the
 * stored answer's other headers (RFC 9111, 4.3.4), security headers included, and there is no
 * body for them to govern.
 */
export function preparedParts(
  answer: PreparedAnswer,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
  headers: Readonly<Record<string, string>> | undefined,
): { status: 200 | 304; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null } {
  const encoding = chooseEncoding(acceptEncoding);
  if (matchesContent(ifNoneMatch, answer)) {
    const hsts = headers?.[hstsName];
    return {
      status: 304,
      headers: {
        ...(hsts === undefined ? {} : { [hstsName]: hsts }),
        ETag: etagOf(answer, encoding),
        Vary: 'Accept-Encoding',
        'Cache-Control': revalidateEveryTime,
      },
      body: null,
    };
  }
  const body = answer[encoding];
  const all: Record<string, string> = {
    ...headers,
    ETag: etagOf(answer, encoding),
    Vary: 'Accept-Encoding',
    'Cache-Control': revalidateEveryTime,
    'Content-Type': 'application/json',
  };
  if (encoding !== 'identity') all['Content-Encoding'] = encoding;
  all['Content-Length'] = String(body.byteLength);
  return { status: 200, headers: all, body };
}
const hstsName = 'Strict-Transport-Security';

/** The answer to a GET of a prepared document (see `preparedParts`), as a Response marked prepared. */
export function preparedResponse(c: Context, answer: PreparedAnswer): Response {
  const parts = preparedParts(answer, requestHeader(c, 'accept-encoding'), requestHeader(c, 'if-none-match'), c.get('answerHeaders'));
  const response = new Response(parts.body, { status: parts.status, headers: parts.headers });
  (response as Marked)[prepared] = true;
  return response;
}

/** The mark of a prepared answer's Response (a property: a WeakSet of every answer would weigh on each garbage collection). */
const prepared = Symbol('prepared answer');
type Marked = Response & { [prepared]?: true };

/** Whether `response` is a prepared answer's (already compressed as the client asked: the server's compress() leaves it). */
export function isPreparedResponse(response: Response): boolean {
  return (response as Marked)[prepared] === true;
}
