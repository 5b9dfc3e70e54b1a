import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { ErrorBodySchema, errorStatus, type ErrorBody } from '@resto/contract/errors';
import { groupChoices, type ChosenOptionValue, type Menu, type MenuItem } from '@resto/domain/catalogue';
import { orderPayloadTotals, type OrderPayload } from '@resto/domain/checkout';
import type { Offer } from '@resto/domain/offers';
import { priceCart, type PricedCart } from '@resto/domain/pricing';
import type { SettingsList } from '@resto/domain/settings';
import { catalogDoor, createApp, createDeps, type AppDeps, type LocationProviders } from '../app.ts';
import { createServerWithDoor } from '../http/fast-path/prepared-door.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { createLogger, type Logger } from '../logger.ts';
import type { PaymentProvider } from '../modules/payments/providers/types.ts';
import type { PaymentService } from '../modules/payments/service.ts';
import { seedDemoIfEmpty } from '../seeding/demo-restaurant.ts';
import { createMailTransport } from '../modules/mail/transport.ts';
import { startTestSmtp, type TestInbox } from './smtp.ts';

/**
 * Integration-test harness: a fresh database (PGlite in memory, or a fresh PostgreSQL database
 * when DATABASE_URL is set), the real migrations, the demo restaurant, the real app on a real
 * HTTP port. docs/decisions/017, section 5: the same suite proves both.
 */

export interface TestServerOptions {
  /** The app's clock; a fixed instant makes menu_is_open deterministic. Defaults to the real time. */
  clock?: () => Date;
  /** false: every request through the app, none answered at the door (http/fast-path/prepared-door.ts). */
  door?: boolean;
  /** Load the demo restaurant (default true). Logs are silent unless TEST_LOG_LEVEL is set. */
  seed?: boolean;
  /** Address search and routing; the offline providers by default. */
  locations?: LocationProviders;
  /** The app's logger (default: pino, silent unless TEST_LOG_LEVEL is set). */
  logger?: Logger;
  /** SITE_URL, the site's public origin in e-mail links and the `site.url` setting answered (default https://chez-margot.example). */
  siteUrl?: string;
  /** Trust X-Forwarded-For (default true here: tests give each case its own client address). */
  trustProxy?: boolean;
  /** The card payment provider, made on the test database; the built-in test processor by default; null: card payments off. */
  payments?: (db: Database) => PaymentProvider | null;
  /**
   * Multiplies the request limits of docs/decisions/014 (orders, payment calls, address search). Default
   * 1000, as RATE_LIMIT_FACTOR in the benches and browser tests: test files place many orders from
   * one address and e-mail. The limits' own tests pass 1.
   */
  rateLimitFactor?: number;
  /**
   * Settings replacing the demo restaurant's at its load. Default `{'orders.email_only': true}`:
   * most tests order "as soon as possible" without a staff screen connected, which the restaurant
   * accepts only when it handles orders by e-mail (docs/decisions/022); the escalation tests pass
   * `{'orders.email_only': false}`.
   */
  settings?: Record<string, unknown>;
  /** Comment pings on SSE streams, ms (default 15 s). */
  ssePingMs?: number;
  /** The live events hub's safety re-read of the table, ms (default 10 s). */
  realtimePollMs?: number;
  /**
   * Another instance on an existing PostgreSQL database (another TestServer's `databaseUrl`):
   * opened as is (not created, not dropped on close).
   */
  databaseUrl?: string;
  /** Where uploaded images go (deps.uploadsDir); default: a fresh temporary folder, removed on close. */
  uploadsDir?: string;
  /** Where the books' archives go (deps.archivesDir); default: a fresh temporary folder, removed on close. */
  archivesDir?: string;
  /** PGlite's data directory, as the server keeps it (DATA_DIR), kept on close; default in memory. Ignored on PostgreSQL. */
  dataDir?: string;
}

export interface TestServer {
  /** 'http://127.0.0.1:<port>' with no trailing slash. */
  baseUrl: string;
  /** The app's clock (the fixed one when given): what the order factory prices offers at. */
  now: () => Date;
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL database's URL (another instance can open it: `databaseUrl`); undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The services the app runs on (mail outbox, auth), for tests that drive them directly. */
  deps: AppDeps;
  /** The real SMTP server the app sends its e-mails to. */
  mail: TestInbox;
  /** How many requests the catalogue's door answered before the app (http/fast-path/prepared-door.ts). */
  doorAnswers(): number;
  /** The app's card payment service (reconciliation pass, provider). */
  payments: PaymentService;
  close(): Promise<void>;
}

