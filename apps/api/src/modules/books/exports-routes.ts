import { downloadBooksExport, listBooksExports } from '@resto/contract/books-exports.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { CatalogService } from '../catalog/index.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { buildExport, listExports } from './exports.ts';
import { appendEntry } from './journal.ts';
import type { BooksService } from './service.ts';

/**
 * The accountant's exports, /v2/restaurant/books/exports… (packages/contract/src/books-exports.routes.ts;
 * docs/decisions/032-the-accountant-s-exports.md): what a period holds, and each file, whose
 * download is an « export » technical entry of the live chain (kind, period, file name, SHA-256,
 * who) written before the file is sent. Owner only, never cached.
 */
export function booksExportRoutes(deps: { db: Database; clock: () => Date; books: BooksService; catalog: CatalogService }) {
  const { db, clock, books, catalog } = deps;
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/restaurant/books/exports', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, listBooksExports, async (c) => ok(c, await listExports(db, (await catalog.getCatalog()).settings, clock(), c.req.valid('query'))));
  serve(app, downloadBooksExport, async (c) => {
    const { kind } = c.req.valid('param');
    const query = c.req.valid('query');
    const now = clock();
    const file = await buildExport(db, (await catalog.getCatalog()).settings, now, kind, query);
    const { staffId, name } = c.var.staff;
    const signer = await books.signer();
    await appendEntry(
      db,
      signer,
      {
        chain: 'live',
        body: {
          kind: 'technical',
          technical: {
            event: 'export',
            detail: { kind, period: query.period, from: query.from ?? null, to: query.to ?? null, file: file.fileName, sha256: file.sha256 },
          },
        },
        operator: { staff_id: staffId, name },
      },
      now,
    );
    return c.body(new Uint8Array(file.body), 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'X-Content-SHA256': file.sha256,
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
