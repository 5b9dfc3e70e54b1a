import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { printers } from './db/schema.ts';
import { ErrorBodySchema, ErrorCodeSchema } from '@resto/contract/errors';
import { createApp } from './app.ts';
import { signWebhookPayload } from './modules/payments/providers/webhook-signature.ts';
import type { TestProcessor } from './modules/payments/providers/test-processor.ts';
import { createAccount, newEmail, newIp, strongPassword, type Session } from './test/accounts.ts';
import { buildOrderPayload, payloadOf, postOrder, startTestServer, type TestServer } from './test/harness.ts';
import { createTestStaff } from './test/staff.ts';
import { photoLikeJpeg } from './test/photo.ts';
import { act, phoneOrderPayload, placeCashOrder, placePaidCardOrder } from './modules/board/test-helpers.ts';
import { addPrinter } from './test/printers/helpers.ts';
import { newPrinterSecret } from './modules/printing/index.ts';

/**
 * The API's contract (docs/decisions/018): GET /v2/openapi.json is a valid OpenAPI document
 * of every route the app serves, and every route's real answers, over real HTTP on the real
 * server, match the schema the document declares for their status.
 */

/**
 * Every error answer carries its `code` (packages/contract/src/errors.ts). Validation refusals
 * (invalid_request, invalid_json) always do; the errors thrown by services and routes get theirs
 * from the error codes of docs/decisions/018 ("Errors"). Until it is merged, `code` may be missing from
 * those: set this to true once every `throw` carries a code.
 */
const EVERY_ERROR_HAS_A_CODE = true;

// 2025-11-25 is a Tuesday (the demo restaurant is closed on Mondays); 12:00 in Paris is 11:00 UTC.
const tuesdayNoonParis = new Date('2025-11-25T11:00:00Z');
/** The app's clock: moved on by minutes where a call waits for a cool-down (one code a minute). */
let now = tuesdayNoonParis;

let server: TestServer;
/** The app's declared routes, as the registry holds them (the zod schemas behind the document). */
let declared: RouteDeclaration[];
let document: OpenApiDocument;

