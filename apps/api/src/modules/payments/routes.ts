import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  PaymentConfigSchema,
  PaymentIntentAnswerSchema,
  StripeCustomerAnswerSchema,
  StripeCustomerSchema,
  StripePaymentIntentSchema,
  TestAuthenticateSchema,
  TestConfirmSchema,
  TestProcessorIntentSchema,
  WebhookAnswerSchema,
  type PaymentConfig,
  type PaymentIntentAnswer,
  type StripeCustomerAnswer,
  type TestProcessorIntent,
  type WebhookAnswer,
} from '@resto/contract/payments';
import { messages } from '@resto/domain/messages';
import { checkTestCard } from '@resto/domain/payments';
import { ApiError, success, type FieldError } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import type { PaymentService } from './service.ts';
import { TestProcessor } from './providers/test-processor.ts';

const cardMessages = { number: messages.cardNumberInvalid, expiry: messages.cardExpiryInvalid, cvc: messages.cardCvcInvalid } as const;

const tags = ['Paiement'];

const paymentConfigRoute = createRoute({
  method: 'get',
  path: '/payment-config',
  tags,
  summary: 'Le prestataire de paiement par carte et la clé publique de Stripe.',
  responses: { 200: successAnswer(PaymentConfigSchema, 'Le prestataire et sa clé publique (null hors Stripe).') },
});

const customerRoute = createRoute({
  method: 'post',
  path: '/stripe-customer',
  tags,
  summary: 'Crée le client du prestataire (section 7).',
  request: { body: jsonBody(StripeCustomerSchema) },
  responses: {
    200: successAnswer(StripeCustomerAnswerSchema, 'L’identifiant du client chez le prestataire.'),
    ...bodyErrors,
    429: errorAnswer('Trop d’appels (rate_limited), avec Retry-After.'),
    502: errorAnswer('Prestataire de paiement injoignable (payment_provider_unavailable).'),
  },
});

const intentRoute = createRoute({
  method: 'post',
  path: '/stripe-payment-intent',
  tags,
  summary: 'Crée ou reprend l’intention de paiement d’une commande, pour son total (section 7).',
  description: 'Seul celui qui a passé la commande l’obtient : son `secret`, son `local_id` ou le jeton Bearer de son compte.',
  security: security.optionalBearer,
  request: { body: jsonBody(StripePaymentIntentSchema) },
  responses: {
    200: successAnswer(PaymentIntentAnswerSchema, 'L’intention : id, client_secret, statut, montant en euros.'),
    ...bodyErrors,
    403: errorAnswer('Preuve de la commande absente ou fausse (order_proof_required).'),
    404: errorAnswer('Commande inconnue (order_not_found).'),
    409: errorAnswer('Le montant n’est plus celui de la commande (payment_amount_changed), `payload` porte le total.'),
    422: errorAnswer('Commande non payable par carte ou plus en attente (payment_not_for_order, order_status_refused).'),
    429: errorAnswer('Trop d’appels (rate_limited), avec Retry-After.'),
    502: errorAnswer('Prestataire de paiement injoignable (payment_provider_unavailable).'),
  },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/stripe-webhook',
  tags,
  summary: 'Les événements signés du prestataire (payment_intent.succeeded…).',
  description: 'Le corps est lu tel quel : la signature Stripe-Signature porte sur ses octets exacts.',
  request: {
    headers: z.object({ 'stripe-signature': z.string().optional() }),
    body: { required: true, content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } },
  },
  responses: {
    200: successAnswer(WebhookAnswerSchema, 'Événement reçu (ou déjà reçu).'),
    400: errorAnswer('Signature absente ou fausse (payment_webhook_refused).'),
    413: errorAnswer('Corps de requête trop grand (body_too_large).'),
  },
});

const testConfirmRoute = createRoute({
  method: 'post',
  path: '/test-processor/confirm',
  tags,
  summary: 'Mode test : le formulaire de carte de test du processeur intégré.',
  request: { body: jsonBody(TestConfirmSchema) },
  responses: {
    200: successAnswer(TestProcessorIntentSchema, 'L’intention après la carte (réussie, refusée ou à authentifier).'),
    ...bodyErrors,
    404: errorAnswer('Intention inconnue (payment_intent_unknown).'),
  },
});