/** DATABASE_URL when set and not empty (scripts/test-all.sh runs `DATABASE_URL= vitest` for PGlite). */
function testDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url === undefined || url.trim() === '' ? undefined : url;
}

/** DATABASE_URL for a `.pg.test.ts` file (PostgreSQL-only tests); throws when it is not set. */
export function requiredDatabaseUrl(): string {
  const url = testDatabaseUrl();
  if (!url) throw new Error('Ce test ne tourne que sur PostgreSQL : définissez DATABASE_URL (scripts/test-all.sh le fait).');
  return url;
}

/** Creates `test_<random>` on the PostgreSQL of `adminUrl`; returns its URL and a dropper. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  door?: (request: IncomingMessage, response: ServerResponse) => boolean,
): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    // As the server does (run-server.ts): the catalogue's prepared answers at the door, then Hono.
    const createServer = createServerWithDoor(door);
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1', createServer }, (info: AddressInfo) => resolve({ server, port: info.port }));
    // fetch keeps connections open between requests; Node closes idle ones after 5 s, and a test that
    // works longer than that between two calls (3,000 demo orders) could reuse a socket being closed
    // (ECONNRESET). Idle connections here stay open longer than any test.
    (server as Server).keepAliveTimeout = 120_000;
    server.once('error', reject);
    // Node closes an idle keep-alive socket after 5 s; a test that computes longer than that (3,000
    // demo orders on a loaded machine) could then send on a socket being closed: ECONNRESET. Tests
    // keep sockets open instead; close() drops them all.
    (server as Server).keepAliveTimeout = 120_000;
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error?: Error) => (error ? reject(error) : resolve()));
    // fetch keeps connections alive: drop them so close() does not wait for their timeout.
    const http = server as Server;
    if (typeof http.closeAllConnections === 'function') http.closeAllConnections();
  });
}

/**
 * Starts the real API on 127.0.0.1 and a free port, on a fresh migrated database loaded with
 * the demo restaurant. close() stops the server, closes the database and drops it (PostgreSQL).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const adminUrl = testDatabaseUrl();
  const pgDatabase = options.databaseUrl ? undefined : adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
  const databaseUrl = options.databaseUrl ?? pgDatabase?.url;
  const handle = await openDatabase(databaseUrl ? { databaseUrl, dataDir: 'memory://' } : { dataDir: options.dataDir ?? 'memory://' });
  try {
    if (options.seed !== false) await seedDemoIfEmpty(handle.db, { settings: options.settings ?? { 'orders.email_only': true } });
    const clock = options.clock ?? (() => new Date());
    const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL || 'silent');
    const mail = await startTestSmtp();
    const mailTransport = createMailTransport({ smtpUrl: mail.url, outboxDir: 'unused', from: 'Chez Margot <no-reply@chez-margot.example>', logger });
    const ownUploads = options.uploadsDir ? undefined : mkdtempSync(join(tmpdir(), 'resto-test-uploads-'));
    const ownArchives = options.archivesDir ? undefined : mkdtempSync(join(tmpdir(), 'resto-test-archives-'));
    const deps = createDeps(handle.db, logger, clock, {
      mailTransport,
      trustProxy: options.trustProxy ?? true,
      locations: options.locations,
      payments: options.payments?.(handle.db),
      rateLimitFactor: options.rateLimitFactor ?? 1000,
      siteUrl: options.siteUrl ?? 'https://chez-margot.example',
      listen: handle.listen,
      ssePingMs: options.ssePingMs,
      realtimePollMs: options.realtimePollMs,
      uploadsDir: options.uploadsDir ?? ownUploads,
      archivesDir: options.archivesDir ?? ownArchives,
    });
    const app = createApp(deps);
    const door = catalogDoor(deps);
    let doorAnswers = 0;
    const { server, port } = await listen(
      app.fetch,
      options.door === false
        ? undefined
        : (request, response) => {
            const answered = door(request, response);
            if (answered) doorAnswers += 1;
            return answered;
          },
    );
    let closed = false;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      now: clock,
      db: handle.db,
      kind: handle.kind,
      databaseUrl,
      deps,
      mail,
      payments: deps.payments,
      doorAnswers: () => doorAnswers,
      async close() {
        if (closed) return;
        closed = true;
        await deps.realtime.close(); // open SSE streams end first
        await closeServer(server);
        await deps.mail.idle();
        mailTransport.close();
        await mail.close();
        await handle.close();
        await pgDatabase?.drop();
        if (ownUploads) rmSync(ownUploads, { recursive: true, force: true });
        if (ownArchives) rmSync(ownArchives, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await handle.close();
    await pgDatabase?.drop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

/** An error answer: the contract's ErrorBody (packages/contract/src/errors.ts). */
export type ErrorEnvelope = ErrorBody;

