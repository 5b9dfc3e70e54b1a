/**
 * Card payment benchmark (docs/decisions/007): 200 concurrent card checkouts over real
 * HTTP on PGlite with the built-in test processor — order, customer, intent, card 4242
 * confirmation, PUT paid — where 20 % are retried with the same local_id (order and intent asked
 * again) and 10 % get their webhook before their PUT (the others after it). Prints orders created,
 * duplicates (must be 0), lost paid orders (must be 0) and latency percentiles.
 * Run: npm run bench:payments
 */
import { sql } from 'drizzle-orm';
import { createLogger } from '../apps/api/src/logger.ts';
import { queryRows } from '../apps/api/src/db/client.ts';
import { TestProcessor } from '../apps/api/src/modules/payments/providers/test-processor.ts';
import { buildOrderPayload, payloadOf, postOrder, sendJson, startTestServer, newLocalId } from '../apps/api/src/test/harness.ts';

const checkouts = 200;
const retriedShare = 0.2;
const webhookFirstShare = 0.1;

/** Each intent's event waits at its gate until the checkout lets it through (before or after the PUT). */
const gates = new Map<string, { open: () => void; opened: Promise<void>; delivered: Promise<void>; done: () => void }>();
const gate = (intentId: string) => {
  let entry = gates.get(intentId);
  if (!entry) {
    let open = () => {};
    let done = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    const delivered = new Promise<void>((resolve) => (done = resolve));
    entry = { open, opened, delivered, done };
    gates.set(intentId, entry);
  }
  return entry;
};

let baseUrl = '';
let processor: TestProcessor | undefined;
const server = await startTestServer({
  clock: () => new Date('2025-11-28T11:00:00Z'), // a Friday noon in Paris: open
  payments: (db) => {
    processor = new TestProcessor(db, createLogger('silent'), {
      deliver: async (body, signature) => {
        const intentId = (JSON.parse(body) as { data: { object: { id: string } } }).data.object.id;
        const entry = gate(intentId);
        await entry.opened;
        const response = await fetch(`${baseUrl}/v2/public/checkout/stripe-webhook`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
          body,
        });
        await response.arrayBuffer();
        entry.done();
        return response.status;
      },
    });
    return processor;
  },
});
baseUrl = server.baseUrl;
const template = await buildOrderPayload(server, { payment_method: 'card' });


interface Outcome {
  localId: string;
  orderIds: number[];
  intentIds: string[];
  ms: number;
  /** The PUT alone, in ms. */
  putMs: number;
  paidAnswer: boolean;
}

async function checkout(retried: boolean, webhookFirst: boolean): Promise<Outcome> {
  const started = performance.now();
  const payload = { ...template, local_id: newLocalId() };
  const orderIds: number[] = [];
  const intentIds: string[] = [];
  const attempt = async () => {
    const { order_id, secret } = payloadOf(await postOrder(baseUrl, payload));
    orderIds.push(order_id);
    const { customer } = payloadOf(
      await sendJson<{ customer: string }>(baseUrl, 'POST', '/v2/public/checkout/stripe-customer', { email: 'bench@example.fr', name: 'Banc Essai', phone: '+33612345678' }),
    );
    const intent = payloadOf(
      await sendJson<{ id: string; client_secret: string; status: string }>(baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', {
        order_id,
        customer_id: customer,
        amount: payload.total,
        secret, // the order's proof (docs/decisions/014)
      }),
    );
    intentIds.push(intent.id);
    return { order_id, intent, secret };
  };
  // A retried checkout: the browser sends the same order twice at once (double tap, flaky network).
  const [{ order_id, intent, secret }] = await Promise.all([attempt(), ...(retried ? [attempt()] : [])]);
  if (intent.status !== 'succeeded')
    payloadOf(
      await sendJson(baseUrl, 'POST', '/v2/public/checkout/test-processor/confirm', {
        client_secret: intent.client_secret,
        number: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      }),
    );
  const entry = gate(intent.id);
  if (webhookFirst) {
    entry.open();
    await entry.delivered;
  }
  const putStarted = performance.now();
  const put = await sendJson<{ status: string }>(baseUrl, 'PUT', '/v2/public/checkout/', { order_id, transaction_id: intent.id, status: 'paid', secret });
  const putMs = performance.now() - putStarted;
  if (!webhookFirst) entry.open();
  return { localId: payload.local_id, orderIds, intentIds, ms: performance.now() - started, putMs, paidAnswer: put.status === 200 && put.body.status === 'success' };
}

const plan = Array.from({ length: checkouts }, (_, i) => ({ retried: i % Math.round(1 / retriedShare) === 1, webhookFirst: i % Math.round(1 / webhookFirstShare) === 0 }));
const started = performance.now();
const outcomes = await Promise.all(plan.map((p) => checkout(p.retried, p.webhookFirst)));
const wallMs = performance.now() - started;
await processor!.idle();

const [counts] = await queryRows<{ orders: number; payments: number; intents: number; paid: number; succeeded: number; lost: number; paid_history: number }>(
  server.db,
  sql`select
    (select count(*)::int from orders) as orders,
    (select count(*)::int from payments) as payments,
    (select count(*)::int from test_processor_intents) as intents,
    (select count(*)::int from orders where status = 'paid') as paid,
    (select count(*)::int from test_processor_intents where status = 'succeeded') as succeeded,
    (select count(*)::int from test_processor_intents i join payments p on p.intent_id = i.id join orders o on o.order_id = p.order_id
       where i.status = 'succeeded' and o.status <> 'paid') as lost,
    (select count(*)::int from order_events where to_status = 'paid') as paid_history`,
);
const c = counts!;
const sameOrderEachTry = outcomes.every((o) => new Set(o.orderIds).size === 1 && new Set(o.intentIds).size === 1);
const duplicates = c.orders - checkouts + (c.intents - c.orders) + (c.paid_history - c.paid) + (sameOrderEachTry ? 0 : 1);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const latencies = sorted(outcomes.map((o) => o.ms));
const putLatencies = sorted(outcomes.map((o) => o.putMs));
const percentile = (list: number[], p: number) => list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!;
const pct = (p: number) => percentile(latencies, p);

console.log(`Paiement par carte — ${checkouts} commandes simultanées (processeur de test, PGlite, HTTP réel)`);
console.log(`  relancées avec le même local_id : ${plan.filter((p) => p.retried).length}, webhook avant le PUT : ${plan.filter((p) => p.webhookFirst).length}`);
console.log(`  commandes créées : ${c.orders} (intentions : ${c.intents}, paiements : ${c.payments})`);
console.log(`  payées : ${c.paid}, intentions réussies : ${c.succeeded}, PUT paid acceptés : ${outcomes.filter((o) => o.paidAnswer).length}`);
console.log(`  doublons : ${duplicates} (doit valoir 0)`);
console.log(`  perdues (payées chez le prestataire, pas chez nous) : ${c.lost} (doit valoir 0)`);
console.log(`  PUT paid (vérifié auprès du prestataire) : p50 ${percentile(putLatencies, 50).toFixed(0)} ms, p99 ${percentile(putLatencies, 99).toFixed(0)} ms`);
console.log(`  durée d'un paiement complet (commande, client, intention, carte, PUT ; toutes arrivées ensemble) : p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms ; total ${(wallMs / 1000).toFixed(1)} s`);
await server.close();
if (duplicates !== 0 || c.lost !== 0 || c.orders !== checkouts) process.exitCode = 1;
