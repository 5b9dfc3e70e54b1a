import { readFile } from 'node:fs/promises';
import { createBooksArchive, downloadBooksArchive, listBooksArchives, verifyBooks } from '@resto/contract/books-archives.routes';
import { booksRegisterAnswers } from '@resto/copy/staff/books-register';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { journalEntries } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { archiveMonth, archivePath, listArchives } from './archives.ts';
import { appendEntry } from './journal.ts';
import type { BooksService } from './service.ts';
import { describeReport, verifyJournal } from './verify.ts';

/**
 * The owner's register routes, /v2/restaurant/books/… (packages/contract/src/books-archives.routes.ts;
 * docs/decisions/031-the-books.md): the archives listed, downloaded (names checked against the
 * archives' pattern: nothing outside the folder) and written for a closed month; the journal
 * verified, the verification itself a technical entry of the live chain. Owner only, never cached.
 */
export function booksArchiveRoutes(deps: { db: Database; clock: () => Date; books: BooksService; archivesDir: string }) {
  const { db, clock, books, archivesDir } = deps;
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/restaurant/books/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, listBooksArchives, async (c) => ok(c, { archives: await listArchives(db, archivesDir) }));
  serve(app, downloadBooksArchive, async (c) => {
    const { name } = c.req.valid('param');
    const path = archivePath(archivesDir, name);
    const bytes = path ? await readFile(path).catch(() => undefined) : undefined;
    if (!bytes) throw new ApiError('archive_not_found', booksRegisterAnswers.archiveNotFound);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/x-tar',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  });
  serve(app, createBooksArchive, async (c) => {
    const { period } = c.req.valid('json');
    const signer = await books.signer();
    const outcome = await archiveMonth(db, signer, archivesDir, 'live', period, clock());
    if (outcome === 'not_closed') throw new ApiError('period_not_closed', booksRegisterAnswers.periodNotClosed(period));
    const archive = (await listArchives(db, archivesDir)).find((file) => file.name === outcome.name);
    if (!archive) throw new ApiError('archive_not_found', booksRegisterAnswers.archiveNotFound);
    return ok(c, archive);
  });
  serve(app, verifyBooks, async (c) => {
    const signer = await books.signer();
    const report = await verifyJournal(db, { trustedPublicKey: signer.publicKeyPem });
    const entries = report.chains.reduce((sum, chain) => sum + chain.entries, 0);
    const [last] = await db
      .select({ number: journalEntries.documentNumber })
      .from(journalEntries)
      .where(and(eq(journalEntries.chain, 'live'), eq(journalEntries.kind, 'closure')))
      .orderBy(desc(journalEntries.seq))
      .limit(1);
    const first = report.broken[0];
    const detail = { ok: report.ok, entries, broken_chain: first?.chain ?? null, broken_seq: first?.seq ?? null };
    const { staffId, name } = c.var.staff;
    await appendEntry(db, signer, { chain: 'live', body: { kind: 'technical', technical: { event: 'verification', detail } }, operator: { staff_id: staffId, name } }, clock());
    return ok(c, {
      ok: report.ok,
      description: describeReport(report),
      chains: report.chains.map(({ chain, entries: count }) => ({ chain, entries: count })),
      broken: report.broken,
      entries,
      last_closure: last?.number ?? null,
    });
  });
  return app;
}
