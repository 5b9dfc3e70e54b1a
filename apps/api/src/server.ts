import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createApp, createDeps } from './app.ts';
import { openDatabase } from './db/client.ts';
import { lockDataDir } from './db/lock.ts';
import { readEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { createMailTransport } from './modules/mail/transport.ts';
import { demoHistoryOrders, seedDemoIfEmpty } from './seed.ts';
import { locationProviders } from './modules/locations/providers/from-env.ts';
import { paymentProvider } from './modules/payments/providers/from-env.ts';
import { startReconciler } from './modules/payments/reconciler.ts';

/**
 * One Node process: the API under /v2 and the storefront (React Router SSR build) on PORT,
 * on PGlite under DATA_DIR, or PostgreSQL when DATABASE_URL is set (DESIGN.md, "The shape").
 */
async function main() {
  const env = readEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const release = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  const demoHistory = env.DEMO_HISTORY ? demoHistoryOrders : 0;
  if (await seedDemoIfEmpty(database.db, { history: demoHistory, now: env.CLOCK_NOW ? new Date(env.CLOCK_NOW) : undefined, settings: env.DEMO_SETTINGS }))
    logger.info({ orders: demoHistory }, 'restaurant de démonstration chargé');

  const fixedNow = env.CLOCK_NOW ? new Date(env.CLOCK_NOW) : undefined;
  const mailTransport = createMailTransport({ smtpUrl: env.SMTP_URL, outboxDir: join(env.dataDir, 'outbox'), from: env.MAIL_FROM, logger });
  const payments = paymentProvider(env, database.db, logger);
  const deps = createDeps(database.db, logger, fixedNow ? () => fixedNow : undefined, {
    mailTransport,
    trustProxy: env.TRUST_PROXY,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    locations: locationProviders(env),
    payments,
  });
  deps.mail.start(); // order e-mails not sent yet (this process or a previous one) are retried every 30 s
  const purge = () => void deps.auth.purgeExpired().catch((error: unknown) => logger.warn({ err: error }, 'ménage des comptes impossible'));
  setInterval(purge, 60 * 60_000).unref(); // expired sessions, codes, counters, unconfirmed sign-ups
  purge();
  const app = new Hono({ strict: false });
  app.use(compress());
  app.route('/', createApp(deps));
  await mountStorefront(app, env.WEB_BUILD_DIR, (path, init) => Promise.resolve(app.request(path, init)));

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      { port: info.port, database: database.kind, dataDir: database.kind === 'pglite' ? env.dataDir : undefined, mail: mailTransport.kind },
      `prêt sur http://localhost:${info.port}`,
    );
  });
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
  // Paid intents whose PUT and webhook were both lost (issue 6): on start, then every minute.
  const stopReconciler = payments ? startReconciler(deps.payments, logger) : async () => {};

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'arrêt en cours');
    server.close();
    await stopReconciler();
    deps.mail.stop();
    await deps.mail.idle();
    mailTransport.close();
    await database.close();
    await release();
    logger.info('base fermée proprement');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Serves the storefront's static files and its SSR handler, when the web app is built. */
async function mountStorefront(app: Hono, buildDirOption: string | undefined, apiFetch: (path: string, init?: RequestInit) => Promise<Response>) {
  const here = dirname(fileURLToPath(import.meta.url));
  const buildDir = resolve(buildDirOption ?? join(here, '../../web/build'));
  const serverEntry = join(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    console.warn(`Boutique non construite (${serverEntry} absent) : API seule. Lancez « npm run build ».`);
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const clientDir = join(buildDir, 'client');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root: clientDir }));
  const handler = createRequestHandler(build, 'production');
  app.all('*', (c) => handler(c.req.raw, { apiFetch }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
