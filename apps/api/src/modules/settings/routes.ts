import { changeSettings as changeSettingsRoute, listSettings as listSettingsRoute } from '@resto/contract/settings.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { BooksService } from '../books/index.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { changeSettings, listSettings } from './service.ts';

/**
 * GET and PATCH /v2/restaurant/settings (docs/decisions/023), declared in
 * packages/contract/src/settings.routes.ts: the owner's settings and delivery pages. Owner only
 * (403 staff_forbidden for a staff member); never cached.
 */
export function settingsRoutes({ db, clock, books }: { db: Database; clock: () => Date; books?: BooksService }) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/restaurant/settings', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, listSettingsRoute, async (c) => ok(c, await listSettings(db)));
  serve(app, changeSettingsRoute, async (c) => {
    const { staffId, name } = c.var.staff;
    return ok(c, await changeSettings(db, { staffId, name, books }, c.req.valid('json').changes));
  });
  return app;
}
