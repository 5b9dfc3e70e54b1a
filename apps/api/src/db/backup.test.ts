import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { asc } from 'drizzle-orm';
import { seedDemoIfEmpty } from '../seed.ts';
import { backupDataDir, restoreDataDir } from './backup.ts';
import { openDatabase, type Database } from './client.ts';
import { lockDataDir } from './lock.ts';
import { orderLines, orders } from './schema.ts';

/**
 * Backups (issue 17): `npm run db:backup` / `db:restore` for PGlite, restored into a fresh data
 * directory; the README's pg_dump / pg_restore recipe is in backup.pg.test.ts. Orders are read back.
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
