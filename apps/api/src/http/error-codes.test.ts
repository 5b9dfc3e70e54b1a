import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorCodes, errorStatus, type ErrorCode } from '@resto/contract/errors';
import { requestErrors } from '@resto/copy/errors/request';
import { createApp, createDeps } from '../app.ts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { buildOrderPayload, checkErrorAnswer, errorOf, postOrder, request, sendJson, startTestServer, type TestServer } from '../test/harness.ts';
import { createDrain } from './drain.ts';

/**
 * docs/decisions/018: every error answer of the API carries a stable code of one enum
 * (packages/contract/src/errors.ts), whose HTTP status is looked up in one place (errorResponse in
 * http/errors.ts). Here: each code of the enum is thrown somewhere in apps/api/src, no error is
 * thrown or answered without one, and the error paths that are not a route's (unknown path, body
 * too large, invalid JSON, text guard, drain, database down, internal error) answer with their code
 * over real HTTP. Every other test's error answers are checked by the harness (`request` runs
 * checkErrorAnswer on each), and the fuzzing test checks every malformed request's answer.
 */

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));
const silent = createLogger('silent');

/** The API's source files, tests and test helpers left out. */
function sourceFiles(dir = sourceRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Each code with its throw sites: `new ApiError('code'`, the auth service's `refused('code'`, a
 * subclass's `super('code'`, and the codes returned by a function declared `): ErrorCode {` that a
 * throw calls (the order service's couponRefusalCode).
 */
function thrownCodes(): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    const add = (code: string, index: number) => {
      const line = text.slice(0, index).split('\n').length;
      sites.set(code, [...(sites.get(code) ?? []), `${relative(sourceRoot, file)}:${line}`]);
    };
    for (const match of text.matchAll(/(?:new ApiError|\brefused|\bsuper)\(\s*'([a-z_]+)'/g)) add(match[1]!, match.index);
    for (const helper of text.matchAll(/function \w+\([^)]*\): ErrorCode \{[\s\S]*?\n\}/g))
      for (const match of helper[0].matchAll(/return '([a-z_]+)'/g)) add(match[1]!, helper.index + match.index);
  }
  return sites;
}

