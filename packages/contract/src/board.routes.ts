import { createRoute } from '@hono/zod-openapi';
import {
  BoardOrderParamsSchema,
  BoardOrderSchema,
  BoardStateSchema,
  CounterPaymentBodySchema,
  CounterPaymentResultSchema,
  NotCollectedBodySchema,
  OrderActionBodySchema,
  OrderChangeSchema,
  PartialRefundBodySchema,
  PaymentEntryParamsSchema,
  TrackingParamsSchema,
  TrackingViewSchema,
} from './board.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';
import { PhoneOrderPayloadSchema } from '@resto/domain/phone-order';

/**
 * The restaurant's orders board and its actions (any live staff session), and the customer's
 * tracking of an order by its secret (docs/decisions/019-the-orders-life.md). Never cached.
 */
const tags = [apiTags.staffOrders.name];

const orderErrors = {
  404: errorAnswer('Commande inconnue (order_not_found).'),
  409: errorAnswer('Commande par carte pas encore payée : pas encore au restaurant (order_transition_refused).'),
};

/** GET /v2/restaurant/orders: the board's state. */
export const getBoard = createRoute(
  staffOnly('staff', {
    operationId: 'getBoard',
    method: 'get',
    path: '/v2/restaurant/orders',
    tags,
    summary: 'Le tableau des commandes : celles du jour et à venir, et celles terminées aujourd’hui (jours de Paris).',
    description:
      'Jamais une commande par carte non payée. `last_event_id` : l’id du dernier événement reflété, d’où reprend le flux SSE. Session du personnel (cookie resto_staff).',
    responses: { 200: successAnswer(BoardStateSchema, 'L’état du tableau.') },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/actions: accept, delay, ready, complete, reject or cancel an order. */
export const actOnOrder = createRoute(
  staffOnly('staff', {
    operationId: 'actOnOrder',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/actions',
    tags,
    summary: 'Accepter (avec l’heure), retarder, marquer prête, terminer, refuser ou annuler (avec la raison) une commande.',
    description:
      'Une transaction : la commande verrouillée, `expected_status` comparé, la machine à états consultée, le statut, l’événement, l’e-mail du client et, pour une commande payée par carte refusée ou annulée, le remboursement (demandé au prestataire après la transaction).',
    request: { params: BoardOrderParamsSchema, body: jsonBody(OrderActionBodySchema) },
    responses: {
      200: successAnswer(BoardOrderSchema, 'La commande après l’action (son remboursement éventuel inclus).'),
      ...bodyErrors,
      400: errorAnswer('Heure absente ou passée, retard pas plus tard, raison absente (invalid_request), JSON illisible (invalid_json).'),
      ...orderErrors,
      409: errorAnswer('La commande a changé depuis l’écran, ou l’action ne s’applique pas (order_transition_refused) : `payload` est la commande actuelle.'),
    },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/opened: a screen opened the order. */
export const markOrderOpened = createRoute(
  staffOnly('staff', {
    operationId: 'markOrderOpened',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/opened',
    tags,
    summary: 'Un écran a ouvert la commande : la première ouverture arrête la sonnerie et l’alerte ; les suivantes ne changent rien.',
    description: 'La première ouverture est notée : son heure et un événement `opened` au nom du membre, que chaque écran reçoit par le flux en direct.',
    request: { params: BoardOrderParamsSchema },
    responses: { 200: successAnswer(BoardOrderSchema, 'La commande.'), ...orderErrors },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/ticket-printed: the kitchen ticket was printed. */
export const markTicketPrinted = createRoute(
  staffOnly('staff', {
    operationId: 'markTicketPrinted',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/ticket-printed',
    tags,
    summary: 'Le ticket de cuisine a été imprimé : la première fois est notée (un autre écran ne le réimprime pas) ; ensuite, rien ne change.',
    description: 'La première impression est notée : `ticket_printed_at` et un événement `ticket_printed`, que les autres écrans reçoivent par le flux en direct.',
    request: { params: BoardOrderParamsSchema },
    responses: { 200: successAnswer(BoardOrderSchema, 'La commande.'), ...orderErrors },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/refund: retries a refund the provider refused. */
export const retryOrderRefund = createRoute(
  staffOnly('staff', {
    operationId: 'retryOrderRefund',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/refund',
    tags,
    summary: 'Relancer un remboursement refusé par le prestataire (clé d’idempotence : jamais deux remboursements).',
    description: 'Pour une commande payée par carte, refusée ou annulée, dont le remboursement a échoué ou attend encore : la même demande est renvoyée au prestataire ; un remboursement déjà fait est rendu tel quel.',
    request: { params: BoardOrderParamsSchema },
    responses: {
      200: successAnswer(BoardOrderSchema, 'La commande, remboursée (ou son remboursement en attente).'),
      ...orderErrors,
      409: errorAnswer('Pas de remboursement pour cette commande (order_transition_refused).'),
      502: errorAnswer('Le prestataire refuse encore (refund_failed) : `payload` est la commande.'),
    },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/refunds: « Rembourser une partie » of a card order (docs/decisions/035). */
export const refundOrderPart = createRoute(
  staffOnly('staff', {
    operationId: 'refundOrderPart',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/refunds',
    tags,
    summary: 'Rembourser une partie d’une commande payée par carte : des articles (quantités) ou un montant, avec la raison. Jamais deux fois.',
    description:
      'Une transaction, la commande verrouillée : la clé `refund_key` cherchée (la même clé rend le même remboursement), le reste à rembourser calculé (payé moins les remboursements faits ou en cours), le remboursement noté en attente ; après la transaction, il est demandé au prestataire avec sa propre clé d’idempotence. Confirmé : un avoir (série A-) de la part remboursée et l’écriture de remboursement au journal.',
    request: { params: BoardOrderParamsSchema, body: jsonBody(PartialRefundBodySchema) },
    responses: {
      200: successAnswer(BoardOrderSchema, 'La commande, son remboursement dans `refunds` (réussi, ou en attente si le prestataire ne répond pas).'),
      ...bodyErrors,
      400: errorAnswer('Quantité au-delà du reste, montant nul ou au-delà du reste, raison « autre » sans texte (invalid_request, sur son champ), JSON illisible (invalid_json).'),
      ...orderErrors,
      409: errorAnswer('Commande pas payée par carte, refusée ou annulée, ou déjà entièrement remboursée (order_transition_refused) : `payload` est la commande.'),
      502: errorAnswer('Le prestataire refuse le remboursement (refund_failed) : `payload` est la commande, le remboursement « refusé » ; la même clé le redemande.'),
    },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/changes: « Modifier la commande » before it is ready (docs/decisions/039-changing-an-order.md). */
export const changeOrder = createRoute(
  staffOnly('staff', {
    operationId: 'changeOrder',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/changes',
    tags,
    summary: 'Modifie une commande avant qu’elle soit prête : articles, options, quantités, notes, créneau, retrait ou livraison. Recalculée par les règles de la boutique.',
    description:
      'Le nouveau contenu est vérifié et recalculé comme une commande de la boutique (prix, offres, capacité du créneau, plats épuisés, zones et frais de livraison). ' +
      'Une transaction, la commande verrouillée : `revision` doit être celle de la commande (sinon 409 avec la commande à jour), `change_key` rend la modification idempotente. ' +
      'Au journal : un avoir du reçu en cours et un nouveau reçu. Ticket « MODIFICATION » en cuisine, e-mail au client. Payée par carte : la différence en moins est remboursée sur la carte, en plus elle reste à régler.',
    request: { params: BoardOrderParamsSchema, body: jsonBody(OrderChangeSchema) },
    responses: {
      200: successAnswer(BoardOrderSchema, 'La commande modifiée, sa modification dans `changes` (et son remboursement dans `refunds`).'),
      ...bodyErrors,
      400: errorAnswer('Rien n’a changé, plat ou option inconnus (invalid_request, item_unknown, option_invalid), JSON illisible (invalid_json).'),
      404: errorAnswer('Commande inconnue (order_not_found).'),
      409: errorAnswer('Commande modifiée entre-temps, prête, terminée, refusée ou annulée, remboursement en cours (order_transition_refused, `payload` : la commande) ; prix changés (prices_changed) ; créneau complet (slot_full).'),
      422: errorAnswer('Refusée par les règles de la boutique : plat épuisé ou indisponible, créneau, pause, livraison, code promo.'),
      502: errorAnswer('La modification est enregistrée mais le prestataire refuse le remboursement de la différence (refund_failed) : `payload` est la commande ; « Relancer le remboursement » le redemande.'),
    },
  }),
);

/** GET /v2/public/tracking/{secret}: the customer's tracking of an order, by its secret (no session). */
export const getOrderTracking = createRoute({
  operationId: 'getOrderTracking',
  method: 'get',
  path: '/v2/public/tracking/{secret}',
  tags: [apiTags.tracking.name],
  summary: 'Le suivi d’une commande par son secret (page /suivi) : étape, heure prévue, raison et remboursement. Jamais mis en cache.',
  description: 'Sans compte ni session : le secret, donné au client avec sa commande, est la seule clé.',
  request: { params: TrackingParamsSchema },
  responses: { 200: successAnswer(TrackingViewSchema, 'Le suivi.'), 404: errorAnswer('Secret inconnu (order_not_found).') },
});

/** POST /v2/restaurant/orders/{order_id}/payments: « Encaisser » at the counter. */
export const takeCounterPayment = createRoute(
  staffOnly('staff', {
    operationId: 'takeCounterPayment',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/payments',
    tags,
    summary: 'Encaisser au comptoir : espèces (monnaie rendue), carte sur le terminal, titres-restaurant papier ou carte, ou un partage.',
    description:
      'Une transaction, la commande verrouillée : `expected_paid` comparé (un autre écran a encaissé : 409 avec la commande), les montants appliqués au reste dû (la carte et les titres jamais au-delà ; les titres au plus ce qu’ils peuvent payer), une écriture de paiement par moyen au journal des ventes, au nom du membre.',
    request: { params: BoardOrderParamsSchema, body: jsonBody(CounterPaymentBodySchema) },
    responses: {
      200: successAnswer(CounterPaymentResultSchema, 'La commande après le paiement et la monnaie à rendre.'),
      ...bodyErrors,
      ...orderErrors,
      409: errorAnswer('Encaissée entre-temps par un autre écran, ou refusée ou annulée (order_transition_refused) : `payload` est la commande actuelle.'),
      422: errorAnswer('Montant refusé : carte ou titres au-delà du reste, titres au-delà de ce qu’ils peuvent payer, rien à payer (counter_payment_refused).'),
    },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/payments/{seq}/reversal: a mistaken payment reversed by a counter-entry. */
export const reverseCounterPayment = createRoute(
  staffOnly('staff', {
    operationId: 'reverseCounterPayment',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/payments/{seq}/reversal',
    tags,
    summary: 'Annuler un paiement saisi par erreur : une contre-écriture du même montant, jamais une modification.',
    description: 'Pour une commande à régler sur place, ni refusée ni annulée : l’écriture de paiement `seq`, encore debout, est annulée par une écriture négative qui la nomme, au nom du membre ; la commande redevient à encaisser.',
    request: { params: PaymentEntryParamsSchema },
    responses: {
      200: successAnswer(BoardOrderSchema, 'La commande après l’annulation du paiement.'),
      ...orderErrors,
      409: errorAnswer('Paiement inconnu sur cette commande ou déjà annulé (order_transition_refused) : `payload` est la commande.'),
    },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/not-collected: « Non récupérée ». */
export const markNotCollected = createRoute(
  staffOnly('staff', {
    operationId: 'markNotCollected',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/not-collected',
    tags,
    summary: 'Non récupérée : clôt une commande acceptée ou prête, non payée, que personne n’est venu chercher.',
    description: 'Annulée avec la raison « Non récupérée » : un avoir annule son ticket (pas de vente), sa place dans le créneau est libérée.',
    request: { params: BoardOrderParamsSchema, body: jsonBody(NotCollectedBodySchema) },
    responses: {
      200: successAnswer(BoardOrderSchema, 'La commande, annulée.'),
      ...bodyErrors,
      ...orderErrors,
      409: errorAnswer('Déjà payée, pas acceptée ou changée depuis l’écran (order_transition_refused) : `payload` est la commande.'),
    },
  }),
);

/** POST /v2/restaurant/phone-orders: staff take an order for a customer who calls (docs/decisions/036-phone-orders.md). */
export const createPhoneOrder = createRoute(
  staffOnly('staff', {
    operationId: 'createPhoneOrder',
    method: 'post',
    path: '/v2/restaurant/phone-orders',
    tags,
    summary: 'Prend une commande par téléphone : les règles de la boutique, acceptée aussitôt, réglée au comptoir.',
    description:
      'La même création de commande que POST /v2/public/checkout (prix, offres, capacité, créneaux, épuisés, pause, zones de livraison, mêmes messages) ; ' +
      'seuls l’origine (`source` « phone ») et l’auteur (le membre du personnel) diffèrent, sans les limites par adresse et e-mail de la boutique. ' +
      'E-mail du client facultatif. `local_id` rend la création idempotente : un nouvel envoi reçoit la même commande (200).',
    request: { body: jsonBody(PhoneOrderPayloadSchema) },
    responses: {
      201: successAnswer(BoardOrderSchema, 'Commande créée et acceptée : la commande du tableau.'),
      200: successAnswer(BoardOrderSchema, 'Commande déjà reçue pour ce local_id.'),
      ...bodyErrors,
      409: errorAnswer('Les prix ont changé (prices_changed, avec les montants recalculés) ou le créneau est complet (slot_full).'),
      422: errorAnswer('Commande refusée : créneau, pause, livraison, plat épuisé ou indisponible, code promo.'),
    },
  }),
);