interface RouteDeclaration {
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  const response = await fetch(`${server.baseUrl}/v2/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
  // The same app the server runs, built again on the same services: its routes and declarations.
  declared = createApp(server.deps)
    .openAPIRegistry.definitions.filter((definition) => definition.type === 'route')
    .map((definition) => definition.route as unknown as RouteDeclaration);
});
afterAll(async () => {
  await server?.close();
});

/** '/v2/public/checkout/:order_id/' → '/v2/public/checkout/{order_id}' (the document's form, trailing slash optional). */
function documentPath(path: string): string {
  const braces = path.replaceAll(/:([A-Za-z_]+)/g, '{$1}');
  return braces.length > 1 && braces.endsWith('/') ? braces.slice(0, -1) : braces;
}

describe('GET /v2/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document (no error), every $ref resolved', async () => {
    // The validator's own setting: AJV's strict mode stays off, as it refuses the OpenAPI meta-schemas themselves.
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // Every $ref points to a component of the document.
    expect(() => validator.resolveRefs()).not.toThrow();
    // The validator does refuse a broken document (a path that is not an object).
    const broken = await new Validator().validate({ ...structuredClone(document), paths: { '/v2/x': 1 } } as unknown as Parameters<Validator['validate']>[0]);
    expect(broken.valid).toBe(false);
    expect(document.openapi).toBe('3.1.0');
  });

  test('documents every route the app serves under /v2, and nothing else', () => {
    const app = createApp(server.deps);
    const served = new Set(
      app.routes
        // Middleware (`use`) and the catch-all 404 are registered for every method: not routes.
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method.toLowerCase()} ${documentPath(route.path)}`),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${documentPath(path)}`)),
    );
    expect(served.size).toBeGreaterThanOrEqual(26);
    expect([...served].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !served.has(route))).toEqual([]);
  });

  test('declares the error envelope, and the authentication of section 7', () => {
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const errorStatuses = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
        expect(errorStatuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '500', '503']));
        for (const status of errorStatuses)
          expect(operation.responses[status], `${method} ${path} ${status}`).toMatchObject({
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          });
      }
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'bearerToken',
      'staffCookie',
      'tokenBody',
      'tokenQuery',
      'userIdHeader',
      'userIdQuery',
    ]);
    expect(document.paths['/v2/public/auth/profile']?.get?.security).toContainEqual({ tokenQuery: [], userIdQuery: [] });
    expect(document.paths['/v2/public/auth/export']?.get?.security).toEqual([
      { bearerToken: [], userIdQuery: [] },
      { bearerToken: [], userIdHeader: [] },
    ]);
  });
});

// Every route's answers against its declaration

/** A call and what it answered. */
interface Answer {
  route: string;
  status: number;
  contentType: string;
  body: unknown;
}

/** Routes and statuses the calls below answered: each declared route must be met in success and in error. */
const met = new Map<string, Set<number>>();

function declarationOf(method: string, path: string): RouteDeclaration {
  const found = declared.find((route) => route.method === method && documentPath(route.path) === documentPath(path));
  if (!found) throw new Error(`${method.toUpperCase()} ${path}: aucune déclaration`);
  return found;
}

/**
 * Calls `method path` (the declared path, e.g. '/v2/public/checkout/{order_id}', filled as `url`)
 * over real HTTP, and checks the answer: its status is declared for the route, and its body
 * parses with the declared zod schema of that status, keeping every field (nothing undeclared).
 */
async function call(method: string, path: string, url: string, init: RequestInit & { token?: string } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', newIp());
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const response = await fetch(`${server.baseUrl}${url}`, { ...init, method: method.toUpperCase(), headers });
  const contentType = response.headers.get('content-type') ?? '';
  const route = `${method.toUpperCase()} ${documentPath(path)}`;
  const declaration = declarationOf(method, path);
  const answer = declaration.responses[String(response.status)];
  // An event stream never ends by itself: its first chunk (`retry:`) is enough, then the call cuts it.
  let bytes: Uint8Array;
  if (contentType.startsWith('text/event-stream') && response.body) {
    const reader = response.body.getReader();
    bytes = (await reader.read()).value ?? new Uint8Array();
    await reader.cancel();
  } else bytes = new Uint8Array(await response.arrayBuffer());
  expect(answer, `${route} a répondu ${response.status}, statut non déclaré : ${new TextDecoder().decode(bytes).slice(0, 300)}`).toBeDefined();
  const mediaType = contentType.split(';')[0]!.trim();
  const content = answer!.content?.[mediaType];
  expect(content, `${route} ${response.status}: ${mediaType} non déclaré`).toBeDefined();
  let body: unknown = bytes;
  if (mediaType === 'application/json') {
    body = JSON.parse(new TextDecoder().decode(bytes));
    const schema = content!.schema as z.ZodType;
    if (response.status >= 400) checkError(route, body);
    else {
      const parsed = schema.safeParse(body);
      expect(parsed.error?.issues ?? [], `${route} ${response.status}`).toEqual([]);
      // Zod drops keys a schema does not name: an equal copy means every field is declared.
      expect(parsed.data, `${route} ${response.status}: champs non déclarés`).toEqual(body);
    }
  }
  if (!met.has(route)) met.set(route, new Set());
  met.get(route)!.add(response.status);
  return { route, status: response.status, contentType, body };
}

/** Error bodies: ErrorBodySchema (a `code` required once EVERY_ERROR_HAS_A_CODE). */
function checkError(route: string, body: unknown) {
  const schema = EVERY_ERROR_HAS_A_CODE ? ErrorBodySchema : ErrorBodySchema.extend({ code: ErrorCodeSchema.optional() });
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], route).toEqual([]);
  expect(parsed.data, `${route}: champs non déclarés`).toEqual(body);
}

const json = (value: unknown) => JSON.stringify(value);

/** The error of an answer, parsed: for assertions on its code. */
function errorOf(answer: Answer) {
  return ErrorBodySchema.extend({ code: ErrorCodeSchema.optional() }).parse(answer.body);
}

describe('every route answers as declared, over real HTTP', () => {
  let session: Session & { password: string };
  let cashOrder: { orderId: number; secret: string; localId: string };

  beforeAll(async () => {
    session = await createAccount(server);
    const payload = await buildOrderPayload(server);
    const { order_id, secret } = payloadOf(await postOrder(server.baseUrl, payload));
    cashOrder = { orderId: order_id, secret, localId: payload.local_id };
  });

  test('health and the document', async () => {
    expect((await call('get', '/v2/health', '/v2/health')).status).toBe(200);
    const refused = await call('get', '/v2/health', '/v2/health?x=%00');
    expect(refused.status).toBe(400);
    expect((await call('get', '/v2/openapi.json', '/v2/openapi.json')).status).toBe(200);
    expect((await call('get', '/v2/openapi.json', '/v2/openapi.json?x=%00')).status).toBe(400);
  });

  test('catalogue: settings, menus, offers, coupons, products', async () => {
    expect((await call('get', '/v2/public/settings', '/v2/public/settings')).status).toBe(200);
    expect((await call('get', '/v2/public/settings', '/v2/public/settings?x=%00')).status).toBe(400);
    expect((await call('get', '/v2/public/menus', '/v2/public/menus')).status).toBe(200);
    expect((await call('get', '/v2/public/menus', '/v2/public/menus', { headers: { 'Accept-Encoding': 'gzip' } })).status).toBe(200);
    expect((await call('get', '/v2/public/menus', '/v2/public/menus?x=%00')).status).toBe(400);
    const offers = await call('get', '/v2/public/offers', '/v2/public/offers');
    expect(offers.status).toBe(200);
    expect((await call('get', '/v2/public/offers', '/v2/public/offers?x=%00')).status).toBe(400);
    const couponRoute = '/v2/public/offers/{coupon}';
    expect((await call('get', couponRoute, '/v2/public/offers/BIENVENUE10')).status).toBe(200);
    expect((await call('get', couponRoute, '/v2/public/offers/NOPE')).status).toBe(404);
    const productsRoute = '/v2/public/products/{item_menu_id}';
    expect((await call('get', productsRoute, '/v2/public/products/1')).status).toBe(200);
    expect((await call('get', productsRoute, '/v2/public/products/999999')).status).toBe(404);
  });

  test('accounts: every auth call, and its refusals', async () => {
    const auth = '/v2/public/auth';
    const email = newEmail('contrat');
    const signupBody = { first_name: 'Lucie', last_name: 'Martin', phone: '06 11 22 33 44', email, password: strongPassword };
    expect((await call('post', `${auth}/signup`, `${auth}/signup/`, { body: json(signupBody) })).status).toBe(200);
    const badSignup = await call('post', `${auth}/signup`, `${auth}/signup/`, { body: json({ ...signupBody, email: 'x' }) });
    expect(badSignup.status).toBe(400);
    expect(errorOf(badSignup).code).toBe('invalid_request');
    const brokenJson = await call('post', `${auth}/signup`, `${auth}/signup/`, { body: '{"email":' });
    expect(brokenJson.status).toBe(400);
    expect(errorOf(brokenJson).code).toBe('invalid_json');

    expect((await call('post', `${auth}/login`, `${auth}/login/`, { body: json({ email: session.user.email, password: session.password }) })).status).toBe(200);
    expect((await call('post', `${auth}/login`, `${auth}/login/`, { body: json({ email: session.user.email, password: 'Pas-le-bon-1234' }) })).status).toBe(
      401,
    );

    const wrongCode = await call('get', `${auth}/verify-otp`, `${auth}/verify-otp/?otp=000000&email=${encodeURIComponent(email)}`);
    expect(wrongCode.status).toBe(400);
    const badQuery = await call('get', `${auth}/verify-otp`, `${auth}/verify-otp/?otp=12&email=x`);
    expect(badQuery.status).toBe(400);
    expect(errorOf(badQuery).code).toBe('invalid_request');
    // verify-otp's success, with the code e-mailed to a new sign-up.
    const signup2 = newEmail('contrat2');
    await call('post', `${auth}/signup`, `${auth}/signup/`, { body: json({ ...signupBody, email: signup2 }) });
    const mail = await server.mail.waitFor((m) => m.to === signup2 && /confirmation/.test(m.subject));
    const otp = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
    expect((await call('get', `${auth}/verify-otp`, `${auth}/verify-otp/?otp=${otp}&email=${encodeURIComponent(signup2)}`)).status).toBe(200);

    // A reset on an account of its own (a reset closes every session), past the sign-up code's minute.
    const forgetful = await createAccount(server);
    now = new Date(now.getTime() + 2 * 60_000);
    expect((await call('get', `${auth}/send-otp`, `${auth}/send-otp/?email=${encodeURIComponent(forgetful.user.email)}`)).status).toBe(200);
    expect((await call('get', `${auth}/send-otp`, `${auth}/send-otp/?email=x`)).status).toBe(400);
    const resetMail = await server.mail.waitFor((m) => m.to === forgetful.user.email && !/confirmation/.test(m.subject) && /\b\d{6}\b/.test(m.subject));
    const resetCode = /\b(\d{6})\b/.exec(resetMail.subject)?.[1] ?? '';
    const reset = { email: forgetful.user.email, otp: resetCode, password: 'Tarte-aux-pommes-2026' };
    expect((await call('post', `${auth}/reset-password`, `${auth}/reset-password/`, { body: json({ ...reset, otp: '999999' }) })).status).toBe(400);
    expect((await call('post', `${auth}/reset-password`, `${auth}/reset-password/`, { body: json(reset) })).status).toBe(200);

    const query = `?token=${encodeURIComponent(session.token)}&user_id=${session.user.id}`;
    expect((await call('get', `${auth}/profile`, `${auth}/profile${query}`)).status).toBe(200);
    expect((await call('get', `${auth}/profile`, `${auth}/profile`)).status).toBe(401);
    expect((await call('get', `${auth}/profile`, `${auth}/profile?token=${encodeURIComponent(session.token)}&user_id=${session.user.id + 1000}`)).status).toBe(
      403,
    );

    const profile = { first_name: 'Lucie', last_name: 'Martin', phone: '06 11 22 33 44', address: '1 rue de la Paix' };
    expect((await call('patch', `${auth}/update-profile`, `${auth}/update-profile${query}`, { body: json(profile) })).status).toBe(200);
    expect((await call('patch', `${auth}/update-profile`, `${auth}/update-profile${query}`, { body: json({ ...profile, first_name: '' }) })).status).toBe(400);

    expect((await call('get', `${auth}/orders`, `${auth}/orders${query}&page=1&limit=5`)).status).toBe(200);
    expect((await call('get', `${auth}/orders`, `${auth}/orders${query}&limit=500`)).status).toBe(400);

    const exported = await call('get', `${auth}/export`, `${auth}/export?user_id=${session.user.id}`, { token: session.token });
    expect(exported.status).toBe(200);
    expect(exported.contentType).toMatch(/^application\/json/);
    expect((await call('get', `${auth}/export`, `${auth}/export${query}`)).status).toBe(401);

    const change = { current_password: session.password, password: 'Gratin-dauphinois-2026', password_confirmation: 'Gratin-dauphinois-2026' };
    expect(
      (await call('post', `${auth}/change-password`, `${auth}/change-password${query}`, { body: json({ ...change, current_password: 'Pas-le-bon-1234' }) }))
        .status,
    ).toBe(422);
    expect((await call('post', `${auth}/change-password`, `${auth}/change-password${query}`, { body: json(change) })).status).toBe(200);
    session.password = change.password;

    expect((await call('post', `${auth}/logout`, `${auth}/logout/`)).status).toBe(401);
    const other = await createAccount(server);
    expect((await call('post', `${auth}/logout`, `${auth}/logout/?user_id=${other.user.id}`, { token: other.token })).status).toBe(200);

    const remove = { token: session.token, user_id: session.user.id, password: session.password, password_confirmation: session.password };
    const mismatch = await call('delete', `${auth}/delete-profile`, `${auth}/delete-profile/`, { body: json({ ...remove, password_confirmation: 'autre' }) });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch).code).toBe('invalid_request');
    expect((await call('delete', `${auth}/delete-profile`, `${auth}/delete-profile/`, { body: json(remove) })).status).toBe(200);
  });

  test('orders: place, finalise, read back', async () => {
    const checkout = '/v2/public/checkout';
    const payload = await buildOrderPayload(server);
    expect((await call('post', `${checkout}/`, `${checkout}/`, { body: json(payload) })).status).toBe(201);
    expect((await call('post', `${checkout}/`, `${checkout}/`, { body: json(payload) })).status).toBe(200);
    const repriced = await buildOrderPayload(server);
    const changed = await call('post', `${checkout}/`, `${checkout}/`, { body: json({ ...repriced, total: repriced.total + 1 }) });
    expect(changed.status).toBe(409);
    const invalid = await call('post', `${checkout}/`, `${checkout}/`, { body: json({ ...repriced, items: [] }) });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid).code).toBe('invalid_request');

    const finalize = { order_id: cashOrder.orderId, status: 'pending', transaction_id: null, secret: cashOrder.secret };
    expect((await call('put', `${checkout}/`, `${checkout}/`, { body: json(finalize) })).status).toBe(200);
    // A wrong secret on a PUT that would write a transaction_id (one that changes nothing needs no proof, docs/decisions/014).
    expect((await call('put', `${checkout}/`, `${checkout}/`, { body: json({ ...finalize, transaction_id: 'caisse-1', secret: 'faux' }) })).status).toBe(403);

    const orderRoute = `${checkout}/{order_id}`;
    expect((await call('get', orderRoute, `${checkout}/${cashOrder.orderId}?local_id=${cashOrder.localId}`)).status).toBe(200);
    expect((await call('get', orderRoute, `${checkout}/${cashOrder.orderId}?local_id=autre-local-id`)).status).toBe(404);
  });

  test('card payments and the test processor', async () => {
    const checkout = '/v2/public/checkout';
    expect((await call('get', `${checkout}/payment-config`, `${checkout}/payment-config`)).status).toBe(200);
    expect((await call('get', `${checkout}/payment-config`, `${checkout}/payment-config?x=%00`)).status).toBe(400);

    const customerBody = { email: 'marie.dupont@example.fr', name: 'Marie Dupont', phone: '+33612345678' };
    const customer = await call('post', `${checkout}/stripe-customer`, `${checkout}/stripe-customer`, { body: json(customerBody) });
    expect(customer.status).toBe(200);
    expect((await call('post', `${checkout}/stripe-customer`, `${checkout}/stripe-customer`, { body: json({ ...customerBody, email: 'x' }) })).status).toBe(
      400,
    );
    const customerId = (customer.body as { payload: { customer: string } }).payload.customer;

    const payload = await buildOrderPayload(server, { payment_method: 'card' });
    const { order_id, secret } = payloadOf(await postOrder(server.baseUrl, payload));
    const intentBody = { order_id, customer_id: customerId, amount: payload.total, secret };
    const intentRoute = `${checkout}/stripe-payment-intent`;
    const intent = await call('post', intentRoute, intentRoute, { body: json(intentBody) });
    expect(intent.status).toBe(200);
    expect((await call('post', intentRoute, intentRoute, { body: json({ ...intentBody, amount: payload.total + 1 }) })).status).toBe(409);
    expect((await call('post', intentRoute, intentRoute, { body: json({ ...intentBody, secret: 'faux' }) })).status).toBe(403);
    const clientSecret = (intent.body as { payload: { client_secret: string } }).payload.client_secret;

    const confirm = `${checkout}/test-processor/confirm`;
    const card = { client_secret: clientSecret, number: '4000 0027 6000 3184', expiry: '12/34', cvc: '123' };
    expect((await call('post', confirm, confirm, { body: json({ ...card, client_secret: 'pi_inconnu_secret_x' }) })).status).toBe(404);
    expect((await call('post', confirm, confirm, { body: json({ ...card, number: '1234' }) })).status).toBe(400);
    expect((await call('post', confirm, confirm, { body: json(card) })).status).toBe(200);
    const authenticate = `${checkout}/test-processor/authenticate`;
    expect((await call('post', authenticate, authenticate, { body: json({ client_secret: 'pi_inconnu_secret_x', approve: true }) })).status).toBe(404);
    expect((await call('post', authenticate, authenticate, { body: json({ client_secret: clientSecret, approve: true }) })).status).toBe(200);

    const webhook = `${checkout}/stripe-webhook`;
    const event = json({ id: `evt_contrat_${order_id}`, type: 'payment_intent.created', data: { object: { id: 'pi_contrat' } } });
    const processor = server.payments.provider as TestProcessor;
    const signature = signWebhookPayload(event, await processor.webhookSecret());
    expect((await call('post', webhook, webhook, { body: event, headers: { 'Stripe-Signature': signature } })).status).toBe(200);
    expect((await call('post', webhook, webhook, { body: event, headers: { 'Stripe-Signature': 't=1,v1=faux' } })).status).toBe(400);
  });

  test('the restaurant’s board, acting on an order, and the customer’s status page (docs/decisions/019)', async () => {
    const staff = await createTestStaff(server.db, { now });
    const cookie = { Cookie: staff.cookie };
    const boardRoute = '/v2/restaurant/orders';
    expect((await call('get', boardRoute, boardRoute, { headers: cookie })).status).toBe(200);
    expect((await call('get', boardRoute, boardRoute)).status).toBe(401);

    const order = await placeCashOrder(server);
    const id = order.orderId;
    const ready = new Date(now.getTime() + 20 * 60_000).toISOString();
    const actions = '/v2/restaurant/orders/{order_id}/actions';
    const accept = { action: 'accept', expected_status: 'pending', ready_at: ready };
    expect((await call('post', actions, `/v2/restaurant/orders/${id}/actions`, { headers: cookie, body: json(accept) })).status).toBe(200);
    const stale = await call('post', actions, `/v2/restaurant/orders/${id}/actions`, { headers: cookie, body: json(accept) });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('order_transition_refused');
    expect((await call('post', actions, `/v2/restaurant/orders/${id}/actions`, { headers: cookie, body: json({ action: 'x' }) })).status).toBe(400);
    expect((await call('post', actions, `/v2/restaurant/orders/999999/actions`, { headers: cookie, body: json(accept) })).status).toBe(404);
    expect((await call('post', actions, `/v2/restaurant/orders/${id}/actions`, { body: json(accept) })).status).toBe(401);

    for (const step of ['opened', 'ticket-printed']) {
      const route = `/v2/restaurant/orders/{order_id}/${step}`;
      expect((await call('post', route, `/v2/restaurant/orders/${id}/${step}`, { headers: cookie })).status).toBe(200);
      expect((await call('post', route, `/v2/restaurant/orders/999999/${step}`, { headers: cookie })).status).toBe(404);
    }

    // « Imprimer le reçu » on the counter's printer (docs/decisions/033).
    const receiptPrint = '/v2/restaurant/orders/{order_id}/receipt-print';
    expect((await call('post', receiptPrint, `/v2/restaurant/orders/${id}/receipt-print`, { headers: cookie, body: json({}) })).status).toBe(422);
    const [counterPrinter] = await server.db
      .insert(printers)
      .values({ name: 'Comptoir', station: 'counter', connection: 'cloudprnt', secret: 'contrat-comptoir' })
      .returning();
    expect(
      (await call('post', receiptPrint, `/v2/restaurant/orders/${id}/receipt-print`, { headers: cookie, body: json({ printer_id: counterPrinter!.id }) }))
        .status,
    ).toBe(200);
    expect((await call('post', receiptPrint, `/v2/restaurant/orders/999999/receipt-print`, { headers: cookie, body: json({}) })).status).toBe(404);
    await server.db.delete(printers).where(eq(printers.id, counterPrinter!.id));

    const refund = '/v2/restaurant/orders/{order_id}/refund';
    expect((await call('post', refund, `/v2/restaurant/orders/${id}/refund`, { headers: cookie })).status).toBe(409);
    const card = await placePaidCardOrder(server);
    const reject = { action: 'reject', expected_status: 'paid', reason: 'too_many_orders' };
    expect((await call('post', actions, `/v2/restaurant/orders/${card.orderId}/actions`, { headers: cookie, body: json(reject) })).status).toBe(200);
    expect((await call('post', refund, `/v2/restaurant/orders/${card.orderId}/refund`, { headers: cookie })).status).toBe(200);

    // « Rembourser une partie » (docs/decisions/035).
    const partial = '/v2/restaurant/orders/{order_id}/refunds';
    const partly = await placePaidCardOrder(server);
    const refundBody = (amount: number) => json({ refund_key: `contrat-${amount}-${partly.orderId}`, reason: 'late', amount });
    expect((await call('post', partial, `/v2/restaurant/orders/${partly.orderId}/refunds`, { headers: cookie, body: refundBody(1) })).status).toBe(200);
    expect((await call('post', partial, `/v2/restaurant/orders/${partly.orderId}/refunds`, { headers: cookie, body: refundBody(9999) })).status).toBe(400);
    expect((await call('post', partial, `/v2/restaurant/orders/${card.orderId}/refunds`, { headers: cookie, body: refundBody(1) })).status).toBe(409);
    expect((await call('post', partial, `/v2/restaurant/orders/999999/refunds`, { headers: cookie, body: refundBody(1) })).status).toBe(404);

    // « Modifier la commande » (docs/decisions/039).
    const changes = '/v2/restaurant/orders/{order_id}/changes';
    const changing = await placeCashOrder(server);
    const { items, free_items, is_pickup, delivery, tax, subtotal, discount, total } = await buildOrderPayload(server, {
      lines: [{ itemId: 105, quantity: 3 }],
    });
    const changeBody = (revision: number) =>
      json({ change_key: `contrat-modif-${changing.orderId}`, revision, order: { items, free_items, is_pickup, delivery, tax, subtotal, discount, total } });
    expect((await call('post', changes, `/v2/restaurant/orders/${changing.orderId}/changes`, { headers: cookie, body: changeBody(0) })).status).toBe(200);
    expect((await call('post', changes, `/v2/restaurant/orders/${card.orderId}/changes`, { headers: cookie, body: changeBody(0) })).status).toBe(409);
    expect((await call('post', changes, `/v2/restaurant/orders/999999/changes`, { headers: cookie, body: changeBody(0) })).status).toBe(404);
    expect((await call('post', changes, `/v2/restaurant/orders/${changing.orderId}/changes`, { headers: cookie, body: json({ revision: 0 }) })).status).toBe(
      400,
    );

    const trackingRoute = '/v2/public/tracking/{secret}';
    expect((await call('get', trackingRoute, `/v2/public/tracking/${order.secret}`)).status).toBe(200);
    expect((await call('get', trackingRoute, `/v2/public/tracking/${card.secret}`)).status).toBe(200);
    expect((await call('get', trackingRoute, `/v2/public/tracking/${'0'.repeat(64)}`)).status).toBe(404);

    // « Encaisser », its reversal and « Non récupérée » (docs/decisions/031).
    const counter = await placeCashOrder(server);
    const payments = '/v2/restaurant/orders/{order_id}/payments';
    const paid = await call('post', payments, `/v2/restaurant/orders/${counter.orderId}/payments`, {
      headers: cookie,
      body: json({ tenders: [{ means: 'cash', amount: 1 }], expected_paid: 0 }),
    });
    expect(paid.status).toBe(200);
    expect(
      (await call('post', payments, `/v2/restaurant/orders/${counter.orderId}/payments`, { headers: cookie, body: json({ tenders: [], expected_paid: 0 }) }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('post', payments, `/v2/restaurant/orders/${counter.orderId}/payments`, {
          headers: cookie,
          body: json({ tenders: [{ means: 'card_terminal', amount: 9999 }], expected_paid: 1 }),
        })
      ).status,
    ).toBe(422);
    const seq = (paid.body as { payload: { order: { payments: { lines: { seq: number }[] } } } }).payload.order.payments.lines[0]!.seq;
    const reversal = '/v2/restaurant/orders/{order_id}/payments/{seq}/reversal';
    expect((await call('post', reversal, `/v2/restaurant/orders/${counter.orderId}/payments/${seq}/reversal`, { headers: cookie })).status).toBe(200);
    expect((await call('post', reversal, `/v2/restaurant/orders/${counter.orderId}/payments/${seq}/reversal`, { headers: cookie })).status).toBe(409);
    const notCollected = '/v2/restaurant/orders/{order_id}/not-collected';
    expect(
      (
        await call('post', notCollected, `/v2/restaurant/orders/${counter.orderId}/not-collected`, {
          headers: cookie,
          body: json({ expected_status: 'pending' }),
        })
      ).status,
    ).toBe(409);
    expect(
      (await call('post', notCollected, `/v2/restaurant/orders/${counter.orderId}/not-collected`, { headers: cookie, body: json({ expected_status: 'x' }) }))
        .status,
    ).toBe(400);
    payloadOf(await act(server, staff.cookie, counter.orderId, { action: 'accept', expected_status: 'pending', ready_at: ready }));
    expect(
      (
        await call('post', notCollected, `/v2/restaurant/orders/${counter.orderId}/not-collected`, {
          headers: cookie,
          body: json({ expected_status: 'accepted' }),
        })
      ).status,
    ).toBe(200);
  });

  test('a phone order taken by staff (docs/decisions/036)', async () => {
    const staff = await createTestStaff(server.db, { now });
    const cookie = { Cookie: staff.cookie };
    const route = '/v2/restaurant/phone-orders';
    const body = await phoneOrderPayload(server);
    expect((await call('post', route, route, { headers: cookie, body: json(body) })).status).toBe(201);
    expect((await call('post', route, route, { headers: cookie, body: json(body) })).status).toBe(200);
    expect((await call('post', route, route, { body: json(body) })).status).toBe(401);
    expect(
      (
        await call('post', route, route, {
          headers: cookie,
          body: json({ ...body, local_id: 'contrat-telephone-1', customer: { ...body.customer, phone: '' } }),
        })
      ).status,
    ).toBe(400);
    const tampered = await call('post', route, route, { headers: cookie, body: json({ ...body, local_id: 'contrat-telephone-2', total: body.total + 1 }) });
    expect(tampered.status).toBe(409);
    expect(errorOf(tampered).code).toBe('prices_changed');
    const monday = await call('post', route, route, {
      headers: cookie,
      body: json({ ...body, local_id: 'contrat-telephone-3', is_scheduled: true, delivery_date: '2026-11-30', delivery_time_range: '12:00-12:15' }),
    });
    expect(monday.status).toBe(422);
    expect(errorOf(monday).code).toBe('slot_unavailable');
  });

  test('a card payment link (docs/decisions/038)', async () => {
    const staff = await createTestStaff(server.db, { now });
    const cookie = { Cookie: staff.cookie };
    const placed = await call('post', '/v2/restaurant/phone-orders', '/v2/restaurant/phone-orders', {
      headers: cookie,
      body: json(await phoneOrderPayload(server)),
    });
    const order = (placed.body as { payload: { order_id: number } }).payload;
    const make = '/v2/restaurant/orders/{order_id}/payment-link';
    const made = await call('post', make, `/v2/restaurant/orders/${order.order_id}/payment-link`, { headers: cookie });
    expect(made.status).toBe(200);
    expect((await call('post', make, '/v2/restaurant/orders/999999/payment-link', { headers: cookie })).status).toBe(404);
    expect((await call('post', make, `/v2/restaurant/orders/${order.order_id}/payment-link`)).status).toBe(401);
    const { token } = (made.body as { payload: { token: string } }).payload;
    const unknown = 'abcdefghijklmnopqrstuvwxyz012345';
    const page = '/v2/public/payment-links/{token}';
    expect((await call('get', page, `/v2/public/payment-links/${token}`)).status).toBe(200);
    expect((await call('get', page, `/v2/public/payment-links/${unknown}`)).status).toBe(404);
    const intent = '/v2/public/payment-links/{token}/intent';
    const answered = await call('post', intent, `/v2/public/payment-links/${token}/intent`);
    expect(answered.status).toBe(200);
    expect((await call('post', intent, `/v2/public/payment-links/${unknown}/intent`)).status).toBe(404);
    const confirm = '/v2/public/payment-links/{token}/confirm';
    expect((await call('post', confirm, `/v2/public/payment-links/${token}/confirm`)).status).toBe(422);
    const { client_secret } = (answered.body as { payload: { client_secret: string } }).payload;
    const confirmed = await fetch(`${server.baseUrl}/v2/public/checkout/test-processor/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: json({ client_secret, number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    });
    expect(confirmed.status).toBe(200);
    expect((await call('post', confirm, `/v2/public/payment-links/${token}/confirm`)).status).toBe(200);
    expect((await call('post', confirm, `/v2/public/payment-links/${unknown}/confirm`)).status).toBe(404);
    await (server.payments.provider as TestProcessor).idle();
  });

  test('capacity per slot: the owner’s settings and the public full slots (docs/decisions/023)', async () => {
    const owner = await createTestStaff(server.db, { now, role: 'owner' });
    const member = await createTestStaff(server.db, { now });
    const capacity = '/v2/restaurant/capacity';
    const read = await call('get', capacity, capacity, { headers: { Cookie: owner.cookie } });
    expect(read.status).toBe(200);
    expect((await call('get', capacity, capacity)).status).toBe(401);
    const versions = (read.body as { payload: { versions: Record<string, number> } }).payload.versions;
    const change = {
      values: { 'capacity.pickup_max_orders': 40 },
      expected_versions: { 'capacity.pickup_max_orders': versions['capacity.pickup_max_orders'] },
    };
    expect((await call('put', capacity, capacity, { headers: { Cookie: member.cookie }, body: json(change) })).status).toBe(403);
    expect(
      (await call('put', capacity, capacity, { headers: { Cookie: owner.cookie }, body: json({ ...change, values: { 'capacity.pickup_max_orders': -1 } }) }))
        .status,
    ).toBe(400);
    expect((await call('put', capacity, capacity, { headers: { Cookie: owner.cookie }, body: json(change) })).status).toBe(200);
    expect((await call('put', capacity, capacity, { headers: { Cookie: owner.cookie }, body: json(change) })).status).toBe(409);
    expect((await call('put', capacity, capacity, { headers: { Cookie: owner.cookie }, body: json({ values: {}, expected_versions: {} }) })).status).toBe(200);
    const slots = '/v2/public/slots';
    expect((await call('get', slots, `${slots}?date=2026-11-26&is_pickup=true&items=2`)).status).toBe(200);
    expect((await call('get', slots, `${slots}?date=demain&is_pickup=true`)).status).toBe(400);
    // Back to no limit: the other cases of this file order freely.
    const after = (await call('get', capacity, capacity, { headers: { Cookie: owner.cookie } })).body as { payload: { versions: Record<string, number> } };
    const reset = {
      values: { 'capacity.pickup_max_orders': null },
      expected_versions: { 'capacity.pickup_max_orders': after.payload.versions['capacity.pickup_max_orders'] },
    };
    expect((await call('put', capacity, capacity, { headers: { Cookie: owner.cookie }, body: json(reset) })).status).toBe(200);
  });

  test('addresses and suggestions', async () => {
    const locations = '/v2/public/locations';
    expect((await call('get', `${locations}/`, `${locations}/?query=${encodeURIComponent('lyon')}`)).status).toBe(200);
    const short = await call('get', `${locations}/`, `${locations}/?query=ab`);
    expect(short.status).toBe(400);
    expect(errorOf(short).code).toBe('invalid_request');
    expect((await call('get', `${locations}/distance`, `${locations}/distance?location=${encodeURIComponent('45.7600,4.8350')}`)).status).toBe(200);
    expect((await call('get', `${locations}/distance`, `${locations}/distance`)).status).toBe(400);

    expect((await call('post', '/v2/recommendations', '/v2/recommendations', { body: json({ cartItems: [101], maxRecommendations: 5 }) })).status).toBe(200);
    expect((await call('post', '/v2/recommendations', '/v2/recommendations', { body: json({ cartItems: 'x' }) })).status).toBe(400);
    const popular = '/v2/public/recommendations/popular';
    expect((await call('get', popular, `${popular}?limit=3`)).status).toBe(200);
    const badLimit = await call('get', popular, `${popular}?limit=99`);
    expect(badLimit.status).toBe(400);
    expect(errorOf(badLimit).code).toBe('invalid_request');
  });

  test('receipts, in JSON and in PDF', async () => {
    const receipt = '/v2/public/receipts/{file}';
    expect((await call('get', receipt, `/v2/public/receipts/${cashOrder.secret}`)).status).toBe(200);
    const pdf = await call('get', receipt, `/v2/public/receipts/${cashOrder.secret}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode((pdf.body as Uint8Array).slice(0, 5))).toBe('%PDF-');
    expect((await call('get', receipt, `/v2/public/receipts/${'0'.repeat(64)}`)).status).toBe(404);
  });

  test('the staff area: log-in, team, invitations (docs/decisions/020)', async () => {
    const r = '/v2/restaurant';
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const member = await createTestStaff(server.db, { role: 'staff', now });
    const asOwner = { Cookie: owner.cookie };
    expect((await call('post', `${r}/auth/login`, `${r}/auth/login`, { body: json({ email: owner.email, password: owner.password }) })).status).toBe(200);
    const failed = await call('post', `${r}/auth/login`, `${r}/auth/login`, { body: json({ email: owner.email, password: 'Pas-le-bon-1234' }) });
    expect(failed.status).toBe(401);
    expect(errorOf(failed).code).toBe('staff_login_failed');
    expect((await call('get', `${r}/auth/me`, `${r}/auth/me`, { headers: asOwner })).status).toBe(200);
    expect((await call('get', `${r}/auth/me`, `${r}/auth/me`)).status).toBe(401);
    expect((await call('get', `${r}/staff`, `${r}/staff`, { headers: asOwner })).status).toBe(200);
    expect((await call('get', `${r}/staff`, `${r}/staff`, { headers: { Cookie: member.cookie } })).status).toBe(403);

    const email = newEmail('invite');
    const invited = await call('post', `${r}/staff/invitations`, `${r}/staff/invitations`, { headers: asOwner, body: json({ email, role: 'staff' }) });
    expect(invited.status).toBe(201);
    expect(
      (await call('post', `${r}/staff/invitations`, `${r}/staff/invitations`, { headers: asOwner, body: json({ email: 'x', role: 'staff' }) })).status,
    ).toBe(400);
    const mail = await server.mail.waitFor((m) => m.to === email);
    const token = /jeton=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const info = `${r}/invitations/{token}`;
    expect((await call('get', info, `${r}/invitations/${token}`)).status).toBe(200);
    expect((await call('get', info, `${r}/invitations/inconnu`)).status).toBe(400);
    const account = { name: 'Inès Moreau', password: 'Soupe-a-l-oignon-2026' };
    expect((await call('post', info, `${r}/invitations/${token}`, { body: json(account) })).status).toBe(201);
    expect((await call('post', info, `${r}/invitations/${token}`, { body: json(account) })).status).toBe(400);

    const other = await call('post', `${r}/staff/invitations`, `${r}/staff/invitations`, {
      headers: asOwner,
      body: json({ email: newEmail('annule'), role: 'owner' }),
    });
    const id = (other.body as { payload: { id: number } }).payload.id;
    const revoke = `${r}/staff/invitations/{id}`;
    expect((await call('delete', revoke, `${r}/staff/invitations/${id}`, { headers: asOwner })).status).toBe(200);
    expect((await call('delete', revoke, `${r}/staff/invitations/${id}`, { headers: asOwner })).status).toBe(404);
    const remove = `${r}/staff/{staff_id}`;
    expect((await call('delete', remove, `${r}/staff/${member.staffId}`, { headers: asOwner })).status).toBe(200);
    expect((await call('delete', remove, `${r}/staff/${owner.staffId}`, { headers: asOwner })).status).toBe(409);

    expect((await call('post', `${r}/auth/logout`, `${r}/auth/logout`, { headers: asOwner })).status).toBe(200);
    expect((await call('post', `${r}/auth/logout`, `${r}/auth/logout`, { headers: asOwner })).status).toBe(401);
  });

  test('hours, exceptional days, pause and busy mode (docs/decisions/023)', async () => {
    const r = '/v2/restaurant';
    const owner = { Cookie: (await createTestStaff(server.db, { role: 'owner', now })).cookie };
    const member = { Cookie: (await createTestStaff(server.db, { role: 'staff', now })).cookie };
    const page = await call('get', `${r}/hours`, `${r}/hours`, { headers: owner });
    expect(page.status).toBe(200);
    expect((await call('get', `${r}/hours`, `${r}/hours`, { headers: member })).status).toBe(403);
    const menu = (
      page.body as { payload: { menus: { menu_id: number; version: number; active_times: unknown; time_ranges: unknown; pickup_time_ranges: unknown }[] } }
    ).payload.menus[0]!;
    const hours = `${r}/menus/{menu_id}/hours`;
    const body = {
      active_times: menu.active_times,
      time_ranges: menu.time_ranges,
      pickup_time_ranges: menu.pickup_time_ranges,
      expected_version: menu.version,
    };
    expect((await call('put', hours, `${r}/menus/${menu.menu_id}/hours`, { headers: owner, body: json(body) })).status).toBe(200);
    expect((await call('put', hours, `${r}/menus/${menu.menu_id}/hours`, { headers: owner, body: json(body) })).status).toBe(409);
    expect((await call('put', hours, `${r}/menus/999/hours`, { headers: owner, body: json(body) })).status).toBe(404);
    const created = await call('post', `${r}/exceptions`, `${r}/exceptions`, { headers: owner, body: json({ date: '2025-12-25', is_closed: true }) });
    expect(created.status).toBe(201);
    expect((await call('post', `${r}/exceptions`, `${r}/exceptions`, { headers: owner, body: json({ date: '2025-11-01', is_closed: true }) })).status).toBe(
      400,
    );
    const { id, version } = (created.body as { payload: { id: number; version: number } }).payload;
    const one = `${r}/exceptions/{id}`;
    expect(
      (await call('put', one, `${r}/exceptions/${id}`, { headers: owner, body: json({ date: '2025-12-25', is_closed: true, expected_version: version }) }))
        .status,
    ).toBe(200);
    expect(
      (await call('put', one, `${r}/exceptions/${id}`, { headers: owner, body: json({ date: '2025-12-25', is_closed: true, expected_version: version }) }))
        .status,
    ).toBe(409);
    expect((await call('delete', one, `${r}/exceptions/${id}`, { headers: owner })).status).toBe(200);
    expect((await call('delete', one, `${r}/exceptions/${id}`, { headers: owner })).status).toBe(404);
    expect((await call('get', `${r}/ordering`, `${r}/ordering`, { headers: member })).status).toBe(200);
    expect((await call('get', `${r}/ordering`, `${r}/ordering`)).status).toBe(401);
    for (const [action, good, bad] of [
      ['pause', { minutes: 15 }, { minutes: 5 }],
      ['busy', { extra_minutes: 10, minutes: 30 }, { extra_minutes: 10 }],
    ] as const) {
      expect((await call('post', `${r}/ordering/${action}`, `${r}/ordering/${action}`, { headers: member, body: json(good) })).status).toBe(200);
      expect((await call('post', `${r}/ordering/${action}`, `${r}/ordering/${action}`, { headers: member, body: json(bad) })).status).toBe(400);
    }
    for (const action of ['resume', 'busy-off']) {
      expect((await call('post', `${r}/ordering/${action}`, `${r}/ordering/${action}`, { headers: member })).status).toBe(200);
      expect((await call('post', `${r}/ordering/${action}`, `${r}/ordering/${action}`)).status).toBe(401);
    }
  });

  test('the back office: audit log, export and import (docs/decisions/023)', async () => {
    const r = '/v2/restaurant';
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const member = await createTestStaff(server.db, { role: 'staff', now });
    const asOwner = { Cookie: owner.cookie };
    expect((await call('get', `${r}/audit`, `${r}/audit?entity=restaurant`, { headers: asOwner })).status).toBe(200);
    expect((await call('get', `${r}/audit`, `${r}/audit?before_id=x`, { headers: asOwner })).status).toBe(400);
    expect((await call('get', `${r}/audit`, `${r}/audit`, { headers: { Cookie: member.cookie } })).status).toBe(403);
    const exported = await call('get', `${r}/export`, `${r}/export`, { headers: asOwner });
    expect(exported.status).toBe(200);
    expect((await call('get', `${r}/export`, `${r}/export`)).status).toBe(401);
    const file = json(exported.body);
    const preview = await call('post', `${r}/import/preview`, `${r}/import/preview`, { headers: asOwner, body: file });
    expect(preview.status).toBe(200);
    expect((await call('post', `${r}/import/preview`, `${r}/import/preview`, { headers: asOwner, body: json({ menus: [] }) })).status).toBe(400);
    const version = (preview.body as { payload: { catalog_version: number } }).payload.catalog_version;
    const stale = await call('post', `${r}/import`, `${r}/import?expected_catalog_version=${version + 5}`, { headers: asOwner, body: file });
    expect(stale.status).toBe(409);
    expect((await call('post', `${r}/import`, `${r}/import?expected_catalog_version=${version}`, { headers: asOwner, body: file })).status).toBe(200);
  });

  test("staff devices' Web Push: key, subscribe, unsubscribe (docs/decisions/022)", async () => {
    const staff = await createTestStaff(server.db, { now });
    const cookie = { Cookie: staff.cookie };
    const push = '/v2/restaurant/push';
    expect((await call('get', `${push}/key`, `${push}/key`, { headers: cookie })).status).toBe(200);
    expect((await call('get', `${push}/key`, `${push}/key`)).status).toBe(401);
    const subscription = {
      endpoint: 'https://push.example.com/send/contrat',
      expirationTime: null,
      keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
    };
    expect((await call('post', `${push}/subscriptions`, `${push}/subscriptions`, { headers: cookie, body: json(subscription) })).status).toBe(200);
    expect((await call('post', `${push}/subscriptions`, `${push}/subscriptions`, { body: json(subscription) })).status).toBe(401);
    const plain = await call('post', `${push}/subscriptions`, `${push}/subscriptions`, {
      headers: cookie,
      body: json({ ...subscription, endpoint: 'http://push.example.com/x' }),
    });
    expect(plain.status).toBe(400);
    expect(errorOf(plain).code).toBe('invalid_request');
    const body = json({ endpoint: subscription.endpoint });
    expect((await call('delete', `${push}/subscriptions`, `${push}/subscriptions`, { headers: cookie, body })).status).toBe(200);
    expect((await call('delete', `${push}/subscriptions`, `${push}/subscriptions`, { body })).status).toBe(401);
  });

  test('live events (SSE) and the screens’ heartbeat', async () => {
    const staff = await createTestStaff(server.db, { now });
    const events = '/v2/restaurant/events';
    const stream = await call('get', events, `${events}?after=0`, { headers: { Cookie: staff.cookie } });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(new TextDecoder().decode(stream.body as Uint8Array)).toMatch(/^retry: 2000/);
    expect((await call('get', events, events)).status).toBe(401);
    expect((await call('get', events, `${events}?after=x`, { headers: { Cookie: staff.cookie } })).status).toBe(400);
    const tracking = '/v2/public/tracking/{secret}/events';
    expect((await call('get', tracking, `/v2/public/tracking/${cashOrder.secret}/events?after=0`)).status).toBe(200);
    expect((await call('get', tracking, `/v2/public/tracking/${'0'.repeat(64)}/events`)).status).toBe(404);
    const heartbeat = '/v2/restaurant/screens/heartbeat';
    expect((await call('post', heartbeat, heartbeat, { body: json({ screen_id: 'ecran-contrat-1' }), headers: { Cookie: staff.cookie } })).status).toBe(200);
    expect((await call('post', heartbeat, heartbeat, { body: json({ screen_id: 'ecran-contrat-1' }) })).status).toBe(401);
    expect((await call('post', heartbeat, heartbeat, { body: json({ screen_id: 1 }), headers: { Cookie: staff.cookie } })).status).toBe(400);
  });

  test('the back office’s offers and coupons (docs/decisions/023)', async () => {
    const r = '/v2/restaurant/offers';
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const asOwner = { Cookie: owner.cookie };
    expect((await call('get', r, r, { headers: asOwner })).status).toBe(200);
    expect((await call('get', r, r)).status).toBe(401);
    const body = { name: 'Contrat', type: 'percentage', value: 10, auto_apply: 'No', code: 'contrat-10' };
    const created = await call('post', r, r, { headers: asOwner, body: json(body) });
    expect(created.status).toBe(201);
    const { id, version } = (created.body as { payload: { id: number; version: number } }).payload;
    expect((await call('post', r, r, { headers: asOwner, body: json(body) })).status).toBe(409);
    const one = `${r}/{offer_id}`;
    const updated = await call('put', one, `${r}/${id}`, { headers: asOwner, body: json({ ...body, value: 12, expected_version: version }) });
    expect(updated.status).toBe(200);
    const current = (updated.body as { payload: { version: number } }).payload.version;
    expect((await call('put', one, `${r}/${id}`, { headers: asOwner, body: json({ ...body, expected_version: version }) })).status).toBe(409);
    const active = `${r}/{offer_id}/active`;
    const paused = await call('post', active, `${r}/${id}/active`, { headers: asOwner, body: json({ is_active: false, expected_version: current }) });
    expect(paused.status).toBe(200);
    expect((await call('post', active, `${r}/${id}/active`, { headers: asOwner, body: json({ is_active: 'non' }) })).status).toBe(400);
    const last = (paused.body as { payload: { version: number } }).payload.version;
    expect((await call('delete', one, `${r}/${id}`, { headers: asOwner })).status).toBe(400);
    expect((await call('delete', one, `${r}/${id}?expected_version=${last}`, { headers: asOwner })).status).toBe(200);
  });

  test('the back office: image upload, dishes’ availability (docs/decisions/023)', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const member = await createTestStaff(server.db, { role: 'staff', now });
    const multipart = async (bytes: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
      const request = new Request('http://contrat.local/', { method: 'POST', body: form });
      return { type: request.headers.get('content-type')!, body: new Uint8Array(await request.arrayBuffer()) };
    };
    const uploads = '/v2/restaurant/uploads';
    const photo = await multipart(await photoLikeJpeg(640, 480));
    expect((await call('post', uploads, uploads, { headers: { Cookie: owner.cookie, 'Content-Type': photo.type }, body: photo.body })).status).toBe(200);
    expect((await call('post', uploads, uploads, { headers: { Cookie: member.cookie, 'Content-Type': photo.type }, body: photo.body })).status).toBe(403);
    expect((await call('post', uploads, uploads, { headers: { 'Content-Type': photo.type }, body: photo.body })).status).toBe(401);
    const text = await multipart(new TextEncoder().encode('pas une image'));
    expect((await call('post', uploads, uploads, { headers: { Cookie: owner.cookie, 'Content-Type': text.type }, body: text.body })).status).toBe(400);

    const list = '/v2/restaurant/availability';
    const dishes = await call('get', list, list, { headers: { Cookie: member.cookie } });
    expect(dishes.status).toBe(200);
    expect((await call('get', list, list)).status).toBe(401);
    const dish = (dishes.body as { payload: { item_id: number; version: number }[] }).payload[0]!;
    const set = '/v2/restaurant/items/{item_id}/availability';
    const url = `/v2/restaurant/items/${dish.item_id}/availability`;
    const soldOut = await call('put', set, url, {
      headers: { Cookie: member.cookie },
      body: json({ state: 'sold_out_today', expected_version: dish.version }),
    });
    expect(soldOut.status).toBe(200);
    expect(
      (await call('put', set, url, { headers: { Cookie: member.cookie }, body: json({ state: 'available', expected_version: dish.version }) })).status,
    ).toBe(409);
    const version = (soldOut.body as { payload: { version: number } }).payload.version;
    expect((await call('put', set, url, { headers: { Cookie: member.cookie }, body: json({ state: 'available', expected_version: version }) })).status).toBe(
      200,
    );
    expect((await call('put', set, url, { headers: { Cookie: member.cookie }, body: json({ state: 'x', expected_version: version }) })).status).toBe(400);
    expect(
      (
        await call('put', set, '/v2/restaurant/items/999999/availability', {
          headers: { Cookie: member.cookie },
          body: json({ state: 'available', expected_version: 0 }),
        })
      ).status,
    ).toBe(404);
    expect((await call('put', set, url, { body: json({ state: 'available', expected_version: version }) })).status).toBe(401);
  });

  test('the menu editor: tree, dishes, categories and menus (docs/decisions/023)', async () => {
    const r = '/v2/restaurant/menu';
    const owner = { Cookie: (await createTestStaff(server.db, { role: 'owner', now })).cookie };
    const member = { Cookie: (await createTestStaff(server.db, { now })).cookie };
    const tree = await call('get', r, r, { headers: owner });
    expect(tree.status).toBe(200);
    expect((await call('get', r, r, { headers: member })).status).toBe(403);
    const menuId = (tree.body as { payload: { menus: { menu_id: number }[] } }).payload.menus[0]!.menu_id;

    const menus = `${r}/menus`;
    const created = await call('post', menus, menus, { headers: owner, body: json({ name: 'Brunch', description: '', available: true }) });
    expect(created.status).toBe(200);
    expect((await call('post', menus, menus, { headers: owner, body: json({ name: '' }) })).status).toBe(400);
    const brunch = (created.body as { payload: { menu_id: number; version: number } }).payload;
    const menu = `${menus}/{id}`;
    const renamed = await call('put', menu, `${menus}/${brunch.menu_id}`, {
      headers: owner,
      body: json({ name: 'Brunch du dimanche', description: '', available: true, expected_version: brunch.version }),
    });
    expect(renamed.status).toBe(200);
    expect(
      (
        await call('put', menu, `${menus}/${brunch.menu_id}`, {
          headers: owner,
          body: json({ name: 'X', description: '', available: true, expected_version: brunch.version }),
        })
      ).status,
    ).toBe(409);
    expect((await call('post', `${menu}/move`, `${menus}/${brunch.menu_id}/move`, { headers: owner, body: json({ direction: 'up' }) })).status).toBe(200);
    expect((await call('post', `${menu}/move`, `${menus}/999999/move`, { headers: owner, body: json({ direction: 'up' }) })).status).toBe(404);

    const categories = `${r}/categories`;
    const newCategory = await call('post', categories, categories, { headers: owner, body: json({ menu_id: brunch.menu_id, name: 'Œufs', description: '' }) });
    expect(newCategory.status).toBe(200);
    expect((await call('post', categories, categories, { headers: member, body: json({ menu_id: menuId, name: 'Œufs', description: '' }) })).status).toBe(403);
    const category = (newCategory.body as { payload: { category_id: number; version: number } }).payload;
    const categoryRoute = `${categories}/{id}`;
    const categoryUrl = `${categories}/${category.category_id}`;
    const categorySaved = await call('put', categoryRoute, categoryUrl, {
      headers: owner,
      body: json({ name: 'Les œufs', description: '', expected_version: category.version }),
    });
    expect(categorySaved.status).toBe(200);
    expect(
      (await call('put', categoryRoute, categoryUrl, { headers: owner, body: json({ name: 'X', description: '', expected_version: category.version }) }))
        .status,
    ).toBe(409);
    expect((await call('post', `${categoryRoute}/move`, `${categoryUrl}/move`, { headers: owner, body: json({ direction: 'down' }) })).status).toBe(200);
    expect((await call('post', `${categoryRoute}/move`, `${categories}/999999/move`, { headers: owner, body: json({ direction: 'down' }) })).status).toBe(404);

    const dishes = `${r}/items`;
    const dish = {
      category_id: category.category_id,
      name: 'Œufs Bénédicte',
      image: '/images/items/pizza-margherita.svg',
      price_pickup: 12,
      price_delivery: 13,
      options: [{ name: 'Pain', selected: 1, required: true, values: [{ name: 'Muffin' }, { name: 'Brioche', price: 1 }] }],
    };
    const newDish = await call('post', dishes, dishes, { headers: owner, body: json(dish) });
    expect(newDish.status).toBe(200);
    expect((await call('post', dishes, dishes, { headers: owner, body: json({ ...dish, price_pickup: -1 }) })).status).toBe(400);
    const saved = (newDish.body as { payload: { item_id: number; version: number } }).payload;
    const dishRoute = `${dishes}/{id}`;
    const dishUrl = `${dishes}/${saved.item_id}`;
    const updated = await call('put', dishRoute, dishUrl, { headers: owner, body: json({ ...dish, price_pickup: 12.5, expected_version: saved.version }) });
    expect(updated.status).toBe(200);
    expect((await call('put', dishRoute, dishUrl, { headers: owner, body: json({ ...dish, expected_version: saved.version }) })).status).toBe(409);
    expect((await call('post', `${dishRoute}/move`, `${dishUrl}/move`, { headers: owner, body: json({ direction: 'up' }) })).status).toBe(200);
    expect((await call('post', `${dishRoute}/move`, `${dishUrl}/move`, { headers: owner, body: json({ direction: 'nowhere' }) })).status).toBe(400);
    const dishVersion = (updated.body as { payload: { version: number } }).payload.version;
    expect((await call('delete', dishRoute, `${dishUrl}?expected_version=${saved.version}`, { headers: owner })).status).toBe(409);
    expect((await call('delete', dishRoute, `${dishUrl}?expected_version=${dishVersion}`, { headers: owner })).status).toBe(200);
    const categoryVersion = (categorySaved.body as { payload: { version: number } }).payload.version;
    expect((await call('delete', categoryRoute, `${categoryUrl}?expected_version=${category.version}`, { headers: owner })).status).toBe(409);
    expect((await call('delete', categoryRoute, `${categoryUrl}?expected_version=${categoryVersion}`, { headers: owner })).status).toBe(200);
    const menuVersion = (renamed.body as { payload: { version: number } }).payload.version;
    expect((await call('delete', menu, `${menus}/${brunch.menu_id}?expected_version=x`, { headers: owner })).status).toBe(400);
    expect((await call('delete', menu, `${menus}/${brunch.menu_id}?expected_version=${menuVersion}`, { headers: owner })).status).toBe(200);
  });

  test('the back office’s settings: read, change, refusals (docs/decisions/023)', async () => {
    const settingsRoute = '/v2/restaurant/settings';
    const owner = { Cookie: (await createTestStaff(server.db, { role: 'owner', now })).cookie };
    const member = { Cookie: (await createTestStaff(server.db, { now })).cookie };
    const read = await call('get', settingsRoute, settingsRoute, { headers: owner });
    expect(read.status).toBe(200);
    expect((await call('get', settingsRoute, settingsRoute, { headers: member })).status).toBe(403);
    const version = (read.body as { payload: { name: string; version: number }[] }).payload.find((s) => s.name === 'scheduling.minimum_time')?.version ?? 0;
    const change = (value: unknown, expected = version) => json({ changes: [{ name: 'scheduling.minimum_time', value, expected_version: expected }] });
    expect((await call('patch', settingsRoute, settingsRoute, { headers: owner, body: change('trente') })).status).toBe(400);
    expect((await call('patch', settingsRoute, settingsRoute, { headers: owner, body: change(35) })).status).toBe(200);
    expect((await call('patch', settingsRoute, settingsRoute, { headers: owner, body: change(40) })).status).toBe(409);
    expect((await call('patch', settingsRoute, settingsRoute, { body: change(40) })).status).toBe(401);
  });

  test('the owner’s register: archives and the verification (docs/decisions/031)', async () => {
    const owner = { Cookie: (await createTestStaff(server.db, { role: 'owner', now })).cookie };
    const member = { Cookie: (await createTestStaff(server.db, { now })).cookie };
    // The month of the test's clock closed by the closing job, 40 days on: its archive is written.
    await server.deps.closing.runOnce(new Date(now.getTime() + 40 * 86_400_000));
    const archives = '/v2/restaurant/books/archives';
    const listed = await call('get', archives, archives, { headers: owner });
    expect(listed.status).toBe(200);
    expect((await call('get', archives, archives, { headers: member })).status).toBe(403);
    const [first] = (listed.body as { payload: { archives: { name: string; period: string }[] } }).payload.archives.filter(
      (a) => a.name.startsWith('live-') && a.period.length === 7,
    );
    expect(first).toBeDefined();
    const archive = '/v2/restaurant/books/archives/{name}';
    expect((await call('get', archive, `${archives}/${first!.name}`, { headers: owner })).status).toBe(200);
    expect((await call('get', archive, `${archives}/live-1999-01.tar`, { headers: owner })).status).toBe(404);
    expect((await call('post', archives, archives, { headers: owner, body: json({ period: first!.period }) })).status).toBe(200);
    expect((await call('post', archives, archives, { headers: owner, body: json({ period: '2999-01' }) })).status).toBe(422);
    expect((await call('post', archives, archives, { headers: owner, body: json({ period: 'novembre' }) })).status).toBe(400);
    const verification = '/v2/restaurant/books/verification';
    expect((await call('post', verification, verification, { headers: owner })).status).toBe(200);
    expect((await call('post', verification, verification)).status).toBe(401);
  });

  test('the owner’s sales report (docs/decisions/031)', async () => {
    const owner = { Cookie: (await createTestStaff(server.db, { role: 'owner', now })).cookie };
    const report = '/v2/restaurant/books/report';
    expect((await call('get', report, `${report}?period=month&from=2025-11-25`, { headers: owner })).status).toBe(200);
    expect((await call('get', report, report, { headers: owner })).status).toBe(200);
    expect((await call('get', report, `${report}?period=range&from=2025-11-25&to=2025-11-01`, { headers: owner })).status).toBe(400);
    expect((await call('get', report, report)).status).toBe(401);
  });

  test('every past order (docs/decisions/034)', async () => {
    const staff = { Cookie: (await createTestStaff(server.db, { now })).cookie };
    const { orderId } = await placeCashOrder(server);
    const list = '/v2/restaurant/order-history';
    expect((await call('get', list, `${list}?q=${orderId}`, { headers: staff })).status).toBe(200);
    expect((await call('get', list, `${list}?from=2025-11-25&to=2025-11-01`, { headers: staff })).status).toBe(400);
    expect((await call('get', list, list)).status).toBe(401);
    const one = '/v2/restaurant/order-history/{order_id}';
    expect((await call('get', one, `${list}/${orderId}`, { headers: staff })).status).toBe(200);
    expect((await call('get', one, `${list}/999999`, { headers: staff })).status).toBe(404);
    expect((await call('get', one, `${list}/${orderId}`)).status).toBe(401);
  });

  test('the customers (docs/decisions/037)', async () => {
    const staff = { Cookie: (await createTestStaff(server.db, { now })).cookie };
    const owner = { Cookie: (await createTestStaff(server.db, { role: 'owner', now })).cookie };
    await placeCashOrder(server);
    const list = '/v2/restaurant/customers';
    expect((await call('get', list, `${list}?q=dupont&sort=orders`, { headers: staff })).status).toBe(200);
    expect((await call('get', list, `${list}?sort=prix`, { headers: staff })).status).toBe(400);
    expect((await call('get', list, list)).status).toBe(401);
    const one = '/v2/restaurant/customers/{customer_key}';
    const key = encodeURIComponent('phone:+33612345678');
    expect((await call('get', one, `${list}/${key}`, { headers: staff })).status).toBe(200);
    expect((await call('get', one, `${list}/${encodeURIComponent('email:personne@example.fr')}`, { headers: staff })).status).toBe(404);
    expect((await call('get', one, `${list}/${key}`)).status).toBe(401);
    const note = '/v2/restaurant/customers/{customer_key}/note';
    expect((await call('put', note, `${list}/${key}/note`, { headers: staff, body: json({ note: 'allergique aux noix' }) })).status).toBe(200);
    expect((await call('put', note, `${list}/${key}/note`, { headers: staff, body: json({ note: 'x'.repeat(501) }) })).status).toBe(400);
    expect(
      (await call('put', note, `${list}/${encodeURIComponent('email:personne@example.fr')}/note`, { headers: staff, body: json({ note: 'x' }) })).status,
    ).toBe(404);
    expect((await call('put', note, `${list}/${key}/note`, { body: json({ note: 'x' }) })).status).toBe(401);
    const mark = '/v2/restaurant/customers/{customer_key}/mark';
    expect((await call('put', mark, `${list}/${key}/mark`, { headers: staff, body: json({ mark: 'blocked', reason: 'essai' }) })).status).toBe(403);
    expect((await call('put', mark, `${list}/${key}/mark`, { headers: staff, body: json({ mark: 'flagged' }) })).status).toBe(400);
    expect(
      (await call('put', mark, `${list}/${encodeURIComponent('email:personne@example.fr')}/mark`, { headers: staff, body: json({ mark: null }) })).status,
    ).toBe(404);
    expect((await call('put', mark, `${list}/${key}/mark`, { headers: owner, body: json({ mark: 'flagged', reason: 'essai' }) })).status).toBe(200);
    expect((await call('put', mark, `${list}/${key}/mark`, { headers: owner, body: json({ mark: null }) })).status).toBe(200);
    expect((await call('put', mark, `${list}/${key}/mark`, { body: json({ mark: null }) })).status).toBe(401);
  });

  test('the accountant’s exports (docs/decisions/032)', async () => {
    const owner = { Cookie: (await createTestStaff(server.db, { role: 'owner', now })).cookie };
    const list = '/v2/restaurant/books/exports';
    expect((await call('get', list, `${list}?period=month&from=2025-11-25`, { headers: owner })).status).toBe(200);
    expect((await call('get', list, `${list}?period=range&from=2025-11-25&to=2025-11-01`, { headers: owner })).status).toBe(400);
    const file = '/v2/restaurant/books/exports/{kind}';
    expect((await call('get', file, `${list}/receipts?period=month&from=2025-11-25`, { headers: owner })).status).toBe(200);
    expect((await call('get', file, `${list}/e_reporting?period=month&from=2025-11-25`, { headers: owner })).status).toBe(422);
    expect((await call('get', file, `${list}/fec`)).status).toBe(401);
  });

  test('Star CloudPRNT: the poll, the job, its confirmation (docs/decisions/033)', async () => {
    const printer = await addPrinter(server, { name: 'Cuisine contrat' });
    await placeCashOrder(server);
    const route = '/v2/print/cloudprnt/{secret}';
    const url = `/v2/print/cloudprnt/${printer.secret}`;
    const poll = await call('post', route, url, { body: json({ printerMAC: '00:11:62:0a:0b:0c', statusCode: '200%20OK', printingInProgress: false }) });
    expect(poll.status).toBe(200);
    const token = (poll.body as { jobToken: string }).jobToken;
    expect(token).toBeTruthy();
    expect((await call('post', route, url, { body: json({ printingInProgress: 'oui' }) })).status).toBe(400);
    expect(errorOf(await call('post', route, '/v2/print/cloudprnt/inconnue', { body: json({}) })).code).toBe('printer_not_found');
    const job = await call('get', route, `${url}?type=application%2Fvnd.star.starprnt&token=${token}`);
    expect(job.status).toBe(200);
    expect(job.contentType).toBe('application/vnd.star.starprnt');
    expect((await call('get', route, `${url}?type=application%2Fvnd.escpos&token=${token}`)).contentType).toBe('application/vnd.escpos');
    expect(errorOf(await call('get', route, `${url}?type=text%2Fplain&token=${token}`)).code).toBe('print_media_unsupported');
    expect(errorOf(await call('get', route, `${url}?token=inconnu`)).code).toBe('print_job_not_found');
    expect((await call('delete', route, `${url}?code=200%20OK&token=${token}`)).body).toEqual({ result: 'printed' });
    expect((await call('delete', route, `${url}?code=200%20OK&token=${token}`)).body).toEqual({ result: 'unknown' });
    expect((await call('delete', route, `${url}?token=${token}`)).status).toBe(400);
    expect(errorOf(await call('delete', route, `/v2/print/cloudprnt/inconnue?code=200%20OK`)).code).toBe('printer_not_found');
  });

  test('an Epson printer’s Server Direct Print polls (docs/decisions/033)', async () => {
    const secret = newPrinterSecret();
    await server.db.insert(printers).values({ name: 'Cuisine', station: 'kitchen', connection: 'epson_sdp', secret });
    const route = '/v2/print/epson/{secret}';
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const polled = await call('post', route, `/v2/print/epson/${secret}`, { headers: form, body: 'ConnectionType=GetRequest&ID=TM-m30III' });
    expect(polled.status).toBe(200);
    expect(polled.contentType).toMatch(/^text\/xml/);
    expect((await call('post', route, `/v2/print/epson/${secret}`, { headers: form, body: 'ConnectionType=Autre' })).status).toBe(400);
    expect((await call('post', route, '/v2/print/epson/inconnu', { headers: form, body: 'ConnectionType=GetRequest' })).status).toBe(404);
  });

  test('the kitchen printers: the printers page, stations, test page, status and « Réimprimer » (docs/decisions/033)', async () => {
    const owner = { Cookie: (await createTestStaff(server.db, { role: 'owner', now })).cookie };
    const member = { Cookie: (await createTestStaff(server.db, { now })).cookie };
    const r = '/v2/restaurant/printers';
    const printer = {
      name: 'Cuisine',
      station: 'kitchen',
      paper_width: 80,
      connection: 'cloudprnt',
      host: null,
      port: null,
      via_agent: false,
      copies: 1,
      print_on: 'arrival',
      qr_code: true,
      enabled: true,
      backup_printer_id: null,
      fallback_seconds: 120,
    };
    expect((await call('get', r, r, { headers: member })).status).toBe(200);
    expect((await call('get', r, r)).status).toBe(401);
    const created = await call('post', r, r, { headers: owner, body: json(printer) });
    expect(created.status).toBe(201);
    expect((await call('post', r, r, { headers: owner, body: json({ ...printer, name: '' }) })).status).toBe(400);
    const { id, version } = (created.body as { payload: { id: number; version: number } }).payload;
    const one = `${r}/{printer_id}`;
    const updated = await call('put', one, `${r}/${id}`, { headers: owner, body: json({ ...printer, copies: 2, expected_version: version }) });
    expect(updated.status).toBe(200);
    const current = (updated.body as { payload: { version: number } }).payload.version;
    expect((await call('put', one, `${r}/${id}`, { headers: owner, body: json({ ...printer, expected_version: version }) })).status).toBe(409);
    const secret = `${r}/{printer_id}/secret`;
    expect((await call('post', secret, `${r}/${id}/secret`, { headers: owner, body: json({ expected_version: version }) })).status).toBe(409);
    const rotated = await call('post', secret, `${r}/${id}/secret`, { headers: owner, body: json({ expected_version: current }) });
    expect(rotated.status).toBe(200);
    const test = `${r}/{printer_id}/test`;
    const queued = await call('post', test, `${r}/${id}/test`, { headers: owner });
    expect(queued.status).toBe(201);
    expect((await call('post', test, `${r}/999999/test`, { headers: owner })).status).toBe(404);
    const job = '/v2/restaurant/print-jobs/{job_id}';
    const jobId = (queued.body as { payload: { job_id: number } }).payload.job_id;
    expect((await call('get', job, `/v2/restaurant/print-jobs/${jobId}`, { headers: member })).status).toBe(200);
    expect((await call('get', job, '/v2/restaurant/print-jobs/999999', { headers: member })).status).toBe(404);
    const stations = '/v2/restaurant/stations/{category_id}';
    const page = (await call('get', r, r, { headers: owner })).body as { payload: { categories: { category_id: number }[] } };
    const categoryId = page.payload.categories[0]!.category_id;
    expect((await call('put', stations, `/v2/restaurant/stations/${categoryId}`, { headers: owner, body: json({ station: 'bar' }) })).status).toBe(200);
    expect((await call('put', stations, `/v2/restaurant/stations/${categoryId}`, { headers: owner, body: json({ station: null }) })).status).toBe(200);
    expect((await call('put', stations, '/v2/restaurant/stations/999999', { headers: owner, body: json({ station: 'bar' }) })).status).toBe(404);
    const status = `${r}/status`;
    expect((await call('get', status, status, { headers: member })).status).toBe(200);
    expect((await call('get', status, status)).status).toBe(401);
    const order = await placeCashOrder(server);
    const reprint = '/v2/restaurant/orders/{order_id}/reprint';
    expect((await call('post', reprint, `/v2/restaurant/orders/${order.orderId}/reprint`, { headers: member, body: json({ printer_id: id }) })).status).toBe(
      200,
    );
    expect((await call('post', reprint, '/v2/restaurant/orders/999999/reprint', { headers: member, body: json({}) })).status).toBe(404);
    const one2 = await call('delete', one, `${r}/${id}`, { headers: owner });
    expect(one2.status).toBe(400);
    const latest = (rotated.body as { payload: { version: number } }).payload.version;
    expect((await call('delete', one, `${r}/${id}?expected_version=${latest}`, { headers: owner })).status).toBe(200);
  });

  test('every declared route was met in success and in error', () => {
    const routes = declared.map((route) => `${route.method.toUpperCase()} ${documentPath(route.path)}`);
    const missing = routes.filter((route) => {
      const statuses = [...(met.get(route) ?? [])];
      return !statuses.some((status) => status < 300) || !statuses.some((status) => status >= 400);
    });
    expect(missing).toEqual([]);
  });
});
