import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { checkErrorAnswer } from './harness.ts';

/**
 * Malformed requests for every public endpoint (docs/decisions/014, fuzzing figures): shared by the Vitest
 * test (src/fuzz.test.ts, 200 a endpoint) and bench/fuzz.bench.ts (10,000 a endpoint). Bodies
 * are valid templates with one field broken, or anything at all: wrong types, nulls, huge
 * numbers, deep nesting, long strings, NULs, lone surrogates, bytes that are not UTF-8, wrong
 * content types. Hand-written per endpoint from the zod schemas' shapes (packages/domain).
 */

/** One request to send: the endpoint's name, method, path with its query, headers, body. */
export interface FuzzRequest {
  endpoint: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** Values that break a field: every JSON type, extremes, text the database refuses. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    2 ** 53 + 1,
    2_147_483_648,
    0.1 + 0.2,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\u001b[31m',
    '😀'.repeat(1000),
    'é'.repeat(5000),
    'a'.repeat(100_000),
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '__proto__',
    '1e309',
    'NaN',
    [],
    {},
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.integer(), { maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 50, max: 300 }).map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown),
);

/** Every path of a JSON value down to its leaves and containers: ['customer', 'first_name'], ['items', 0, 'note']… */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((child, index) => pathsOf(child, [...prefix, index]))];
  if (value && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key]))];
  return [prefix];
}

/** A deep copy of `template` with the value at `path` replaced (the root when path is empty). */
function replaceAt(template: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = JSON.parse(JSON.stringify(template)) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

/** Plausible text with a NUL, another control character or a lone surrogate inside. */
const brokenText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0007', '\u001f', '\u007f'), fc.string({ maxLength: 20 }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** A body as text or bytes: a broken template, anything, deep nesting, invalid UTF-8, truncated JSON. */
function bodyArbitrary(template: Record<string, unknown>): fc.Arbitrary<string | Uint8Array> {
  const paths = pathsOf(template).filter((path) => path.length > 0);
  const extra: (string | number)[][] = [['__proto__'], ['constructor'], ['extra']];
  // One field anywhere in the template (customer.first_name, items.0.note…) replaced by a nasty value.
  const brokenField = fc
    .record({ path: fc.constantFrom(...paths, ...extra), value: fc.oneof(nasty, brokenText) })
    .map(({ path, value }) => JSON.stringify(replaceAt(template, path, value)));
  const brokenNested = fc
    .jsonValue({ maxDepth: 6 })
    .map((value) => JSON.stringify({ ...template, ...(typeof value === 'object' && value && !Array.isArray(value) ? value : { value }) }));
  return fc.oneof(
    { weight: 5, arbitrary: brokenField },
    { weight: 2, arbitrary: brokenNested },
    { weight: 2, arbitrary: nasty.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 150_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 300 }) },
    { weight: 1, arbitrary: fc.constantFrom(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), new Uint8Array([0xff, 0xfe, 0x00, 0x7b])) },
    { weight: 1, arbitrary: fc.nat({ max: 200 }).map((cut) => JSON.stringify(template).slice(0, cut)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );
}

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '') },
);

/** A query or path value: anything a URL can carry, percent-encoded, or raw broken escapes. */
const queryValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))),
  fc.constantFrom('%00', 'a%00b', '%ff%fe', '%E0%A4%A', '%', '%%', '-1', '0', '1e309', '99999999999999999999', 'null', '%F0%9F%98%80', 'x'.repeat(5_000)),
  fc.integer().map(String),
);

interface Endpoint {
  name: string;
  method: string;
  /** The path, or a path with a fuzzed segment. */
  path: fc.Arbitrary<string>;
  /** The query parameters it reads. */
  query?: string[];
  /** A valid body, broken by the arbitraries. */
  body?: Record<string, unknown>;
}

const fixed = (path: string) => fc.constant(path);

/**
 * The public endpoints of spec section 7 and their neighbours, with a valid body of each
 * (`order` is a valid order of the demo menu, built by the caller at the server's clock).
 */