interface SuccessEnvelope<T> {
  status: 'success';
  payload: T;
}

type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** An answer as it came over the wire: status, Node's headers, the bytes not decoded (fetch would decompress them). */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with Node's http client (no body), answered as `RawAnswer`. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * fetch + JSON body; the body is typed as the API's envelope (assert on it, do not trust it).
 * Every error answer a test provokes through here is checked against the contract's error
 * envelope (ErrorBodySchema: a `code` of the enum) and the code's HTTP status (`errorStatus`):
 * an error without a code, or with a status its code does not give, fails the test that got it.
 */
export async function request<T = unknown>(baseUrl: string, path: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (body.status === 'error' || response.status >= 400) checkErrorAnswer(`${init.method ?? 'GET'} ${path}`, response.status, body);
  return { status: response.status, headers: response.headers, body };
}

/**
 * Fails unless `body` is the contract's error envelope with a code whose HTTP status is `status`.
 * @throws Error naming the call and the body.
 */
export function checkErrorAnswer(call: string, status: number, body: unknown): void {
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) throw new Error(`${call}: ${status} without the error envelope of the contract: ${JSON.stringify(body).slice(0, 300)}`);
  if (errorStatus[parsed.data.code] !== status)
    throw new Error(`${call}: ${status} with code ${parsed.data.code}, whose status is ${errorStatus[parsed.data.code]}`);
}

export function getJson<T = unknown>(baseUrl: string, path: string): Promise<JsonResponse<T>> {
  return request<T>(baseUrl, path);
}

