import type { Context } from 'hono';
import {
  createCalendarException,
  deleteCalendarException,
  getHoursPage,
  getOrdering,
  pauseOrdering,
  resumeOrdering,
  setMenuHours,
  startBusyMode,
  stopBusyMode,
  updateCalendarException,
} from '@resto/contract/hours.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve, type StaffPrincipal } from '../../http/openapi.ts';
import type { CatalogService } from '../catalog/index.ts';
import { staffAuthenticator } from '../staff/index.ts';
import * as hours from './service.ts';

/**
 * Hours, exceptional days, pause and busy mode (docs/decisions/023-back-office.md,
 * « Hours »), declared in packages/contract/src/hours.routes.ts: routes.ts → service.ts →
 * repository.ts. The hours and exceptional days are the owner's; pause and busy mode are any
 * staff member's (the board's header). Every change goes through catalogEdit (new catalogue
 * version, audit entry, the storefront's catalogue rebuilt at once).
 */
export function hoursRoutes({ db, clock, catalog }: { db: Database; clock: () => Date; catalog: CatalogService }) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/restaurant/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  serve(app, getHoursPage, async (c) => ok(c, await hours.readHoursPage(db, clock())));
  serve(app, setMenuHours, async (c) => {
    const menuId = Number(c.req.valid('param').menu_id);
    return ok(c, await hours.setMenuHours(db, c.var.staff, menuId, c.req.valid('json')));
  });
  serve(app, createCalendarException, async (c) => ok(c, await hours.createException(db, c.var.staff, clock(), c.req.valid('json')), 201));
  serve(app, updateCalendarException, async (c) => {
    const id = Number(c.req.valid('param').id);
    return ok(c, await hours.updateException(db, c.var.staff, clock(), id, c.req.valid('json')));
  });
  serve(app, deleteCalendarException, async (c) => {
    const id = Number(c.req.valid('param').id);
    await hours.deleteException(db, c.var.staff, id);
    return ok(c, { id });
  });
  serve(app, getOrdering, async (c) => ok(c, await hours.orderingAt(db, clock())));

  /** One change of the ordering state by `staff`, audited; `set` gives the new columns and the audit's action and summary. */
  const changeOrdering = async (c: Context, staff: StaffPrincipal, set: (now: Date) => Promise<hours.OrderingChange> | hours.OrderingChange) => {
    const now = clock();
    return ok(c, await hours.changeOrdering(db, staff, now, await set(now)));
  };
  serve(app, pauseOrdering, (c) => changeOrdering(c, c.var.staff, (now) => hours.pauseChange(catalog, c.req.valid('json'), now)));
  serve(app, resumeOrdering, (c) => changeOrdering(c, c.var.staff, () => hours.resumeChange));
  serve(app, startBusyMode, (c) => changeOrdering(c, c.var.staff, (now) => hours.busyChange(c.req.valid('json'), now)));
  serve(app, stopBusyMode, (c) => changeOrdering(c, c.var.staff, () => hours.busyOffChange));
  return app;
}
