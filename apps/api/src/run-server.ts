import { loadSigner, openJournal, type BooksSigner } from './modules/books/index.ts';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { readSetting } from '@resto/domain/settings';
import { getTagManagerId } from '@resto/domain/site';
import { apiRoot } from './api-root.ts';
import { catalogDoor, createApp, createDeps, type ApiMiddlewareName, type AppDeps } from './app.ts';
import { isPreparedResponse } from './http/fast-path/prepared-answer.ts';
import { storefrontSecurity, type ThirdParties } from './http/security-headers.ts';
import { openDatabase } from './db/client.ts';
import { createDrain } from './http/drain.ts';
import { createServerWithDoor } from './http/fast-path/prepared-door.ts';
import { namedMiddleware } from './http/fast-path/bypassed.ts';
import type { Env } from './env.ts';
import { createLogger } from './logger.ts';
import { watchEventLoop } from './http/event-loop-watch.ts';
import { createMailTransport } from './modules/mail/transport.ts';
import { demoHistoryOrders } from './seeding/demo-history.ts';
import { seedDemoIfEmpty } from './seeding/demo-restaurant.ts';
import { locationProviders } from './modules/locations/providers/from-env.ts';
import { paymentProvider } from './modules/payments/providers/from-env.ts';
import { startReconciler } from './modules/payments/reconciler.ts';
import { ensureFirstOwnerLink } from './modules/staff/service.ts';
import { firstOwnerLinkHours } from '@resto/domain/staff';
import { staffLog } from '@resto/copy/staff/team';

/**
 * One Node process: the API under /v2 and the storefront (React Router SSR build) on PORT,
 * on PGlite under DATA_DIR, or PostgreSQL when DATABASE_URL is set (docs/decisions/017, section 1.2).
 * Started by server.ts once the data directory is locked (`release` frees it).
 */