describe('the code enum against the source (static scan of apps/api/src)', () => {
  const sites = thrownCodes();

  test('every code of the enum is thrown somewhere', () => {
    expect(errorCodes.filter((code) => !sites.has(code))).toEqual([]);
  });

  test('every code thrown is in the enum', () => {
    expect([...sites.keys()].filter((code) => !(errorCodes as string[]).includes(code))).toEqual([]);
  });

  test('no ApiError is built from anything but a code, and no error envelope is written by hand outside http/errors.ts', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(file, 'utf8');
      const name = relative(sourceRoot, file);
      // A literal code, the `code` parameter of a helper typed ErrorCode (the auth service's `refused`), or a call of an `…Code(` function.
      for (const match of text.matchAll(/new ApiError\(\s*(?!'[a-z_]+'|code\b|\w+Code\()(\S{1,12})/g)) offenders.push(`${name}: new ApiError(${match[1]}…`);
      const code = text
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n');
      if (name !== join('http', 'errors.ts') && /status:\s*'error'/.test(code)) offenders.push(`${name}: an error envelope written by hand`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('error answers over real HTTP carry their code, with the status of that code', () => {
  let server: TestServer;
  // Friday 28 November 2025, 12:00 in Paris: the demo restaurant is open.
  const now = new Date('2025-11-28T11:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
  });
  afterAll(async () => server?.close());

  /** `request` already checked the envelope against the contract; here the expected code too. */
  async function expectCode(response: Promise<Awaited<ReturnType<typeof request>>>, code: ErrorCode) {
    const answer = await response;
    expect(answer.status).toBe(errorStatus[code]);
    expect(errorOf(answer).code).toBe(code);
    return errorOf(answer);
  }

  test('not_found: an unknown path under /v2', async () => {
    await expectCode(request(server.baseUrl, '/v2/nulle-part'), 'not_found');
  });

  test('invalid_json and invalid_request: a body that is not JSON, a field that is wrong', async () => {
    await expectCode(
      request(server.baseUrl, '/v2/public/checkout/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"local_id":' }),
      'invalid_json',
    );
    const wrong = await expectCode(
      sendJson(server.baseUrl, 'POST', '/v2/public/checkout/stripe-customer', { email: 'pas-un-email', name: 'Marie' }),
      'invalid_request',
    );
    expect(wrong.errors[0]?.path).toBe('email');
  });

  test('invalid_text: a NUL in a field', async () => {
    await expectCode(
      sendJson(server.baseUrl, 'POST', '/v2/public/checkout/stripe-customer', { email: 'marie@example.fr', name: 'Ma\u0000rie' }),
      'invalid_text',
    );
  });

  test('body_too_large: over 1 MB, with Connection: close', async () => {
    const answer = await request(server.baseUrl, '/v2/public/checkout/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(1_100_000) }),
    });
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toMatchObject({ code: 'body_too_large', message: requestErrors.bodyTooLarge });
    expect(answer.headers.get('connection')).toBe('close');
  });

  test('coupon_not_found on GET /offers/{coupon} (404), coupon_unknown on an order naming it (422)', async () => {
    await expectCode(request(server.baseUrl, '/v2/public/offers/PASUNCODE'), 'coupon_not_found');
    const payload = await buildOrderPayload(server);
    await expectCode(postOrder(server.baseUrl, { ...payload, coupon: 'PASUNCODE' }), 'coupon_unknown');
  });

  test('prices_changed carries the fresh totals as payload', async () => {
    const payload = await buildOrderPayload(server);
    const error = await expectCode(postOrder(server.baseUrl, { ...payload, total: payload.total + 1 }), 'prices_changed');
    expect(error.payload).toMatchObject({ total: payload.total });
  });

  test('order_not_found, order_proof_required', async () => {
    await expectCode(
      sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: 999_999, transaction_id: null, status: 'pending' }),
      'order_not_found',
    );
    const payload = await buildOrderPayload(server);
    const placed = await postOrder(server.baseUrl, payload);
    const orderId = (placed.body as { payload: { order_id: number } }).payload.order_id;
    // A PUT that would write (a transaction_id): one that changes nothing needs no proof (docs/decisions/014).
    await expectCode(
      sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: orderId, transaction_id: 'caisse-1', status: 'pending' }),
      'order_proof_required',
    );
  });

  test('login_required, session_expired', async () => {
    await expectCode(request(server.baseUrl, '/v2/public/auth/profile'), 'login_required');
    await expectCode(request(server.baseUrl, '/v2/public/auth/profile?token=inconnu&user_id=1'), 'session_expired');
  });

  test('payment_webhook_refused, payment_intent_unknown, receipt_not_found', async () => {
    await expectCode(
      request(server.baseUrl, '/v2/public/checkout/stripe-webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
        body: '{}',
      }),
      'payment_webhook_refused',
    );
    await expectCode(
      sendJson(server.baseUrl, 'POST', '/v2/public/checkout/test-processor/authenticate', { client_secret: 'pi_x_secret_y', approve: true }),
      'payment_intent_unknown',
    );
    await expectCode(request(server.baseUrl, `/v2/public/receipts/${'a'.repeat(32)}`), 'receipt_not_found');
  });

  test('checkErrorAnswer refuses an envelope without a code, with an unknown code, or with another status than its code’s', () => {
    expect(() => checkErrorAnswer('t', 404, { status: 'error', message: 'x', errors: [] })).toThrow(/envelope/);
    expect(() => checkErrorAnswer('t', 404, { status: 'error', code: 'pas_un_code', message: 'x', errors: [] })).toThrow(/envelope/);
    expect(() => checkErrorAnswer('t', 400, { status: 'error', code: 'not_found', message: 'x', errors: [] })).toThrow(/whose status is 404/);
    expect(() => checkErrorAnswer('t', 404, { status: 'error', code: 'not_found', message: 'x', errors: [] })).not.toThrow();
  });
});

describe('error answers outside the routes', () => {
  /** Serves `fetch` on 127.0.0.1 and a free port. */
  function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ server: Server; baseUrl: string }> {
    return new Promise((resolve) => {
      const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({ server: server as Server, baseUrl: `http://127.0.0.1:${info.port}` }),
      ) as Server;
    });
  }

  test('server_stopping: a request during the drain answers 503 with its code and Retry-After', async () => {
    const drain = createDrain(() => new Response('{}'));
    const { server, baseUrl } = await listen(drain.fetch);
    const stopping = drain.drain(server, 2_000);
    const answer = await request(baseUrl, '/v2/health', { headers: { Connection: 'close' } });
    expect(answer.status).toBe(503);
    expect(errorOf(answer)).toMatchObject({ code: 'server_stopping', message: requestErrors.serverStopping });
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await stopping).toBe(0);
  });

  test('database_unavailable on /v2/health and internal_error elsewhere when the database refuses connections', async () => {
    // The real PostgreSQL driver, pointed at a loopback port where nothing listens: every query fails at once.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/nothing', connectionTimeoutMillis: 2_000 });
    const db = drizzlePg({ client: pool, schema });
    const app = createApp(createDeps(db, silent, () => new Date(), { payments: null }));
    const { server, baseUrl } = await listen(app.fetch);
    try {
      const health = await request(baseUrl, '/v2/health');
      expect(health.status).toBe(503);
      expect(errorOf(health)).toMatchObject({ code: 'database_unavailable', message: 'Base de données injoignable.' });
      const settings = await request(baseUrl, '/v2/public/settings');
      expect(settings.status).toBe(500);
      expect(errorOf(settings)).toMatchObject({ code: 'internal_error', message: requestErrors.internalError });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    }
  });
});
