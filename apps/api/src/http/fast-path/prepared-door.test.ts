import type { IncomingHttpHeaders } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '../../logger.ts';
import { createApp } from '../../app.ts';
import { serverApp } from '../../run-server.ts';
import { rawRequest, startTestServer, type TestServer } from '../../test/harness.ts';
import { bypassedAtTheDoor, middlewareName } from './bypassed.ts';

/**
 * The catalogue's prepared answers at the server's door (http/fast-path/prepared-door.ts; docs/decisions/028): for
 * every request the door answers, the same status, headers and bytes as the app gives the same
 * request with no door (a second server on the same demo and clock); the requests it must leave to
 * the app (HEAD, a trailing slash, a query, another path) reach the app; and no door while each
 * request is logged. And every middleware the server's app would run before such a document's
 * handler is on the door's list of what it bypasses (bypassed.ts), in order.
 */

const now = new Date('2026-11-24T12:30:00+01:00'); // Tuesday lunch: the demo is open
let withDoor: TestServer;
let withoutDoor: TestServer;

beforeAll(async () => {
  [withDoor, withoutDoor] = await Promise.all([startTestServer({ clock: () => now }), startTestServer({ clock: () => now, door: false })]);
}, 60_000);
afterAll(async () => {
  await withDoor?.close();
  await withoutDoor?.close();
});

const send = (server: TestServer, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${server.baseUrl}${path}`, headers, method);

/** Headers compared: all but the date and the connection's own. */
const compared = (headers: IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

const documents = ['/v2/public/menus', '/v2/public/settings', '/v2/public/offers'];

describe.each(documents)('GET %s', (path) => {
  test('the door answers as the app does: every encoding, 304 and 200 on If-None-Match, HSTS behind an HTTPS proxy', async () => {
    // The first request of each server prepares the answer (through the app).
    await send(withDoor, path);
    await send(withoutDoor, path);
    const tags = new Map<string, string>();
    for (const encoding of ['', 'gzip', 'br', 'gzip, deflate, br', 'br;q=0, gzip', 'deflate']) {
      const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {};
      const expected = await send(withoutDoor, path, headers);
      expect(expected.status).toBe(200);
      tags.set(encoding, expected.headers.etag!);
      const before = withDoor.doorAnswers();
      const answer = await send(withDoor, path, headers);
      expect(withDoor.doorAnswers()).toBe(before + 1);
      expect(answer.status).toBe(200);
      expect(compared(answer.headers)).toEqual(compared(expected.headers));
      expect(answer.body.equals(expected.body)).toBe(true);
    }
    const cases: Record<string, string>[] = [
      { 'If-None-Match': tags.get('')! },
      { 'If-None-Match': tags.get('gzip')!, 'Accept-Encoding': 'br' },
      { 'If-None-Match': `W/${tags.get('br')!}, "other"`, 'Accept-Encoding': 'br' },
      { 'If-None-Match': '"not-this-one"', 'Accept-Encoding': 'gzip' },
      { 'If-None-Match': '*' },
      { 'X-Forwarded-Proto': 'https', 'Accept-Encoding': 'br' },
      { 'X-Forwarded-Proto': 'https', 'If-None-Match': tags.get('')! },
    ];
    for (const headers of cases) {
      const expected = await send(withoutDoor, path, headers);
      const before = withDoor.doorAnswers();
      const answer = await send(withDoor, path, headers);
      expect(withDoor.doorAnswers()).toBe(before + 1);
      expect([answer.status, compared(answer.headers)]).toEqual([expected.status, compared(expected.headers)]);
      expect(answer.body.equals(expected.body)).toBe(true);
    }
    // Over HTTPS (behind the trusted proxy) HSTS is there, 304 included.
    expect((await send(withDoor, path, { 'X-Forwarded-Proto': 'https', 'If-None-Match': tags.get('')! })).headers['strict-transport-security']).toMatch(/max-age=/);
  });

  test('HEAD, a trailing slash and a query go through the app, and are answered', async () => {
    const before = withDoor.doorAnswers();
    const head = await send(withDoor, path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect((await send(withDoor, `${path}/`)).status).toBe(200);
    expect((await send(withDoor, `${path}?x=1`)).status).toBe(200);
    expect(withDoor.doorAnswers()).toBe(before);
  });
});

test('another path under /v2/public is never answered at the door', async () => {
  const before = withDoor.doorAnswers();
  expect((await send(withDoor, '/v2/public/offers/BIENVENUE')).status).not.toBe(0);
  expect((await send(withDoor, '/v2/public/menu')).status).toBe(404);
  expect(withDoor.doorAnswers()).toBe(before);
});

test('no door while each request is logged (LOG_LEVEL=debug): the request log sees every request', async () => {
  const lines: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => lines.push(line) });
  const logged = await startTestServer({ clock: () => now, logger });
  try {
    await send(logged, '/v2/public/menus');
    await send(logged, '/v2/public/menus');
    expect(logged.doorAnswers()).toBe(0);
    expect(lines.filter((line) => line.includes('"path":"/v2/public/menus"'))).toHaveLength(2);
  } finally {
    await logged.close();
  }
});

/**
 * The middleware Hono runs before the handler of GET `path` in `app` (its router's match, in
 * order), each by its registered name (bypassed.ts `namedMiddleware`), else « unnamed METHOD path ».
 */
function middlewareBefore(app: ReturnType<typeof createApp>, path: string): string[] {
  const [matched] = app.router.match('GET', path);
  const chain = matched.map(([[handler, route]]) => ({ handler, route }));
  const own = chain.findLastIndex(({ route }) => route.method === 'GET' && route.path === path);
  expect(own, `GET ${path} has its own handler`).toBeGreaterThan(0);
  return chain.slice(0, own).map(({ handler, route }) => middlewareName(handler) ?? `unnamed ${route.method} ${route.path}`);
}

const bypassed = bypassedAtTheDoor.map((entry) => entry.middleware);

test.each(documents)('every middleware on the way to GET %s in the server\'s app is on the list of what the door bypasses', (path) => {
  expect(middlewareBefore(serverApp(withDoor.deps), path)).toEqual(bypassed);
});

test('a middleware added before the documents and not on the list is found', () => {
  const probe: MiddlewareHandler = (_c, next) => next();
  const app = createApp(withDoor.deps, { first: [probe] });
  expect(middlewareBefore(app, '/v2/public/menus')).toEqual(['unnamed ALL /*', ...bypassed.filter((name) => name !== 'compress')]);
});