export function sendJson<T = unknown>(baseUrl: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown): Promise<JsonResponse<T>> {
  return request<T>(baseUrl, path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** The payload of a success envelope; fails with the envelope when it is not one. */
export function payloadOf<T>(response: JsonResponse<T>): T {
  if (response.body.status !== 'success') throw new Error(`expected success, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.payload;
}

/** The error envelope of a response; fails with the envelope when it is not one. */
export function errorOf(response: JsonResponse<unknown>): ErrorEnvelope {
  if (response.body.status !== 'error') throw new Error(`expected an error, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

/**
 * A French sentence for a person: not empty, not zod's or JS's English defaults, no stack trace.
 * Loose on purpose: it catches English leaks, it does not judge the wording.
 */
export function looksFrench(message: string): boolean {
  if (message.trim().length === 0) return false;
  const english = /\b(invalid|expected|required|received|must|unknown|not found|error|too (big|small)|string|number|at ?\w+\.ts)\b/i;
  return !english.test(message);
}

/** Number of rows in the orders table. */
export async function countOrders(db: Database): Promise<number> {
  const rows = await db.select({ n: count() }).from(orders);
  return rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Catalogue and order factories

export interface PublicCatalogue {
  menus: Menu[];
  settings: SettingsList;
  /** Automatic offers as GET /v2/public/offers serves them. */
  offers: Offer[];
}

/** The catalogue exactly as a browser gets it: GET /v2/public/menus, /settings and /offers. */
export async function fetchCatalogue(baseUrl: string): Promise<PublicCatalogue> {
  const [menus, settings, offers] = await Promise.all([
    getJson<Menu[]>(baseUrl, '/v2/public/menus'),
    getJson<{ name: string; value: unknown }[]>(baseUrl, '/v2/public/settings'),
    getJson<Offer[]>(baseUrl, '/v2/public/offers'),
  ]);
  return { menus: payloadOf(menus), settings: payloadOf(settings), offers: payloadOf(offers) };
}

/** A coupon as GET /v2/public/offers/{coupon} serves it, or null when the API refuses the code. */
export async function fetchCoupon(baseUrl: string, code: string): Promise<Offer | null> {
  const response = await getJson<Offer[]>(baseUrl, `/v2/public/offers/${encodeURIComponent(code)}`);
  return response.body.status === 'success' ? (response.body.payload[0] ?? null) : null;
}

export function allItems(catalogue: PublicCatalogue): MenuItem[] {
  return catalogue.menus.flatMap((menu) => menu.categories.flatMap((category) => category.items));
}

export function findItem(catalogue: PublicCatalogue, itemId: number): MenuItem {
  const item = allItems(catalogue).find((i) => i.item_id === itemId);
  if (!item) throw new Error(`item ${itemId} is not in the catalogue`);
  return item;
}

/** The first available pizza (category 1) with no required option: the default order line. */
function defaultPizza(catalogue: PublicCatalogue): MenuItem {
  const pizza = allItems(catalogue).find((i) => i.item_category_id === 1 && i.item_is_available && !i.options.some((o) => o.required));
  if (!pizza) throw new Error('the demo menu has no available pizza without required options');
  return pizza;
}

/** A cart line for the factory: an item, a quantity, the option values chosen. */
export interface LineChoice {
  itemId: number;
  quantity: number;
  choices?: ChosenOptionValue[];
  note?: string;
}

type OrderLinePayload = OrderPayload['items'][number];

/**
 * Prices pickup lines with the domain code the browser and the server share (priceCart:
 * pricedLineFromItem, the offers, readTaxSettings, calculateCartTotals) at `now`.
 */
export function priceLines(catalogue: PublicCatalogue, lines: readonly LineChoice[], now: Date, coupon: Offer | null = null): PricedCart {
  return priceCart({
    lines: lines.map((line) => ({ item: findItem(catalogue, line.itemId), choices: line.choices ?? [], quantity: line.quantity })),
    isPickup: true,
    settings: catalogue.settings,
    offers: catalogue.offers,
    coupon,
    now,
    delivery: null, // pickup: no delivery quote
  });
}

export interface OrderOverrides extends Partial<OrderPayload> {
  /** The cart; default: two of the first pizza without required options. Totals follow it. */
  lines?: LineChoice[];
}

/** A random local_id as the storefront makes one. */
export function newLocalId(): string {
  return `test-${randomBytes(12).toString('hex')}`;
}

/**
 * A valid pickup + cash order for the demo menu. Its totals are computed with the real domain
 * code from the catalogue fetched over HTTP at the server's clock: never hard-coded. Any other
 * field can be overridden; overrides win over computed totals (to tamper with them).
 */
export async function buildOrderPayload(server: Pick<TestServer, 'baseUrl' | 'now'>, overrides: OrderOverrides = {}): Promise<OrderPayload> {
  const catalogue = await fetchCatalogue(server.baseUrl);
  const { lines: lineOverride, ...fields } = overrides;
  const lines = lineOverride ?? [{ itemId: defaultPizza(catalogue).item_id, quantity: 2 }];
  const coupon = fields.coupon ? await fetchCoupon(server.baseUrl, fields.coupon) : null;
  const { totals } = priceLines(catalogue, lines, server.now(), coupon);
  const items: OrderLinePayload[] = lines.map((line) => {
    const item = findItem(catalogue, line.itemId);
    return {
      item_id: item.item_id,
      item_menu_id: item.item_menu_id,
      quantity: line.quantity,
      note: line.note ?? '',
      options: groupChoices(line.choices ?? []),
    };
  });
  return {
    local_id: newLocalId(),
    items,
    free_items: [],
    is_pickup: true,
    ...orderPayloadTotals(totals),
    payment_method: 'cash',
    transaction_id: null,
    user_id: null,
    status: 'pending',
    customer: { first_name: 'Marie', last_name: 'Dupont', email: 'marie.dupont@example.fr', phone: '06 12 34 56 78' },
    location: null,
    date: server.now().toISOString(),
    ...fields,
  };
}

/** POST /v2/public/checkout/ (with the spec's trailing slash). */
export function postOrder(baseUrl: string, body: unknown) {
  return sendJson<{ order_id: number; secret: string }>(baseUrl, 'POST', '/v2/public/checkout/', body);
}

/** A value deep-copied as a loose JSON object, for tests that break fields on purpose. */
export function looseCopy(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}
