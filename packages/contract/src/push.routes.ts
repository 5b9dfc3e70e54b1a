import { createRoute } from '@hono/zod-openapi';
import { PushKeySchema, PushSubscriptionBodySchema, PushSubscriptionStateSchema, PushUnsubscribeBodySchema } from './push.ts';
import { apiTags, bodyErrors, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/** Staff devices subscribing to the unseen-order alerts (docs/decisions/022-nothing-unseen.md). Never cached. */
const tags = [apiTags.staffArea.name];

/** GET /v2/restaurant/push/key: the VAPID public key a staff device subscribes with. */
export const getPushKey = createRoute(
  staffOnly('staff', {
    operationId: 'getPushKey',
    method: 'get',
    path: '/v2/restaurant/push/key',
    tags,
    summary: 'La clé publique VAPID avec laquelle un appareil du personnel s’abonne aux notifications.',
    description: 'La clé publique du serveur (base64url), que le navigateur passe à `pushManager.subscribe`.',
    responses: { 200: successAnswer(PushKeySchema, 'La clé publique (base64url).') },
  }),
);

/** POST /v2/restaurant/push/subscriptions: this device's PushSubscription, for the unseen-order alerts. */
export const subscribeToPush = createRoute(
  staffOnly('staff', {
    operationId: 'subscribeToPush',
    method: 'post',
    path: '/v2/restaurant/push/subscriptions',
    tags,
    summary: 'Abonne cet appareil aux alertes de commandes non ouvertes (sa PushSubscription).',
    description: 'Un nouvel abonnement de la même adresse de notification remplace l’ancien.',
    request: { body: jsonBody(PushSubscriptionBodySchema) },
    responses: { 200: successAnswer(PushSubscriptionStateSchema, 'Abonné.'), ...bodyErrors },
  }),
);

/** DELETE /v2/restaurant/push/subscriptions: forgets a device by its push endpoint. */
export const unsubscribeFromPush = createRoute(
  staffOnly('staff', {
    operationId: 'unsubscribeFromPush',
    method: 'delete',
    path: '/v2/restaurant/push/subscriptions',
    tags,
    summary: 'Désabonne un appareil (par son adresse de notification).',
    description: 'Répond de même quand l’appareil n’était pas abonné.',
    request: { body: jsonBody(PushUnsubscribeBodySchema) },
    responses: { 200: successAnswer(PushSubscriptionStateSchema, 'Désabonné (aussi quand il ne l’était pas).'), ...bodyErrors },
  }),
);