export function fuzzEndpoints(order: Record<string, unknown>): Endpoint[] {
  const account = { first_name: 'Lucie', last_name: 'Martin', phone: '06 11 22 33 44', email: 'lucie@example.fr', password: 'Pizza-du-jeudi-2026' };
  return [
    { name: 'GET /v2/health', method: 'GET', path: fixed('/v2/health') },
    { name: 'GET /v2/public/settings', method: 'GET', path: fixed('/v2/public/settings') },
    { name: 'GET /v2/public/menus', method: 'GET', path: fixed('/v2/public/menus') },
    { name: 'GET /v2/public/offers', method: 'GET', path: fixed('/v2/public/offers') },
    { name: 'GET /v2/public/offers/{coupon}', method: 'GET', path: queryValue.map((v) => `/v2/public/offers/${v || 'x'}`) },
    { name: 'GET /v2/public/products/{item_menu_id}', method: 'GET', path: queryValue.map((v) => `/v2/public/products/${v || 'x'}`) },
    { name: 'POST /v2/public/checkout/', method: 'POST', path: fixed('/v2/public/checkout/'), body: order },
    { name: 'PUT /v2/public/checkout/', method: 'PUT', path: fixed('/v2/public/checkout/'), body: { order_id: 1001, status: 'pending', transaction_id: null, secret: 'x' } },
    { name: 'GET /v2/public/checkout/{order_id}', method: 'GET', path: queryValue.map((v) => `/v2/public/checkout/${v || '1001'}`), query: ['local_id'] },
    { name: 'GET /v2/public/checkout/payment-config', method: 'GET', path: fixed('/v2/public/checkout/payment-config') },
    { name: 'POST stripe-customer', method: 'POST', path: fixed('/v2/public/checkout/stripe-customer'), body: { email: 'marie@example.fr', name: 'Marie Dupont', phone: '' } },
    {
      name: 'POST stripe-payment-intent',
      method: 'POST',
      path: fixed('/v2/public/checkout/stripe-payment-intent'),
      body: { order_id: 1001, customer_id: 'cus_x', amount: 10, payment_intent_id: null, secret: 'x' },
    },
    { name: 'POST stripe-webhook', method: 'POST', path: fixed('/v2/public/checkout/stripe-webhook'), body: { id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } } },
    {
      name: 'POST test-processor/confirm',
      method: 'POST',
      path: fixed('/v2/public/checkout/test-processor/confirm'),
      body: { client_secret: 'pi_1_secret_x', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    },
    { name: 'POST test-processor/authenticate', method: 'POST', path: fixed('/v2/public/checkout/test-processor/authenticate'), body: { client_secret: 'pi_1_secret_x', approve: true } },
    { name: 'GET /v2/public/locations/', method: 'GET', path: fixed('/v2/public/locations/'), query: ['query'] },
    { name: 'GET /v2/public/locations/distance', method: 'GET', path: fixed('/v2/public/locations/distance'), query: ['location'] },
    { name: 'POST /v2/recommendations', method: 'POST', path: fixed('/v2/recommendations'), body: { cartItems: [105, 121], maxRecommendations: 5 } },
    { name: 'GET /v2/public/recommendations/popular', method: 'GET', path: fixed('/v2/public/recommendations/popular'), query: ['limit'] },
    { name: 'POST auth/signup', method: 'POST', path: fixed('/v2/public/auth/signup/'), body: account },
    { name: 'POST auth/login', method: 'POST', path: fixed('/v2/public/auth/login/'), body: { email: account.email, password: account.password } },
    { name: 'GET auth/verify-otp', method: 'GET', path: fixed('/v2/public/auth/verify-otp/'), query: ['otp', 'email'] },
    { name: 'GET auth/send-otp', method: 'GET', path: fixed('/v2/public/auth/send-otp/'), query: ['email'] },
    { name: 'POST auth/reset-password', method: 'POST', path: fixed('/v2/public/auth/reset-password/'), body: { email: account.email, otp: '123456', password: account.password } },
    { name: 'POST auth/logout', method: 'POST', path: fixed('/v2/public/auth/logout/'), body: {} },
    { name: 'GET auth/profile', method: 'GET', path: fixed('/v2/public/auth/profile'), query: ['token', 'user_id'] },
    { name: 'PATCH auth/update-profile', method: 'PATCH', path: fixed('/v2/public/auth/update-profile'), query: ['token', 'user_id'], body: { first_name: 'A', last_name: 'B', phone: '', address: null } },
    { name: 'GET auth/orders', method: 'GET', path: fixed('/v2/public/auth/orders'), query: ['token', 'user_id', 'page', 'limit'] },
    {
      name: 'POST auth/change-password',
      method: 'POST',
      path: fixed('/v2/public/auth/change-password'),
      body: { current_password: account.password, password: 'Autre-mot-de-passe-1', password_confirmation: 'Autre-mot-de-passe-1' },
    },
    { name: 'DELETE auth/delete-profile', method: 'DELETE', path: fixed('/v2/public/auth/delete-profile/'), body: { token: 'x', user_id: 1, password: 'x', password_confirmation: 'x' } },
  ];
}

