import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import pg from 'pg';
import { seedDemoIfEmpty } from '../seeding/demo-restaurant.ts';
import { requiredDatabaseUrl } from '../test/harness.ts';
import { tempDirs, ordersOf } from './backup-test-support.ts';
import { openDatabase } from './client.ts';

/**
 * The README's pg_dump / pg_restore recipe for PostgreSQL backups (docs/decisions/010), restored into a new
 * database and the orders read back. A `.pg.test.ts` file: run in the PostgreSQL pass of
 * scripts/test-all.sh (vitest.config.ts), with `pg_dump` and `pg_restore` on the PATH.
 */

const adminUrl = requiredDatabaseUrl();
const tempDir = tempDirs();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL: the README recipe', () => {
  test('pg_dump -Fc, then pg_restore into a new database: the same orders', async () => {
    const names = [`test_bk_${randomBytes(5).toString('hex')}`, `test_rs_${randomBytes(5).toString('hex')}`];
    const urls = names.map((name) => {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    });
    for (const name of names) await admin(`CREATE DATABASE ${name}`);
    try {
      const source = await openDatabase({ databaseUrl: urls[0], dataDir: 'unused', setup: (db) => seedDemoIfEmpty(db, { history: 40 }).then(() => undefined) });
      const before = await ordersOf(source.db);
      await source.close();
      const file = join(tempDir('resto-pgdump-'), 'resto.dump');
      execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, urls[0]!]);
      execFileSync('pg_restore', ['--no-owner', `--dbname=${urls[1]}`, file]);
      const restored = await openDatabase({ databaseUrl: urls[1], dataDir: 'unused' });
      try {
        expect(await ordersOf(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 120_000);
});