const testAuthenticateRoute = createRoute({
  method: 'post',
  path: '/test-processor/authenticate',
  tags,
  summary: 'Mode test : la réponse à l’authentification 3-D Secure de test.',
  request: { body: jsonBody(TestAuthenticateSchema) },
  responses: {
    200: successAnswer(TestProcessorIntentSchema, 'L’intention après l’authentification.'),
    ...bodyErrors,
    404: errorAnswer('Intention inconnue (payment_intent_unknown).'),
  },
});

/**
 * Card payment routes under /v2/public/checkout (spec section 7; docs/decisions/017, section 2.5):
 * stripe-customer, stripe-payment-intent, stripe-webhook, the public payment configuration, and
 * the test processor's own confirm and authenticate calls when it is the provider.
 */
export function paymentRoutes(
  payments: PaymentService,
  guards: {
    /** Checks the caller placed the order (proveOrderOwnership); @throws ApiError 403/404. */
    proveOwnership: (c: Context, orderId: number, proof: { secret?: string | null; local_id?: string | null }) => Promise<void>;
    /** Counts a stripe-customer call (RequestLimits.customer); @throws ApiError 429. */
    limitCustomer: (c: Context, email: string) => Promise<void>;
    /** Counts a stripe-payment-intent call (RequestLimits.intent); @throws ApiError 429. */
    limitIntent: (c: Context) => Promise<void>;
  },
  clock: () => Date = () => new Date(),
) {
  const app = routes();
  /** Which provider, and Stripe's publishable key: the only payment values the browser sees. */
  declare(app, paymentConfigRoute, (c) => success<PaymentConfig>(c, { provider: payments.provider.name, publishable_key: payments.provider.publishableKey }));
  declare(app, customerRoute, async (c, input) => {
    const body = await input.body();
    await guards.limitCustomer(c, body.email);
    return success<StripeCustomerAnswer>(c, await payments.createCustomer(body));
  });
  declare(app, intentRoute, async (c, input) => {
    const body = await input.body();
    await guards.limitIntent(c);
    // Section 7's call: customer_id and amount only, bound to its order at PUT (docs/decisions/015).
    if (!body.order_id) return success<PaymentIntentAnswer>(c, await payments.createCustomerIntent(body));
    // The order's total, its intent and client_secret go only to whoever placed it (issue 17).
    await guards.proveOwnership(c, body.order_id, body);
    return success<PaymentIntentAnswer>(c, await payments.createIntent({ ...body, order_id: body.order_id }));
  });
  // Raw body: the signature covers the exact bytes sent (constructEvent).
  declare(app, webhookRoute, async (c) => success<WebhookAnswer>(c, await payments.handleWebhook(await c.req.text(), c.req.header('stripe-signature'))));

  const processor = payments.provider;
  if (processor instanceof TestProcessor) {
    declare(app, testConfirmRoute, async (c, input) => {
      const body = await input.body();
      const errors: FieldError[] = checkTestCard(body, clock()).map((e) => ({ path: e.field, message: cardMessages[e.error] }));
      if (errors.length) throw new ApiError('invalid_request', errors[0]!.message, errors);
      const intent = await processor.confirm(body.client_secret, body.number);
      if (!intent) throw new ApiError('payment_intent_unknown', messages.paymentIntentUnknown);
      return success<TestProcessorIntent>(c, { id: intent.id, status: intent.status, next_action: intent.nextAction, last_payment_error: intent.lastError });
    });
    declare(app, testAuthenticateRoute, async (c, input) => {
      const body = await input.body();
      const intent = await processor.authenticate(body.client_secret, body.approve);
      if (!intent) throw new ApiError('payment_intent_unknown', messages.paymentIntentUnknown);
      return success<TestProcessorIntent>(c, { id: intent.id, status: intent.status, next_action: null, last_payment_error: intent.lastError });
    });
  }
  return app;
}
