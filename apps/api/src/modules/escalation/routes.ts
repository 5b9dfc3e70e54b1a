import { createRoute } from '@hono/zod-openapi';
import {
  PushKeySchema,
  PushSubscriptionBodySchema,
  PushSubscriptionStateSchema,
  PushUnsubscribeBodySchema,
  type PushKey,
  type PushSubscriptionState,
} from '@resto/contract/push';
import type { Database } from '../../db/client.ts';
import { success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import * as repository from './repository.ts';
import type { EscalationService } from './service.ts';

const tags = ['Restaurant'];
const staffErrors = { 401: errorAnswer('Pas de session du personnel (staff_login_required).') };

const keyRoute = createRoute({
  method: 'get',
  path: '/key',
  tags,
  summary: 'La clé publique VAPID avec laquelle un appareil du personnel s’abonne aux notifications.',
  responses: { 200: successAnswer(PushKeySchema, 'La clé publique (base64url).'), ...staffErrors },
});

const subscribeRoute = createRoute({
  method: 'post',
  path: '/subscriptions',
  tags,
  summary: 'Abonne cet appareil aux alertes de commandes non ouvertes (sa PushSubscription).',
  request: { body: jsonBody(PushSubscriptionBodySchema) },
  responses: {
    200: successAnswer(PushSubscriptionStateSchema, 'Abonné.'),
    ...bodyErrors,
    ...staffErrors,
  },
});

const unsubscribeRoute = createRoute({
  method: 'delete',
  path: '/subscriptions',
  tags,
  summary: 'Désabonne un appareil (par son adresse de notification).',
  request: { body: jsonBody(PushUnsubscribeBodySchema) },
  responses: {
    200: successAnswer(PushSubscriptionStateSchema, 'Désabonné (aussi quand il ne l’était pas).'),
    ...bodyErrors,
    ...staffErrors,
  },
});

/**
 * GET /v2/restaurant/push/key, POST and DELETE /v2/restaurant/push/subscriptions (issue 13,
 * part 4; docs/decisions/022-nothing-unseen.md): staff only, never cached.
 */
export function pushRoutes({ db, clock, escalation }: { db: Database; clock: () => Date; escalation: EscalationService }) {
  const app = routes();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  declare(app, keyRoute, async (c) => {
    await requireStaff(c, db, clock());
    return success<PushKey>(c, { public_key: (await escalation.push.vapidKeys()).publicKey });
  });
  declare(app, subscribeRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock());
    const body = await input.body();
    await repository.upsertPushSubscription(db, { staffId: staff.staffId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
    return success<PushSubscriptionState>(c, { endpoint: body.endpoint, subscribed: true });
  });
  declare(app, unsubscribeRoute, async (c, input) => {
    await requireStaff(c, db, clock());
    const { endpoint } = await input.body();
    await repository.deletePushSubscription(db, endpoint);
    return success<PushSubscriptionState>(c, { endpoint, subscribed: false });
  });
  return app;
}
