import { createRoute } from '@hono/zod-openapi';
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
} from './payments.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, security, successAnswer } from './route-kit.ts';

/** Card payments under /v2/public/checkout (spec section 7; docs/decisions/017, section 2.5). */
const tags = [apiTags.payment.name];

/** GET /v2/public/checkout/payment-config: which provider, and Stripe's publishable key. */
export const getPaymentConfig = createRoute({
  operationId: 'getPaymentConfig',
  method: 'get',
  path: '/v2/public/checkout/payment-config',
  tags,
  summary: 'Le prestataire de paiement par carte et la clé publique de Stripe.',
  description: 'Les seules valeurs du paiement que voit le navigateur : `test` (processeur intégré), `stripe` ou `none` (paiement par carte coupé).',
  responses: { 200: successAnswer(PaymentConfigSchema, 'Le prestataire et sa clé publique (null hors Stripe).') },
});

/** POST /v2/public/checkout/stripe-customer: the provider's customer (section 7). */
export const createStripeCustomer = createRoute({
  operationId: 'createStripeCustomer',
  method: 'post',
  path: '/v2/public/checkout/stripe-customer',
  tags,
  summary: 'Crée le client du prestataire (section 7).',
  description: 'Compte un appel de l’adresse IP et de l’e-mail appelants.',
  request: { body: jsonBody(StripeCustomerSchema) },
  responses: {
    200: successAnswer(StripeCustomerAnswerSchema, 'L’identifiant du client chez le prestataire.'),
    ...bodyErrors,
    429: errorAnswer('Trop d’appels (rate_limited), avec Retry-After.'),
    502: errorAnswer('Prestataire de paiement injoignable (payment_provider_unavailable).'),
  },
});

/** POST /v2/public/checkout/stripe-payment-intent: an order's payment intent, for its total (section 7). */
export const createPaymentIntent = createRoute({
  operationId: 'createPaymentIntent',
  method: 'post',
  path: '/v2/public/checkout/stripe-payment-intent',
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

/**
 * POST /v2/public/checkout/stripe-webhook: the provider's signed events. Its body is documented
 * by a plain JSON Schema, not a zod schema: the API reads the exact bytes itself (the signature
 * covers them) and validates nothing before the signature is checked.
 */
export const receiveStripeWebhook = createRoute({
  operationId: 'receiveStripeWebhook',
  method: 'post',
  path: '/v2/public/checkout/stripe-webhook',
  tags,
  summary: 'Les événements signés du prestataire (payment_intent.succeeded…).',
  description: 'Le corps est lu tel quel : la signature Stripe-Signature porte sur ses octets exacts.',
  request: {
    headers: z.object({ 'stripe-signature': z.string().optional().meta({ description: 'La signature du prestataire (t=…,v1=…) sur le corps exact.' }) }),
    body: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: {} } } } },
  },
  responses: {
    200: successAnswer(WebhookAnswerSchema, 'Événement reçu (ou déjà reçu).'),
    400: errorAnswer('Signature absente ou fausse (payment_webhook_refused).'),
    413: errorAnswer('Corps de requête trop grand (body_too_large).'),
  },
});

/** POST /v2/public/checkout/test-processor/confirm: test mode's card form (served only with the built-in test processor). */
export const confirmTestPayment = createRoute({
  operationId: 'confirmTestPayment',
  method: 'post',
  path: '/v2/public/checkout/test-processor/confirm',
  tags,
  summary: 'Mode test : le formulaire de carte de test du processeur intégré.',
  description: 'Servie seulement quand le prestataire est le processeur de test intégré. La carte de test dit le résultat : réussie, refusée ou à authentifier (3-D Secure).',
  request: { body: jsonBody(TestConfirmSchema) },
  responses: {
    200: successAnswer(TestProcessorIntentSchema, 'L’intention après la carte (réussie, refusée ou à authentifier).'),
    ...bodyErrors,
    404: errorAnswer('Intention inconnue (payment_intent_unknown).'),
  },
});

/** POST /v2/public/checkout/test-processor/authenticate: test mode's 3-D Secure answer (served only with the built-in test processor). */
export const authenticateTestPayment = createRoute({
  operationId: 'authenticateTestPayment',
  method: 'post',
  path: '/v2/public/checkout/test-processor/authenticate',
  tags,
  summary: 'Mode test : la réponse à l’authentification 3-D Secure de test.',
  description: 'Servie seulement quand le prestataire est le processeur de test intégré. `approve` : le client accepte ou refuse l’authentification.',
  request: { body: jsonBody(TestAuthenticateSchema) },
  responses: {
    200: successAnswer(TestProcessorIntentSchema, 'L’intention après l’authentification.'),
    ...bodyErrors,
    404: errorAnswer('Intention inconnue (payment_intent_unknown).'),
  },
});
