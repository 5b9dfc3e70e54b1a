import { getPushKey, subscribeToPush, unsubscribeFromPush } from '@resto/contract/push.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import * as repository from './repository.ts';
import type { EscalationService } from './service.ts';

/**
 * GET /v2/restaurant/push/key, POST and DELETE /v2/restaurant/push/subscriptions
 * (docs/decisions/022-nothing-unseen.md): staff only (the routes' `staffOnly`), never cached.
 */
export function pushRoutes({ db, clock, escalation }: { db: Database; clock: () => Date; escalation: EscalationService }) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/restaurant/push/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, getPushKey, async (c) => ok(c, { public_key: (await escalation.push.vapidKeys()).publicKey }));
  serve(app, subscribeToPush, async (c) => {
    const body = c.req.valid('json');
    await repository.upsertPushSubscription(db, { staffId: c.var.staff.staffId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
    return ok(c, { endpoint: body.endpoint, subscribed: true });
  });
  serve(app, unsubscribeFromPush, async (c) => {
    const { endpoint } = c.req.valid('json');
    await repository.deletePushSubscription(db, endpoint);
    return ok(c, { endpoint, subscribed: false });
  });
  return app;
}
