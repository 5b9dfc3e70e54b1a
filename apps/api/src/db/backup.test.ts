import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { seedDemoIfEmpty } from '../seeding/demo-restaurant.ts';
import { backupDataDir, restoreDataDir } from './backup.ts';
import { tempDirs, ordersOf } from './backup-test-support.ts';
import { openDatabase } from './client.ts';
import { lockDataDir } from './lock.ts';

/**
 * Backups (docs/decisions/010): `npm run db:backup` / `db:restore` for PGlite, restored into a fresh data
 * directory; the README's pg_dump / pg_restore recipe is in backup.pg.test.ts. Orders are read back.
 */

const tempDir = tempDirs();

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
