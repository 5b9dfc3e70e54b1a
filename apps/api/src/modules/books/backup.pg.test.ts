import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { createPostgresDatabase, requiredDatabaseUrl } from '../../test/harness.ts';
import { expectBooksRestored, liveEntries, writeSomeBooks } from './backup-support.ts';

/**
 * A backup restored on PostgreSQL (docs/decisions/031): the README's pg_dump -Fc / pg_restore
 * recipe (docs/decisions/010) into a new database; the journal's triggers do not stand in the
 * restore's way (it inserts), and the restored journal verifies and goes on from its head.
 */
const adminUrl = requiredDatabaseUrl();

test('pg_dump, then pg_restore into a new database: the journal verifies and goes on', async () => {
  const databases = [await createPostgresDatabase(adminUrl), await createPostgresDatabase(adminUrl)];
  const urls = databases.map((d) => d.url);
  const dir = mkdtempSync(join(tmpdir(), 'resto-books-pgdump-'));
  try {
    const source = await openDatabase({ databaseUrl: urls[0], dataDir: 'unused' });
    const signer = await writeSomeBooks(source.db);
    const entries = await liveEntries(source.db, signer);
    await source.close();
    const file = join(dir, 'resto.dump');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, urls[0]!]);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${urls[1]}`, file]);
    const restored = await openDatabase({ databaseUrl: urls[1], dataDir: 'unused' });
    try {
      await expectBooksRestored(restored.db, signer, entries);
    } finally {
      await restored.close();
    }
    expect(entries).toBeGreaterThan(6);
  } finally {
    for (const database of databases) await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
