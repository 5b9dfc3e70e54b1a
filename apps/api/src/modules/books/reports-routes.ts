import { readSalesReport as readSalesReportRoute } from '@resto/contract/books-reports.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { readSalesReport } from './reports.ts';

/** GET /v2/restaurant/books/report (packages/contract/src/books-reports.routes.ts): the owner's sales report, never cached. */
export function booksReportRoutes(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/restaurant/books/report', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, readSalesReportRoute, async (c) => ok(c, await readSalesReport(db, clock(), c.req.valid('query'))));
  return app;
}
