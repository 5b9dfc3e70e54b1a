import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { seedDemoIfEmpty } from '../seeding/demo-restaurant.ts';
import { requiredDatabaseUrl } from '../test/harness.ts';
import { openDatabase } from './client.ts';
import { describeError } from './errors.ts';
import { catalogVersion, menus } from './schema.ts';

/**
 * Instances starting together on an empty PostgreSQL (docs/decisions/010): 2 of 5 tries, one exited with
 * "Failed query: CREATE TABLE …" and no cause. Migrations and the demo's load now run under an
 * advisory lock. PostgreSQL only (PGlite has one process per directory, see lock.ts):
 * a `.pg.test.ts` file, run in the PostgreSQL pass of scripts/test-all.sh (vitest.config.ts).
 */

const adminUrl = requiredDatabaseUrl();

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('instances starting together on an empty PostgreSQL', () => {
  test('4 rounds of 3 instances: all start, the schema and the demo restaurant are there once', async () => {
    for (let round = 0; round < 4; round++) {
      const name = `test_setup_${randomBytes(6).toString('hex')}`;
      await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        const opened = await Promise.allSettled(
          Array.from({ length: 3 }, () => openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', setup: (db) => seedDemoIfEmpty(db).then(() => undefined) })),
        );
        const failures = opened.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => describeError(o.reason));
        const handles = opened.filter((o) => o.status === 'fulfilled').map((o) => o.value);
        try {
          expect(failures).toEqual([]);
          const db = handles[0]!.db;
          expect(await db.select({ version: catalogVersion.version }).from(catalogVersion)).toEqual([{ version: 1 }]);
          expect(await db.select({ n: count() }).from(menus)).toEqual([{ n: 2 }]);
        } finally {
          for (const handle of handles) await handle.close();
        }
      } finally {
        await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    }
  }, 120_000);
});
