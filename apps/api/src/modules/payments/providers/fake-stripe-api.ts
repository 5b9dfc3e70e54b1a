import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers the Stripe API calls our provider makes, in Stripe's documented
 * JSON formats (https://docs.stripe.com/api/customers/object,
 * https://docs.stripe.com/api/payment_intents/object, https://docs.stripe.com/api/refunds/object), so tests run the real `stripe` SDK code
 * path: form-encoded bodies, Bearer key, Idempotency-Key replays, error envelopes.
 */

interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

export interface FakeStripeApi {
  port: number;
  calls: RecordedCall[];
  intents: Map<string, Record<string, unknown>>;
  /** What Stripe.js does in the browser after confirmation: the intent succeeds (or fails). */
  setIntentStatus(id: string, status: string): void;
  /** Refunds made (POST /v1/refunds), by id. */
  refunds: Map<string, Record<string, unknown>>;
  /** The next refunds of this intent are refused with Stripe's error (code, message) until `acceptRefunds`. */
  refuseRefunds(intentId: string, error?: { code: string; message: string }): void;
  acceptRefunds(intentId: string): void;
  close(): Promise<void>;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter += 1).toString(36).padStart(6, '0')}`;
const unix = () => Math.floor(Date.now() / 1000);

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(body))));
    req.on('error', reject);
  });
}

/** `metadata[order_id]=1001` → { order_id: '1001' }. */
function bracketed(form: Record<string, string>, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${name}\\[(.+)\\]$`).exec(key);
    if (match) out[match[1]!] = value;
  }
  return out;
}

function customerObject(form: Record<string, string>) {
  return {
    id: nextId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: unix(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: form.email ?? null,
    invoice_prefix: 'A1B2C3D4',
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: form.name ?? null,
    next_invoice_sequence: 1,
    phone: form.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

function paymentIntentObject(form: Record<string, string>) {
  const id = nextId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: Number(form.amount),
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: form['automatic_payment_methods[enabled]'] ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${Math.random().toString(36).slice(2)}`,
    confirmation_method: 'automatic',
    created: unix(),
    currency: form.currency,
    customer: form.customer ?? null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: bracketed(form, 'metadata'),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

const notFound = (id: string) => ({
  error: {
    code: 'resource_missing',
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    message: `No such payment_intent: '${id}'`,
    param: 'intent',
    type: 'invalid_request_error',
  },
});

/** A Refund object (https://docs.stripe.com/api/refunds/object). */
function refundObject(intent: Record<string, unknown>, amount: number) {
  return {
    id: nextId('re'),
    object: 'refund',
    amount,
    balance_transaction: nextId('txn'),
    charge: nextId('ch'),
    created: unix(),
    currency: intent.currency,
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata: {},
    payment_intent: intent.id,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** Stripe's error envelope for a refused request (https://docs.stripe.com/api/errors). */
const invalidRequest = (code: string, message: string, param?: string) => ({
  error: {
    code,
    doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
    message,
    ...(param ? { param } : {}),
    request_log_url: 'https://dashboard.stripe.com/test/logs/req_local',
    type: 'invalid_request_error',
  },
});

export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const calls: RecordedCall[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const refusedRefunds = new Map<string, { code: string; message: string }>();
  const replays = new Map<string, unknown>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const form = await readForm(req);
      const path = (req.url ?? '').split('?')[0] ?? '';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization, idempotencyKey, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': nextId('req'),
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        });
        res.end(JSON.stringify(body));
      };
      const replayKey = idempotencyKey ? `${req.method} ${path} ${idempotencyKey}` : undefined;
      if (replayKey && replays.has(replayKey)) return send(200, replays.get(replayKey));
      let body: unknown;
      const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'POST' && path === '/v1/customers') body = customerObject(form);
      else if (req.method === 'POST' && path === '/v1/payment_intents') {
        const intent = paymentIntentObject(form);
        intents.set(intent.id, intent);
        body = intent;
      } else if (req.method === 'POST' && path === '/v1/refunds') {
        const intent = intents.get(form.payment_intent ?? '');
        if (!intent) return send(400, invalidRequest('resource_missing', `No such payment_intent: '${form.payment_intent ?? ''}'`, 'payment_intent'));
        const refused = refusedRefunds.get(String(intent.id));
        if (refused) return send(400, invalidRequest(refused.code, refused.message));
        if (intent.status !== 'succeeded')
          return send(400, invalidRequest('charge_not_refundable', `This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`));
        const amount = form.amount ? Number(form.amount) : Number(intent.amount);
        const already = [...refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((n, r) => n + Number(r.amount), 0);
        if (already + amount > Number(intent.amount))
          return send(400, invalidRequest('charge_already_refunded', `Charge for ${String(intent.id)} has already been refunded.`));
        const refund = refundObject(intent, amount);
        refunds.set(refund.id, refund);
        body = refund;
      } else if (intentMatch) {
        const intent = intents.get(intentMatch[1]!);
        if (!intent) return send(404, notFound(intentMatch[1]!));
        if (req.method === 'POST') {
          if (form.amount) intent.amount = Number(form.amount);
          if (form.customer) intent.customer = form.customer;
        }
        body = intent;
      } else return send(404, { error: { message: `Unrecognized request URL (${req.method}: ${path}).`, type: 'invalid_request_error' } });
      if (replayKey) replays.set(replayKey, body);
      send(200, body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    intents,
    refunds,
    refuseRefunds(intentId, error = { code: 'charge_disputed', message: 'This charge is disputed and cannot be refunded.' }) {
      refusedRefunds.set(intentId, error);
    },
    acceptRefunds(intentId) {
      refusedRefunds.delete(intentId);
    },
    setIntentStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = status;
      if (status === 'succeeded') intent.amount_received = intent.amount;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
