import { createRoute } from '@hono/zod-openapi';
import { BoardOrderParamsSchema } from './board.ts';
import { PaymentIntentAnswerSchema } from './payments.ts';
import { PaymentLinkAnswerSchema, PaymentLinkParamsSchema, PaymentLinkViewSchema } from './payment-links.ts';
import { apiTags, errorAnswer, staffOnly, successAnswer } from './route-kit.ts';

/** Card payment links (docs/decisions/038-payment-links.md): made by staff, paid by the customer on /payer/<token>. */

/** POST /v2/restaurant/orders/{order_id}/payment-link: « Envoyer un lien de paiement ». */
export const createPaymentLink = createRoute(
  staffOnly('staff', {
    operationId: 'createPaymentLink',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/payment-link',
    tags: [apiTags.staffOrders.name],
    summary: 'Crée (ou redonne) le lien de paiement par carte de ce qui reste à payer sur une commande.',
    description:
      'Un lien par commande à la fois, valable 24 heures : le redemander redonne le même tant qu’il est valable et que le reste à payer n’a pas changé. ' +
      'Le montant est le reste à payer (total moins les paiements déjà enregistrés). Si la commande a un e-mail, le lien y est envoyé (une fois par lien).',
    request: { params: BoardOrderParamsSchema },
    responses: {
      200: successAnswer(PaymentLinkAnswerSchema, 'Le lien, le texte à copier pour un SMS, et l’adresse à laquelle il a été envoyé.'),
      404: errorAnswer('Commande inconnue (order_not_found).'),
      409: errorAnswer('Commande refusée, annulée, déjà réglée ou carte pas encore payée (payment_link_refused).'),
    },
  }),
);

const tags = [apiTags.payment.name];

/** GET /v2/public/payment-links/{token}: the customer's page. */
export const getPaymentLink = createRoute({
  operationId: 'getPaymentLink',
  method: 'get',
  path: '/v2/public/payment-links/{token}',
  tags,
  summary: 'La page de paiement d’un lien : le restaurant, la commande, ses lignes et le montant à régler.',
  description:
    'Sans compte : le jeton est la seule clé. `state` dit si le lien se paie, est expiré, ou si la commande est déjà réglée ou annulée (`message` en français).',
  request: { params: PaymentLinkParamsSchema },
  responses: { 200: successAnswer(PaymentLinkViewSchema, 'La commande et l’état du lien.'), 404: errorAnswer('Lien inconnu (payment_link_unknown).') },
});

/** POST /v2/public/payment-links/{token}/intent: the link's one payment intent. */
export const createPaymentLinkIntent = createRoute({
  operationId: 'createPaymentLinkIntent',
  method: 'post',
  path: '/v2/public/payment-links/{token}/intent',
  tags,
  summary: 'Crée ou reprend l’intention de paiement du lien, pour son montant.',
  description: 'Une intention par lien (clé d’idempotence du lien chez le prestataire) : un nouvel essai, après un refus de la carte, reprend la même.',
  request: { params: PaymentLinkParamsSchema },
  responses: {
    200: successAnswer(PaymentIntentAnswerSchema, 'L’intention : id, client_secret, statut, montant en euros.'),
    404: errorAnswer('Lien inconnu (payment_link_unknown).'),
    409: errorAnswer('Commande déjà réglée, annulée, ou lien remplacé (payment_link_refused).'),
    410: errorAnswer('Lien expiré (payment_link_expired).'),
    429: errorAnswer('Trop d’appels (rate_limited), avec Retry-After.'),
    502: errorAnswer('Prestataire de paiement injoignable (payment_provider_unavailable).'),
  },
});

/** POST /v2/public/payment-links/{token}/confirm: the page says the card went through; the server asks the provider. */
export const confirmPaymentLink = createRoute({
  operationId: 'confirmPaymentLink',
  method: 'post',
  path: '/v2/public/payment-links/{token}/confirm',
  tags,
  summary: 'Enregistre le paiement du lien une fois que le prestataire le confirme.',
  description:
    'Le serveur ne croit pas le navigateur : il relit l’intention chez le prestataire. Le paiement est inscrit une fois, que le webhook arrive avant, après ou en même temps.',
  request: { params: PaymentLinkParamsSchema },
  responses: {
    200: successAnswer(PaymentLinkViewSchema, 'La page après le paiement (`state` « paid »).'),
    404: errorAnswer('Lien inconnu (payment_link_unknown).'),
    422: errorAnswer('Paiement pas confirmé par la banque (payment_not_confirmed).'),
    502: errorAnswer('Prestataire de paiement injoignable (payment_provider_unavailable).'),
  },
});