export async function runServer(env: Env, release: () => Promise<void>) {
  const logger = createLogger(env.LOG_LEVEL);
  const demoHistory = env.DEMO_HISTORY ? demoHistoryOrders : 0;
  let firstOwnerLink: string | null = null;
  let booksSigner: BooksSigner | undefined;
  // CLOCK_NOW freezes the clock; CLOCK_START starts it at an instant and lets it run (benches across minutes).
  const startOffset = env.CLOCK_START ? new Date(env.CLOCK_START).getTime() - Date.now() : 0;
  const fixedNow = env.CLOCK_NOW ? new Date(env.CLOCK_NOW) : undefined;
  const appClock: (() => Date) | undefined = fixedNow ? () => fixedNow : env.CLOCK_START ? () => new Date(Date.now() + startOffset) : undefined;
  // Migrations and the demo's first load, one instance at a time on PostgreSQL (docs/decisions/010).
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    setup: async (db) => {
      if (await seedDemoIfEmpty(db, { history: demoHistory, now: appClock?.(), settings: env.DEMO_SETTINGS }))
        logger.info({ orders: demoHistory }, 'restaurant de démonstration chargé');
      // The books' journal opened with its signing key, or the start refused (docs/decisions/031).
      booksSigner = await loadSigner(db, env.BOOKS_SIGNING_KEY);
      await openJournal(db, booksSigner, appClock?.() ?? new Date());
      // No staff member yet: the first owner's one-time link (docs/decisions/020), under the setup lock.
      firstOwnerLink = await ensureFirstOwnerLink(db, appClock?.() ?? new Date(), env.siteUrl, env.STAFF_FIRST_OWNER_TOKEN);
    },
  });

  const mailTransport = createMailTransport({
    smtpUrl: env.SMTP_URL,
    outboxDir: join(env.dataDir, 'outbox'),
    maxFiles: env.OUTBOX_MAX_FILES,
    from: env.MAIL_FROM,
    logger,
  });
  const payments = paymentProvider(env, database.db, logger);
  const deps = createDeps(database.db, logger, appClock, {
    mailTransport,
    trustProxy: env.TRUST_PROXY,
    locations: locationProviders(env),
    payments,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    siteUrl: env.siteUrl,
    listen: database.listen,
    uploadsDir: join(env.dataDir, 'uploads'),
    archivesDir: join(env.dataDir, 'archives'),
    booksSigningKey: env.BOOKS_SIGNING_KEY,
    booksSigner,
  });
  // At warn, so it shows at the default level and at LOG_LEVEL=warn: without it nobody can sign in to the staff area.
  if (firstOwnerLink) {
    logger.warn({ validHours: firstOwnerLinkHours }, staffLog.firstOwnerLink(firstOwnerLink));
    // The same sentence alone on its line, as the README's "Staff area" shows it: whoever runs
    // `npm start` finds the link without reading JSON. On stderr, so that stdout stays one JSON
    // object a line for log collectors.
    process.stderr.write(`${staffLog.firstOwnerLink(firstOwnerLink)}\n`);
  }
  deps.mail.start(); // order e-mails not sent yet (this process or a previous one) are retried every 30 s
  const purge = () => void deps.auth.purgeExpired().catch((error: unknown) => logger.warn({ err: error }, 'ménage des comptes impossible'));
  setInterval(purge, 60 * 60_000).unref(); // expired sessions, codes, counters, unconfirmed sign-ups
  purge();
  // Guest orders past privacy.guest_data_retention_months lose their personal data (docs/decisions/012): now, then hourly.
  const stopRetention = deps.privacy.start();
  // Nothing unseen (docs/decisions/022): unopened orders alerted, unaccepted ones refused, staff screens watched; every 15 s.
  deps.escalation.start();
  // Recommendations' co-occurrence counts (docs/decisions/004): the history folded now, then new orders every 5 s.
  deps.discovery.counts.start();
  // The books (docs/decisions/031): each business day closed after its last opening, then its month and fiscal year; every minute.
  deps.closing.start();
  // Kitchen printers on the restaurant's network driven by the server itself (docs/decisions/033): every 2 s.
  deps.directPrinting.start();
  const app = serverApp(deps);
  const storefront = await mountStorefront(app, {
    buildDir: env.WEB_BUILD_DIR,
    siteUrl: env.siteUrl,
    trustProxy: env.TRUST_PROXY,
    thirdParties: () => thirdParties(deps),
    apiFetch: (path, init) => Promise.resolve(app.request(path, init)),
    now: deps.clock,
  });

  // The storefront's loaders call app.request directly: only requests from the network are drained.
  const drain = createDrain(app.fetch);
  // The catalogue's prepared answers are written before Hono sees the request (http/fast-path/prepared-door.ts).
  const door = catalogDoor(deps, () => !drain.draining());
  const server = serve({ fetch: drain.fetch, port: env.PORT, hostname: env.HOST, createServer: createServerWithDoor(door) }, (info) => {
    logger.info(
      {
        port: info.port,
        database: database.kind,
        dataDir: database.kind === 'pglite' ? env.dataDir : undefined,
        mail: mailTransport.kind,
        siteUrl: env.siteUrl,
        nodeEnv: process.env.NODE_ENV,
        react: storefront ? reactBuildLoaded() : undefined,
      },
      `prêt sur http://localhost:${info.port}`,
    );
  });
  // Idle keep-alive connections outlive the proxies' own idle timeouts (env.ts, KEEP_ALIVE_TIMEOUT):
  // the proxy, not the server, closes them, so it never sends on a connection being closed. Headers
  // get as long, as Node advises (a shorter headersTimeout closed idle keep-alive sockets early).
  const httpServer = server as Server;
  httpServer.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT * 1000;
  httpServer.headersTimeout = Math.max(httpServer.headersTimeout, httpServer.keepAliveTimeout + 1000);
  if (!payments)
    logger.warn(
      { provider: 'none' },
      'paiement par carte désactivé : ni clés Stripe ni PAYMENT_TEST_MODE=1 en production (les commandes par carte sont refusées)',
    );
  else
    logger.info(
      { provider: payments.name },
      payments.name === 'test' ? 'paiement par carte : processeur de test (aucun vrai paiement)' : 'paiement par carte : Stripe',
    );
  // From now on (the start's migrations and seeding are long by nature), a stalled loop is logged (docs/decisions/010).
  const stopEventLoopWatch = watchEventLoop(logger);
  // Paid intents whose PUT and webhook were both lost (docs/decisions/007): on start, then every minute.
  const stopReconciler = payments ? startReconciler(deps.payments, logger, { refunds: deps.board, links: deps.paymentLinks }) : async () => {};

  let stopping = false;
  // SIGTERM/SIGINT (docs/decisions/010): stop accepting, let the requests being served finish (at most
  // SHUTDOWN_TIMEOUT s), refuse new ones on open connections with a 503, then stop the loops and
  // close the database. A request cut at the deadline is logged.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, inFlight: drain.inFlight() }, 'arrêt en cours');
    const draining = drain.drain(httpServer, env.SHUTDOWN_TIMEOUT * 1000);
    // Open SSE streams end now (they would hold the connections until the deadline); browsers
    // reconnect after `retry`, to another instance or to this one once restarted.
    await deps.realtime.close();
    const cut = await draining;
    if (cut) logger.warn({ requests: cut, seconds: env.SHUTDOWN_TIMEOUT }, 'requêtes interrompues au délai d’arrêt');
    await stopReconciler();
    stopEventLoopWatch();
    stopRetention();
    deps.escalation.stop();
    await deps.escalation.idle();
    deps.closing.stop();
    await deps.closing.idle();
    deps.directPrinting.stop();
    await deps.directPrinting.idle();
    deps.mail.stop();
    await deps.mail.idle();
    await deps.discovery.counts.stop();
    mailTransport.close();
    await database.close();
    await release();
    logger.info('base fermée proprement');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