/** `count` malformed requests for `endpoint`, reproducible from `seed`. */
export function fuzzRequests(endpoint: Endpoint, count: number, seed: number): FuzzRequest[] {
  const query = endpoint.query?.length
    ? fc.array(fc.tuple(fc.constantFrom(...endpoint.query, 'extra'), queryValue), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))
    : fc.constant('');
  const headers = fc.record({
    contentType: contentTypes,
    auth: fc.option(fc.oneof(fc.constant('Bearer x'), fc.string({ maxLength: 30 }).map((s) => `Bearer ${s.replace(/[^\x21-\x7e]/g, 'a')}`)), { nil: undefined }),
    forwarded: fc.option(fc.constantFrom('203.0.113.7', '::1', 'x, y, 198.51.100.2', '', 'a'.repeat(500)), { nil: undefined }),
  });
  const body = endpoint.body ? bodyArbitrary(endpoint.body) : fc.option(fc.constantFrom('{}', 'x', '\u0000'), { nil: undefined });
  const request = fc.record({ path: endpoint.path, query, headers, body }).map(({ path, query: q, headers: h, body: b }) => {
    const all: Record<string, string> = {};
    if (h.contentType) all['Content-Type'] = h.contentType;
    if (h.auth) all.Authorization = h.auth;
    if (h.forwarded !== undefined) all['X-Forwarded-For'] = h.forwarded;
    return { endpoint: endpoint.name, method: endpoint.method, path: q ? `${path}?${q}` : path, headers: all, body: b ?? undefined } satisfies FuzzRequest;
  });
  return fc.sample(request, { numRuns: count, seed });
}

/**
 * One request on its own connection (node:http, no keep-alive: an early answer such as 413 must
 * not spoil the next request's socket), the body sent whatever the method.
 */
function send(baseUrl: string, request: FuzzRequest, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : Buffer.from(request.body);
    const req = httpRequest(
      new URL(request.path, baseUrl),
      { method: request.method, headers: { ...request.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) }, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Per endpoint: answers by status class, the 5xx seen (status, path, body start), and the error answers without a code. */
export interface FuzzTally {
  endpoint: string;
  classes: Record<'2xx' | '3xx' | '4xx' | '5xx' | 'failed', number>;
  serverErrors: string[];
  /** Error answers that are not the contract's envelope with a code of that status (checkErrorAnswer). */
  uncoded: string[];
  maxMs: number;
}

/** The reason an error answer breaks the contract's envelope (a code of the enum, of that status), or null. */
function uncodedReason(status: number, text: string): string | null {
  try {
    checkErrorAnswer('', status, JSON.parse(text));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Sends `requests` to `baseUrl`, `concurrency` at a time; a request without an answer within
 * `timeoutMs` counts as failed (a hang). @returns the tally of the endpoint.
 */
export async function sendFuzz(baseUrl: string, endpoint: string, requests: FuzzRequest[], concurrency = 8, timeoutMs = 15_000): Promise<FuzzTally> {
  const tally: FuzzTally = { endpoint, classes: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, failed: 0 }, serverErrors: [], uncoded: [], maxMs: 0 };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const started = performance.now();
      try {
        const { status, text } = await send(baseUrl, request, timeoutMs);
        const kind = `${Math.floor(status / 100)}xx` as keyof FuzzTally['classes'];
        tally.classes[kind] = (tally.classes[kind] ?? 0) + 1;
        const reason = status >= 400 ? uncodedReason(status, text) : null;
        if (reason) tally.uncoded.push(`${status} ${request.method} ${request.path.slice(0, 120)}: ${reason.slice(0, 200)}`);
        if (status >= 500) tally.serverErrors.push(`${status} ${request.method} ${request.path.slice(0, 120)} ${String(request.body ?? '').slice(0, 120)} → ${text.slice(0, 200)}`);
      } catch (error) {
        tally.classes.failed += 1;
        tally.serverErrors.push(`failed ${request.method} ${request.path.slice(0, 120)}: ${error instanceof Error ? error.message : String(error)}`);
      }
      tally.maxMs = Math.max(tally.maxMs, performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return tally;
}
