import type { Context } from 'hono';
import { exportRestaurantFile, importRestaurantFile, listAuditEntries, previewRestaurantImport } from '@resto/contract/audit.routes';
import type { RestaurantFile } from '@resto/domain/restaurant-file';
import { requestErrors } from '@resto/copy/errors/request';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { BooksService } from '../books/index.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { importRestaurant, parseRestaurantFile, previewImport, readAuditPage, readRestaurantFile } from './service.ts';

/** The largest restaurant file the import routes read (app.ts raises the 1 MB limit for them). */
export const importBodyLimit = 5 * 1024 * 1024;

/**
 * The body of an import route as a restaurant file: read by the handler itself (the route
 * documents it by reference, so `serve` neither relabels nor validates it), whatever its Content-Type.
 * @throws ApiError invalid_json, or restaurant_file_invalid with every error by path.
 */
async function restaurantFileOf(c: Context): Promise<RestaurantFile> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw new ApiError('invalid_json', requestErrors.invalidJson);
  }
  return parseRestaurantFile(value);
}

/** The date of an instant in Paris, 'AAAA-MM-JJ' (the export's file name). */
const parisDate = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * The audit log, export and import of the back office (docs/decisions/023-back-office.md),
 * declared in packages/contract/src/audit.routes.ts, all owner-only: routes.ts → service.ts →
 * repository.ts.
 */
export function auditRoutes(deps: { db: Database; clock: () => Date; books?: BooksService }) {
  const { db, clock } = deps;
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });

  serve(app, listAuditEntries, async (c) => {
    const { before_id: beforeId, entity } = c.req.valid('query');
    return ok(c, await readAuditPage(db, { beforeId, entity }));
  });
  serve(app, exportRestaurantFile, async (c) => {
    const file = await readRestaurantFile(db);
    c.header('Content-Disposition', `attachment; filename="restaurant-${parisDate(clock())}.json"`);
    // Written indented, as a file to save: the route's JSON answer, not the envelope.
    const answer = c.body(`${JSON.stringify(file, null, 2)}\n`, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    return answer as typeof answer & ReturnType<typeof c.json<RestaurantFile, 200>>;
  });
  serve(app, previewRestaurantImport, async (c) => ok(c, await previewImport(db, await restaurantFileOf(c))));
  serve(app, importRestaurantFile, async (c) => {
    const { expected_catalog_version: expected } = c.req.valid('query');
    const file = await restaurantFileOf(c);
    const { staffId, name } = c.var.staff;
    return ok(c, await importRestaurant(db, { staffId, name, books: deps.books }, expected, file));
  });
  return app;
}

/** Whether a path is one of the import routes, whose body may reach `importBodyLimit` (app.ts). */
export const isImportPath = (path: string) => /^\/v2\/restaurant\/import(\/preview)?\/?$/.test(path);
