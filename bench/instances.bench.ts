/**
 * Two API instances on one PostgreSQL (docs/decisions/010). Two instances of the app,
 * each with its own connection pool, mail outbox folder, test payment processor and HTTP port, in
 * this process, on one fresh PostgreSQL database (migrated by both at once). 200 concurrent orders
 * spread over both, 20 % sent again at the same time to the other instance with the same
 * local_id; 50 of them by card: 20 paid by a PUT on the other instance while the webhook reaches
 * the first, 15 whose webhook reaches both instances at once, 15 whose webhook is lost, found by
 * the reconciliation pass run on both instances at the same time. Prints lost and duplicated
 * orders, paid history rows per paid order, e-mails sent per order (each exactly once), p99.
 * Run: npm run bench:instances   (needs PostgreSQL: DATABASE_URL or 127.0.0.1:5432)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { simpleParser } from 'mailparser';
import { sql } from 'drizzle-orm';
import { createApp, createDeps, type AppDeps } from '../apps/api/src/app.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { createLogger } from '../apps/api/src/logger.ts';
import { createMailTransport } from '../apps/api/src/modules/mail/transport.ts';
import { TestProcessor } from '../apps/api/src/modules/payments/providers/test-processor.ts';
import { seedDemoIfEmpty } from '../apps/api/src/seeding/demo-restaurant.ts';
import { buildOrderPayload, newLocalId, payloadOf, postOrder, sendJson } from '../apps/api/src/test/harness.ts';
import { freshPostgresDatabase, openNow, percentile, postgresAdminUrl } from './lib/server-process.ts';

const adminUrl = await postgresAdminUrl();
if (!adminUrl) {
  console.log('PostgreSQL absent (DATABASE_URL ou 127.0.0.1:5432) : banc non lancé.');
  process.exit(1);
}
const orderCount = 200;
const cardCount = 50;
const logger = createLogger('silent');
const database = await freshPostgresDatabase(adminUrl);
const outboxes = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'resto-instance-outbox-')));

type Policy = 'self' | 'both' | 'lost';
const policies = new Map<string, Policy>();
interface Instance {
  handle: DatabaseHandle;
  deps: AppDeps;
  processor: TestProcessor;
  server: Server;
  baseUrl: string;
}
const instances: Instance[] = [];

async function webhook(target: Instance, body: string, signature: string) {
  const response = await fetch(`${target.baseUrl}/v2/public/checkout/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

// Both instances start together on the empty database: migrations and the demo under the advisory lock.
const handles = await Promise.all(
  [0, 1].map(() => openDatabase({ databaseUrl: database.url, dataDir: 'unused', setup: (db) => seedDemoIfEmpty(db, { settings: { 'orders.email_only': true } }).then(() => undefined) })),
);
for (const [index, handle] of handles.entries()) {
  const processor: TestProcessor = new TestProcessor(handle.db, logger, {
    deliver: async (body, signature) => {
      const intentId = (JSON.parse(body) as { data: { object: { id: string } } }).data.object.id;
      const policy = policies.get(intentId) ?? 'self';
      const self = instances[index]!;
      if (policy === 'lost') return 200; // the event never reaches us
      if (policy === 'both') return (await Promise.all(instances.map((target) => webhook(target, body, signature))))[0]!;
      return webhook(self, body, signature);
    },
  });
  const mailTransport = createMailTransport({ outboxDir: outboxes[index]!, maxFiles: 10_000, from: 'Banc <banc@example.fr>', logger });
  const deps = createDeps(handle.db, logger, () => openNow, { mailTransport, payments: processor, rateLimitFactor: 1000 });
  const app = createApp(deps);
  const { server, port } = await new Promise<{ server: Server; port: number }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server: s as Server, port: info.port }));
  });
  instances.push({ handle, deps, processor, server, baseUrl: `http://127.0.0.1:${port}` });
}

const template = await buildOrderPayload({ baseUrl: instances[0]!.baseUrl, now: () => openNow });
const cardTemplate = { ...template, payment_method: 'card' as const };

interface Outcome {
  localId: string;
  card: boolean;
  orderIds: number[];
  failures: string[];
  ms: number;
}

async function order(i: number): Promise<Outcome> {
  const started = performance.now();
  const here = instances[i % 2]!;
  const other = instances[(i + 1) % 2]!;
  const card = i < cardCount;
  const payload = { ...(card ? cardTemplate : template), local_id: newLocalId(), customer: { ...template.customer, email: `instances-${i}@example.fr` } };
  const retried = i % 5 === 1;
  const answers = await Promise.all([postOrder(here.baseUrl, payload), ...(retried ? [postOrder(other.baseUrl, payload)] : [])]);
  const failures = answers.filter((a) => a.status !== 201 && a.status !== 200).map((a) => `${a.status} ${JSON.stringify(a.body)}`);
  const orderIds = answers.filter((a) => a.status === 201 || a.status === 200).map((a) => payloadOf(a).order_id);
  if (card && orderIds.length) {
    const orderId = orderIds[0]!;
    const { customer } = payloadOf(
      await sendJson<{ customer: string }>(here.baseUrl, 'POST', '/v2/public/checkout/stripe-customer', { email: payload.customer.email, name: 'Banc Essai', phone: '+33612345678' }),
    );
    const intent = payloadOf(
      await sendJson<{ id: string; client_secret: string }>(here.baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', { order_id: orderId, customer_id: customer, amount: payload.total }),
    );
    const policy: Policy = i < 20 ? 'self' : i < 35 ? 'both' : 'lost';
    policies.set(intent.id, policy);
    payloadOf(
      await sendJson(here.baseUrl, 'POST', '/v2/public/checkout/test-processor/confirm', { client_secret: intent.client_secret, number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    );
    if (policy === 'self') {
      const put = await sendJson<{ status: string }>(other.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: orderId, transaction_id: intent.id, status: 'paid' });
      if (put.status !== 200) failures.push(`PUT ${put.status} ${JSON.stringify(put.body)}`);
    }
  }
  return { localId: payload.local_id, card, orderIds, failures, ms: performance.now() - started };
}

const started = performance.now();
const outcomes = await Promise.all(Array.from({ length: orderCount }, (_, i) => order(i)));
const ordersMs = performance.now() - started;
await Promise.all(instances.map((instance) => instance.processor.idle()));
// The tabs closed and the webhooks lost: the reconciliation pass, on both instances at once.
const reconciled = await Promise.all(instances.map((instance) => instance.deps.payments.reconcile({ limit: 50 })));
await Promise.all(instances.map((instance) => (instance.deps.mail.kick(), instance.deps.mail.idle())));
await Promise.all(instances.map((instance) => instance.deps.mail.sendDue()));

const db = instances[0]!.handle.db;
const [counts] = await queryRows<{ orders: number; distinct_ids: number; paid: number; paid_rows: number; card_pending: number; outbox_left: number }>(
  db,
  sql`select count(*)::int as orders, count(distinct local_id)::int as distinct_ids,
        count(*) filter (where status = 'paid')::int as paid,
        (select count(*)::int from order_events where to_status = 'paid') as paid_rows,
        count(*) filter (where payment_method = 'card' and status <> 'paid')::int as card_pending,
        (select count(*)::int from mail_outbox) as outbox_left
      from orders`,
);
const sent = new Map<string, number>();
for (const dir of outboxes) {
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
    const subject = (await simpleParser(readFileSync(join(dir, name)))).subject ?? '';
    const id = /n° (\d+)/.exec(subject)?.[1];
    if (id) sent.set(`${id}:${subject.startsWith('Nouvelle') ? 'restaurant' : 'client'}`, (sent.get(`${id}:${subject.startsWith('Nouvelle') ? 'restaurant' : 'client'}`) ?? 0) + 1);
  }
}
const stored = new Set((await queryRows<{ local_id: string }>(db, sql`select local_id from orders`)).map((r) => r.local_id));
const c = counts!;
const lost = outcomes.filter((o) => !stored.has(o.localId)).length;
const splitAnswers = outcomes.filter((o) => new Set(o.orderIds).size > 1).length;
const failures = outcomes.flatMap((o) => o.failures);
const mailsPerOrder = [...sent.values()];
const expectedMails = c.orders * 2; // every order placed (cash) or paid (card): confirmation + restaurant
console.log(`\nDeux instances sur une PostgreSQL : ${orderCount} commandes simultanées (${cardCount} par carte), 20 % renvoyées à l'autre instance`);
console.log(`  durée                                  ${(ordersMs / 1000).toFixed(1)} s, p50 ${percentile(outcomes.map((o) => o.ms), 50).toFixed(0)} ms, p99 ${percentile(outcomes.map((o) => o.ms), 99).toFixed(0)} ms`);
console.log(`  commandes en base                      ${c.orders} (attendu ${orderCount})`);
console.log(`  perdues                                ${lost}`);
console.log(`  local_id en double                     ${c.orders - c.distinct_ids}`);
console.log(`  renvois répondus par un autre n°       ${splitAnswers}`);
console.log(`  erreurs HTTP                           ${failures.length}${failures.length ? ` : ${failures.slice(0, 3).join(' | ')}` : ''}`);
console.log(`  cartes payées / restées en attente     ${c.paid} / ${c.card_pending} (rapprochement lancé sur les deux instances à la fois : ${reconciled.map((r) => `${r.checked} examinées, ${r.paid} trouvées payées`).join(' ; ')})`);
console.log(`  lignes « paid » de l'historique        ${c.paid_rows} pour ${c.paid} commandes payées`);
console.log(`  e-mails envoyés                        ${mailsPerOrder.reduce((a, b) => a + b, 0)} (attendu ${expectedMails}), envoyés deux fois : ${mailsPerOrder.filter((n) => n > 1).length}, encore en attente : ${c.outbox_left}`);

for (const instance of instances) {
  instance.server.close();
  instance.server.closeAllConnections();
  await instance.handle.close();
}
await database.drop();
for (const dir of outboxes) rmSync(dir, { recursive: true, force: true });
const bad =
  lost || c.orders !== orderCount || c.orders !== c.distinct_ids || splitAnswers || failures.length || c.card_pending || c.paid_rows !== c.paid || sent.size !== expectedMails || mailsPerOrder.some((n) => n > 1);
process.exit(bad ? 1 : 0);
