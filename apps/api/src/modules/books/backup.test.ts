import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { backupDataDir, restoreDataDir } from '../../db/backup.ts';
import { openDatabase } from '../../db/client.ts';
import { expectBooksRestored, liveEntries, writeSomeBooks } from './backup-support.ts';

/**
 * A backup restored (docs/decisions/031, « bad input and faults »): the journal of a PGlite data
 * directory saved by `npm run db:backup` and restored by `db:restore` into a new one still verifies
 * — hashes, signatures, sequence, closures — and goes on from its head.
 */
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('db:backup, then db:restore into a new DATA_DIR: the journal verifies and goes on', async () => {
  const dataDir = join(tempDir('resto-books-backup-'), 'data');
  const source = await openDatabase({ dataDir });
  const signer = await writeSomeBooks(source.db);
  const entries = await liveEntries(source.db, signer);
  await source.close();

  const archive = join(tempDir('resto-books-archive-'), 'sauvegarde.tar.gz');
  expect(await backupDataDir(dataDir, archive)).toBeGreaterThan(1_000);
  const restoredDir = join(tempDir('resto-books-restored-'), 'data');
  await restoreDataDir(archive, restoredDir);
  const restored = await openDatabase({ dataDir: restoredDir });
  try {
    await expectBooksRestored(restored.db, signer, entries);
  } finally {
    await restored.close();
  }
}, 120_000);
