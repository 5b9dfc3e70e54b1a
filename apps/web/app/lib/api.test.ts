import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SettingsSchema, OffersSchema } from '@resto/contract/catalog';
import { UserSchema } from '@resto/contract/auth';
import { OrderCreatedSchema, OrderViewSchema } from '@resto/contract/orders';
import { LocationSuggestionsSchema } from '@resto/contract/locations';
import { requestErrors } from '@resto/copy/errors/request';
import { offerAnswers } from '@resto/copy/storefront/cart';
import { createApp } from '../../../api/src/app.ts';
import { startTestServer, type TestServer } from '../../../api/src/test/harness.ts';
import { getHealth } from '@resto/contract/service.routes';
import { getReceipt } from '@resto/contract/receipts.routes';
import { getPushKey, subscribeToPush } from '@resto/contract/push.routes';
import { ApiCallError, createApi, isApiError, routeUrl, type Api, type RouteBody, type RouteParams, type RoutePayload } from './api.ts';

/**
 * The storefront's client against the real API (PGlite, demo restaurant): over HTTP as the browser
 * calls it, and in-process as the server loaders do (`context.apiFetch`).
 */

let server: TestServer;
let overHttp: Api;
let inProcess: Api;

beforeAll(async () => {
  server = await startTestServer();
  overHttp = createApi((path, init) => fetch(new URL(path, server.baseUrl), init));
  const app = createApp(server.deps);
  inProcess = createApi((path, init) => Promise.resolve(app.request(path, init)));
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The error a call rejects with (the test fails if it resolves). */
async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const outcome = await promise.then(
    () => new Error('the call succeeded'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ApiCallError);
  return outcome as ApiCallError;
}

describe.each([
  ['over HTTP', () => overHttp],
  ['in-process', () => inProcess],
])('the API client %s', (_name, client) => {
  it('returns the payload parsed with the route schema', async () => {
    const settings = await client().call({ path: '/v2/public/settings', response: SettingsSchema });
    expect(settings.length).toBeGreaterThan(0);
    expect(settings.some((s) => s.name === 'contacts.phone')).toBe(true);
  });

  it('turns an error answer into an ApiCallError with its code, status, message and fields', async () => {
    const error = await failure(client().call({ method: 'POST', path: '/v2/public/checkout/', body: { items: 'none' }, response: OrderCreatedSchema }));
    expect(error.code).toBe('invalid_request');
    expect(error.status).toBe(400);
    expect(error.message).not.toBe('');
    expect(error.errors.length).toBeGreaterThan(0);
    expect(error.errors.every((e) => typeof e.path === 'string' && typeof e.message === 'string')).toBe(true);
  });

  it('gives the code of each refusal: an unknown order, an unknown coupon, no session', async () => {
    const order = await failure(client().call({ path: '/v2/public/checkout/999999', query: { local_id: 'nope' }, response: OrderViewSchema }));
    expect([order.code, order.status]).toEqual(['order_not_found', 404]);
    const coupon = await failure(client().call({ path: '/v2/public/offers/NOPE-NOPE', response: OffersSchema }));
    expect([coupon.code, coupon.status]).toEqual(['coupon_not_found', 404]);
    expect(coupon.message).toBe(offerAnswers.unknownCoupon);
    const profile = await failure(client().call({ path: '/v2/public/auth/profile', response: UserSchema, sensitive: true }));
    expect([profile.code, profile.status]).toEqual(['login_required', 401]);
    expect(isApiError(profile, 'login_required', 'session_expired')).toBe(true);
  });

  it('send() gives the Response of an answer that is not an envelope, and the same errors', async () => {
    const settings = await client().send({ path: '/v2/public/settings' });
    expect(settings.status).toBe(200);
    const exported = await failure(client().send({ path: '/v2/public/auth/export', sensitive: true }));
    expect([exported.code, exported.status]).toEqual(['login_required', 401]);
  });

  it('refuses a payload that its schema does not accept: invalid_answer, never a cast', async () => {
    const error = await failure(client().call({ path: '/v2/public/settings', response: z.object({ menus: z.array(z.unknown()) }) }));
    expect(error.code).toBe('invalid_answer');
    expect(error.status).toBe(200);
    expect(error.message).toBe(requestErrors.genericError);
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it('sends the query encoded, leaving out undefined and null values', async () => {
    const found = await client().call({
      path: '/v2/public/locations/',
      query: { query: '3 rue de la Charité 69002', unused: undefined, other: null },
      response: LocationSuggestionsSchema,
    });
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.place_id).toEqual(expect.any(String));
  }, 30_000); // the first search loads the offline address index (seconds on a busy machine)
});

it('asks the path with its query as URLSearchParams writes it', async () => {
  const asked: string[] = [];
  const recording = createApi((path, init) => {
    asked.push(path);
    return fetch(new URL(path, server.baseUrl), init);
  });
  await recording.call({
    path: '/v2/public/locations/',
    query: { query: 'Charité 69002', page: 2, none: undefined, empty: null },
    response: LocationSuggestionsSchema,
  });
  await recording.call({ path: '/v2/public/settings', query: {}, response: SettingsSchema });
  expect(asked).toEqual(['/v2/public/locations/?query=Charit%C3%A9+69002&page=2', '/v2/public/settings']);
}, 30_000);

describe('the API client without an answer', () => {
  let closed: string;
  let notJson: Server;
  let notJsonUrl: string;

  beforeAll(async () => {
    // A port nobody listens on: opened, then closed.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    // What a proxy answers when the API is down: HTML, not the envelope.
    notJson = createServer((_request, response) => response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    await new Promise<void>((resolve) => notJson.listen(0, '127.0.0.1', resolve));
    notJsonUrl = `http://127.0.0.1:${(notJson.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => notJson?.close(resolve));
  });

  it('gives the network code, status 0 and the generic French message when nothing answers', async () => {
    const client = createApi((path, init) => fetch(new URL(path, closed), init));
    const error = await failure(client.call({ path: '/v2/public/settings', response: z.unknown() }));
    expect(error.code).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toBe(requestErrors.genericError);
    expect(isApiError(error, 'network')).toBe(true);
    expect(isApiError(error, 'rate_limited')).toBe(false);
  });

  it('reads an answer that is not JSON as invalid_answer with its status', async () => {
    const client = createApi((path, init) => fetch(new URL(path, notJsonUrl), init));
    const error = await failure(client.call({ path: '/v2/public/settings', response: z.unknown() }));
    expect(error.code).toBe('invalid_answer');
    expect(error.status).toBe(502);
    expect(error.message).toBe(requestErrors.genericError);
  });
});

describe.each([
  ['over HTTP', () => overHttp],
  ['in-process', () => inProcess],
])('a route of the contract called %s', (_name, client) => {
  it('returns the payload of its success answer, parsed with the route schema', async () => {
    const health = await client().call(getHealth);
    expect(health).toEqual({ database: 'ok' });
  });

  it('puts the parameters in the path and maps the error answer as the path form does', async () => {
    const unknown = await failure(client().call(getReceipt, { params: { file: '0'.repeat(32) } }));
    expect([unknown.code, unknown.status]).toEqual(['receipt_not_found', 404]);
    const staff = await failure(client().call(getPushKey, { sensitive: true }));
    expect([staff.code, staff.status]).toEqual(['staff_login_required', 401]);
  });

  it('send() gives the Response of a route whose answer is not an envelope (a PDF), and the same errors', async () => {
    const pdf = await failure(client().send(getReceipt, { params: { file: `${'0'.repeat(32)}.pdf` } }));
    expect([pdf.code, pdf.status]).toEqual(['receipt_not_found', 404]);
  });
});

describe('a route call as sent', () => {
  /** The requests a client asks (path and init), each answered with `answer`. */
  function recorder(answer: () => Response) {
    const asked: { path: string; init: RequestInit }[] = [];
    const client = createApi((path, init) => {
      asked.push({ path, init });
      return Promise.resolve(answer());
    });
    return { asked, client };
  }
  const success = (payload: unknown) => () => Response.json({ status: 'success', payload });

  it('takes the method and path from the route, the parameters encoded, the body as JSON', async () => {
    const { asked, client } = recorder(success({ endpoint: 'https://push.example/1', subscribed: true }));
    const body = { endpoint: 'https://push.example/1', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } };
    await client.call(subscribeToPush, { body, sensitive: true }).catch(() => undefined);
    expect(asked[0]?.path).toBe('/v2/restaurant/push/subscriptions');
    expect(asked[0]?.init.method).toBe('POST');
    expect(asked[0]?.init.body).toBe(JSON.stringify(body));
    expect(asked[0]?.init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect([asked[0]?.init.referrerPolicy, asked[0]?.init.cache]).toEqual(['no-referrer', 'no-store']);
  });

  it('passes the abort signal and keepalive on', async () => {
    const { asked, client } = recorder(success({ database: 'ok' }));
    const controller = new AbortController();
    await client.call(getHealth, { signal: controller.signal, keepalive: true });
    expect(asked[0]?.init.signal).toBe(controller.signal);
    expect(asked[0]?.init.keepalive).toBe(true);
    expect(asked[0]?.init.method).toBe('GET');
  });

  it('sends the credentials of the route security first in the query (authQuery), undefined ones left out', async () => {
    const { asked, client } = recorder(success({ database: 'ok' }));
    await client.call(getHealth, { authQuery: { token: 'a b', user_id: 7, other: undefined } });
    expect(asked[0]?.path).toBe('/v2/health?token=a+b&user_id=7');
  });

  it('refuses a payload outside the route schema: invalid_answer, never a cast', async () => {
    const { client } = recorder(success({ database: 'down' }));
    const error = await failure(client.call(getHealth));
    expect([error.code, error.status]).toEqual(['invalid_answer', 200]);
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it('builds the URL of a route for the calls that are not JSON (routeUrl)', () => {
    expect(routeUrl(getReceipt, { params: { file: 'ab/c d.pdf' } })).toBe('/v2/public/receipts/ab%2Fc%20d.pdf');
    expect(routeUrl({ path: '/v2/x/{id}' }, { params: { id: 7 }, query: { a: 'é', b: undefined, c: null, d: [1, 2] } })).toBe('/v2/x/7?a=%C3%A9&d=1&d=2');
    expect(() => routeUrl(getReceipt, {})).toThrow(/file/);
  });

  it('types the inputs and the answer from the route', () => {
    const file: RouteParams<typeof getReceipt> = { file: 'x' };
    const endpoint: RouteBody<typeof subscribeToPush>['endpoint'] = 'https://push.example/1';
    const health: RoutePayload<typeof getHealth> = { database: 'ok' };
    expect([file.file, endpoint, health.database]).toEqual(['x', 'https://push.example/1', 'ok']);
    const typesOnly = (api: Api) => {
      // @ts-expect-error a route with path parameters needs them
      void api.call(getReceipt);
      // @ts-expect-error a route's body has the route's shape
      void api.call(subscribeToPush, { body: { endpoint: 1 } });
      // @ts-expect-error the answer is the route's payload
      void api.call(getHealth).then((answer) => answer.nothing);
    };
    expect(typesOnly).toBeTypeOf('function');
  });
});
