import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, test } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { requiredDatabaseUrl } from '../../test/harness.ts';
import { expectBooksRestored, liveEntries, writeSomeBooks } from './backup-support.ts';

/**
 * A backup restored on PostgreSQL (docs/decisions/031): the README's pg_dump -Fc / pg_restore
 * recipe (docs/decisions/010) into a new database; the journal's triggers do not stand in the
 * restore's way (it inserts), and the restored journal verifies and goes on from its head.
 */
const adminUrl = requiredDatabaseUrl();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

test('pg_dump, then pg_restore into a new database: the journal verifies and goes on', async () => {
  const names = [`test_bkb_${randomBytes(5).toString('hex')}`, `test_rsb_${randomBytes(5).toString('hex')}`];
  const urls = names.map((name) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  });
  const dir = mkdtempSync(join(tmpdir(), 'resto-books-pgdump-'));
  for (const name of names) await admin(`CREATE DATABASE ${name}`);
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
    for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
