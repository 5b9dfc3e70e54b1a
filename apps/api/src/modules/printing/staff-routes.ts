import {
  createPrinter as createPrinterRoute,
  deletePrinter as deletePrinterRoute,
  getPrintersStatus,
  getPrintJob,
  listPrinters as listPrintersRoute,
  printTestPage,
  rotatePrinterSecret,
  setCategoryStation,
  updatePrinter as updatePrinterRoute,
} from '@resto/contract/printers.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { isRestaurantOpen } from '@resto/domain/scheduling';
import * as admin from './admin.ts';

/**
 * The printers page's and the boards' routes (docs/decisions/033-kitchen-printers.md), declared in
 * packages/contract/src/printers.routes.ts: any staff member reads, the owner edits (a staff
 * member gets 403 staff_forbidden). « Réimprimer » is the board's (board/routes.ts).
 */
export function printerStaffRoutes(deps: { db: Database; clock: () => Date; siteUrl: string; catalog: CatalogService }) {
  const { db, clock, siteUrl, catalog } = deps;
  // The red banner is for opening hours (docs/decisions/033), as the push and the e-mail are.
  const isOpen = async (now: Date) => {
    const { menus, calendar } = await catalog.getCatalog();
    return isRestaurantOpen(menus, now, calendar);
  };
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  const id = (value: string) => Number(value);
  serve(app, listPrintersRoute, async (c) => ok(c, await admin.printersPage(db, clock(), c.var.staff.role === 'owner' ? 'owner' : 'staff', siteUrl)));
  serve(app, getPrintersStatus, async (c) => {
    const now = clock();
    return ok(c, await admin.printersStatus(db, now, await isOpen(now)));
  });
  serve(app, createPrinterRoute, async (c) => ok(c, await admin.createPrinter(db, c.req.valid('json'), clock(), siteUrl), 201));
  serve(app, updatePrinterRoute, async (c) => {
    const { expected_version, ...input } = c.req.valid('json');
    return ok(c, await admin.updatePrinter(db, id(c.req.valid('param').printer_id), input, expected_version, clock(), siteUrl));
  });
  serve(app, deletePrinterRoute, async (c) =>
    ok(c, await admin.deletePrinter(db, id(c.req.valid('param').printer_id), c.req.valid('query').expected_version, clock(), siteUrl)),
  );
  serve(app, rotatePrinterSecret, async (c) =>
    ok(c, await admin.rotateSecret(db, id(c.req.valid('param').printer_id), c.req.valid('json').expected_version, clock(), siteUrl)),
  );
  serve(app, printTestPage, async (c) => ok(c, await admin.testPage(db, id(c.req.valid('param').printer_id), clock()), 201));
  serve(app, getPrintJob, async (c) => ok(c, await admin.findJob(db, id(c.req.valid('param').job_id))));
  serve(app, setCategoryStation, async (c) => ok(c, await admin.setStation(db, id(c.req.valid('param').category_id), c.req.valid('json').station)));
  return app;
}
