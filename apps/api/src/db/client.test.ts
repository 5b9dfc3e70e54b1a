import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { openDatabase, queryRows } from './client.ts';

/** PGlite as the server opens it (issue 15, docs/decisions/026-memory-and-storage.md). */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const setting = async (db: Parameters<typeof queryRows>[0], name: string) =>
  (await queryRows<{ setting: string }>(db, sql`select current_setting(${name}) as setting`))[0]!.setting;

test('a new data directory is created outside this process, then opened with small buffers and frequent checkpoints, and again with its data', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'resto-client-'));
  dirs.push(dir);
  const first = await openDatabase({ dataDir: dir });
  try {
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    // initdb in this process left its own WebAssembly memory reachable beside PGlite's: about 630 MB.
    const usage = process.memoryUsage();
    expect((usage.external - usage.arrayBuffers) / 1024 / 1024).toBeLessThan(400);
    expect(await setting(first.db, 'shared_buffers')).toBe('16MB');
    expect(await setting(first.db, 'max_wal_size')).toBe('64MB');
    await first.db.execute(sql`insert into settings (name, value) values ('test.client', '"kept"'::jsonb)`);
  } finally {
    await first.close();
  }
  const again = await openDatabase({ dataDir: dir });
  try {
    const rows = await queryRows<{ value: string }>(again.db, sql`select value from settings where name = 'test.client'`);
    expect(rows).toEqual([{ value: 'kept' }]);
  } finally {
    await again.close();
  }
}, 180_000); // two starts and a new cluster: slow on a busy machine
