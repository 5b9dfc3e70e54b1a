import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { appendEntry, loadSigner, openJournal } from '../modules/books/index.ts';

/**
 * `npm run books:verify` as the owner or the accountant runs it (docs/decisions/031-the-books.md),
 * on a PGlite data directory: one line a chain and exit 0 on an intact journal; the first broken
 * entry and exit 1 once an amount was changed behind the triggers' back.
 */
const run = promisify(execFile);
const command = fileURLToPath(new URL('./books-verify.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'resto-books-verify-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function verify(): Promise<{ code: number; stdout: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_OPTIONS: '' };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', command], { env, cwd: process.cwd() });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

test('an intact journal: exit 0; an amount changed: the broken entry printed, exit 1', { timeout: 120_000 }, async () => {
  const noon = new Date('2026-11-24T11:30:00Z');
  const database = await openDatabase({ dataDir });
  try {
    const signer = await loadSigner(database.db, undefined);
    await openJournal(database.db, signer, noon);
    await appendEntry(database.db, signer, { chain: 'live', body: { kind: 'payment', payment: { order_id: 7, means: 'cash', amount: 1850 } }, orderId: 7 }, noon);
  } finally {
    await database.close();
  }
  expect(await verify()).toEqual({
    code: 0,
    stdout:
      'journal « live » : 2 entrées vérifiées, chaîne, signatures et numérotation intactes.\njournal « simulation » : 1 entrée vérifiée, chaîne, signatures et numérotation intactes.\n',
  });

  const again = await openDatabase({ dataDir });
  try {
    await again.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update journal_entries set content = replace(content, '"amount":1850', '"amount":185') where chain = 'live' and seq = 2`);
    });
  } finally {
    await again.close();
  }
  const broken = await verify();
  expect(broken.code).toBe(1);
  expect(broken.stdout).toContain('journal « live », entrée n° 2 : hachage faux : le contenu a changé depuis son écriture');
});
