import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { seedDemoIfEmpty } from '../seed.ts';
import { testDatabaseUrl } from '../test/harness.ts';
import { backupDataDir, restoreDataDir } from './backup.ts';
import { openDatabase, type Database } from './client.ts';
import { lockDataDir } from './lock.ts';
import { orderLines, orders } from './schema.ts';

/**
 * Backups (issue 17): `npm run db:backup` / `db:restore` for PGlite, restored into a fresh data
 * directory; the README's pg_dump / pg_restore recipe for PostgreSQL. Orders are read back.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

async function ordersOf(db: Database) {
  const rows = await db.select({ orderId: orders.orderId, localId: orders.localId, totalCents: orders.totalCents }).from(orders).orderBy(asc(orders.orderId));
  const lines = await db.select({ orderId: orderLines.orderId }).from(orderLines);
  return { rows, lines: lines.length };
}

describe('PGlite backup and restore', () => {
  test('db:backup then db:restore into a fresh DATA_DIR: the same orders, and the restored directory is not left locked', async () => {
    const dataDir = join(tempDir('resto-backup-'), 'data');
    const release = await lockDataDir(dataDir);
    let before;
    try {
      const source = await openDatabase({ dataDir, setup: (db) => seedDemoIfEmpty(db, { history: 40 }).then(() => undefined) });
      before = await ordersOf(source.db);
      await source.close();
    } finally {
      await release();
    }
    expect(before.rows.length).toBe(40);

    const archive = join(tempDir('resto-archive-'), 'sauvegarde.tar.gz');
    expect(await backupDataDir(dataDir, archive)).toBeGreaterThan(10_000);

    // A directory that holds something is never overwritten.
    const busy = tempDir('resto-busy-');
    writeFileSync(join(busy, 'PG_VERSION'), '17');
    await expect(restoreDataDir(archive, busy)).rejects.toThrow(/n'est pas vide/);

    const restoredDir = join(tempDir('resto-restored-'), 'data');
    const lock = await lockDataDir(restoredDir); // as the CLI does: the lock is taken first
    try {
      await restoreDataDir(archive, restoredDir, { ignore: ['.server.lock', '.server.lock.pid'] });
    } finally {
      await lock();
    }
    expect(existsSync(join(restoredDir, 'PG_VERSION'))).toBe(true);
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await ordersOf(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    // The restored directory is not locked by the backup's process.
    const again = await lockDataDir(restoredDir);
    await again();
  }, 120_000);
});

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
const adminUrl = testDatabaseUrl() ?? ((await answers('127.0.0.1', 5432)) ? `postgres://${userInfo().username}@127.0.0.1:5432/postgres` : undefined);
const hasPgDump = (() => {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.runIf(adminUrl && hasPgDump)('PostgreSQL: the README recipe', () => {
  test('pg_dump -Fc, then pg_restore into a new database: the same orders', async () => {
    const names = [`test_bk_${randomBytes(5).toString('hex')}`, `test_rs_${randomBytes(5).toString('hex')}`];
    const urls = names.map((name) => {
      const url = new URL(adminUrl!);
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