type ServerApp = ReturnType<typeof createApp>;

/** The server's own middleware around the API (bench/api.bench.ts times each, with the drain of createDrain). */
export type ServerMiddlewareName = 'compress';

/**
 * The server's app: the API's, with gzip first for answers the API did not compress itself (the
 * prepared catalogue answers are; compress() would read their headers for nothing). One app, not
 * the API mounted in another: Hono wraps each handler of a mounted app that has its own error
 * handler in one more compose per request (docs/decisions/028). The storefront is mounted on it after
 * (mountStorefront). `without`: middleware left out, only for bench/api.bench.ts.
 */
export function serverApp(deps: AppDeps, options: { without?: readonly (ServerMiddlewareName | ApiMiddlewareName)[] } = {}): ServerApp {
  const gzip = compress();
  const nothingMore = async () => {};
  const compressUnprepared: MiddlewareHandler = namedMiddleware('compress', async (c, next) => {
    await next();
    // compress() with nothing left to run: it only looks at the answer already made.
    if (!isPreparedResponse(c.res)) await gzip(c, nothingMore);
  });
  return createApp(deps, {
    without: options.without?.filter((name): name is ApiMiddlewareName => name !== 'compress'),
    first: options.without?.includes('compress') ? [] : [compressUnprepared],
  });
}

/**
 * The outside services the storefront's pages may load (their CSP sources): Stripe when card
 * payments are on with the Stripe provider, the tag manager when switched on with a valid id.
 */
async function thirdParties(deps: AppDeps): Promise<ThirdParties> {
  const { settings } = await deps.catalog.getCatalog();
  return {
    stripe: deps.payments.provider.name === 'stripe' && readSetting(settings, 'payments.stripe.active', false),
    tagManager: getTagManagerId(settings) !== null,
  };
}

/**
 * Which React DOM server build this process loaded ('production' or 'development'), read from
 * the CommonJS module cache; null when React is not loaded (no storefront build). The storefront
 * renders with the web-streams build (`react-dom-server.edge.*`, docs/decisions/030); the Node
 * build's files count too.
 */
function reactBuildLoaded(): 'production' | 'development' | null {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  if (loaded.some((path) => /react-dom-server\.(edge|node)\.production\.js$/.test(path))) return 'production';
  if (loaded.some((path) => /react-dom-server\.(edge|node)\.development\.js$/.test(path))) return 'development';
  return null;
}

interface StorefrontOptions {
  buildDir: string | undefined;
  /** The site's public origin (SITE_URL): absolute URLs in pages, robots.txt and the sitemap. */
  siteUrl: string;
  trustProxy: boolean | number;
  thirdParties: () => Promise<ThirdParties>;
  apiFetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** The app's clock (CLOCK_NOW when set): pages render at this instant. */
  now: () => Date;
}

/**
 * Serves the storefront's static files and its SSR handler, when the web app is built, behind its
 * security headers (docs/decisions/009-http-security-headers.md). @returns whether it is mounted.
 */
async function mountStorefront(app: ServerApp, options: StorefrontOptions): Promise<boolean> {
  const buildDir = resolve(options.buildDir ?? join(apiRoot, '../web/build'));
  const serverEntry = join(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    console.warn(`Boutique non construite (${serverEntry} absent) : API seule. Lancez « npm run build ».`);
    return false;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const clientDir = join(buildDir, 'client');
  app.use('*', ...storefrontSecurity({ trustProxy: options.trustProxy, thirdParties: options.thirdParties }));
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The Brotli or gzip copy written at build time when the browser takes it (apps/web/scripts/precompress.mjs).
  app.use('*', serveStatic({ root: clientDir, precompressed: true }));
  const handler = createRequestHandler(build, 'production');
  app.all('*', (c) => handler(c.req.raw, { apiFetch: options.apiFetch, siteUrl: options.siteUrl, cspNonce: c.get('cspNonce'), now: options.now }));
  return true;
}
