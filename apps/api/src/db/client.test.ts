import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, afterEach, expect, test } from 'vitest';
import { apiRoot } from '../api-root.ts';
import { openDatabase, queryRows } from './client.ts';

/** PGlite as the server opens it (docs/decisions/026-memory-and-storage.md). */

// The migrated template of new data directories lives in the system's temporary folder: this
// file's own, so that its first directory has to make it.
const previousTmpdir = process.env.TMPDIR;
const templateFolder = mkdtempSync(join(tmpdir(), 'resto-template-'));
process.env.TMPDIR = templateFolder;
// Two templates of other builds: one unused for 8 days (removed when the template is made), one of
// an hour ago (kept: another checkout may be using it).
const staleTemplate = join(templateFolder, 'resto-pglite-template-0000000000000000.tar');
const recentTemplate = join(templateFolder, 'resto-pglite-template-1111111111111111.tar');
writeFileSync(staleTemplate, 'old');
utimesSync(staleTemplate, new Date(Date.now() - 8 * 86_400_000), new Date(Date.now() - 8 * 86_400_000));
writeFileSync(recentTemplate, 'recent');
utimesSync(recentTemplate, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
afterAll(() => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  rmSync(templateFolder, { recursive: true, force: true });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const migrationsFolder = join(apiRoot, 'drizzle');
const journalEntries = (JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

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

test('a new data directory is a copy of the migrated template, made once in the temporary folder and whole', async () => {
  const first = mkdtempSync(join(tmpdir(), 'resto-client-'));
  dirs.push(first);
  const opened = await openDatabase({ dataDir: first });
  try {
    const migrations = await queryRows<{ count: number }>(opened.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    expect(migrations).toEqual([{ count: journalEntries }]);
  } finally {
    await opened.close();
  }
  // One template, no half-written file beside it; the other build's stale one removed, its recent one kept.
  expect(existsSync(staleTemplate)).toBe(false);
  expect(existsSync(recentTemplate)).toBe(true);
  const files = readdirSync(templateFolder).filter((name) => name.startsWith('resto-pglite-template-') && join(templateFolder, name) !== recentTemplate);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^resto-pglite-template-[0-9a-f]{16}\.tar$/);
  const template = join(templateFolder, files[0]!);

  // The next new directory is that file unpacked: a mark put in the template is in the directory.
  const marked = new PGlite('memory://');
  try {
    await migrate(drizzle({ client: marked }), { migrationsFolder });
    await marked.exec(`create table template_mark (id int); insert into template_mark values (42)`);
    writeFileSync(template, Buffer.from(await (await marked.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await marked.close();
  }
  const { mtimeMs } = statSync(template);
  const second = mkdtempSync(join(tmpdir(), 'resto-client-'));
  dirs.push(second);
  const copy = await openDatabase({ dataDir: second });
  try {
    expect(await queryRows(copy.db, sql`select id from template_mark`)).toEqual([{ id: 42 }]);
    expect(await queryRows(copy.db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`)).toEqual([{ count: journalEntries }]);
  } finally {
    await copy.close();
  }
  expect(statSync(template).mtimeMs).toBe(mtimeMs);
}, 180_000); // two new directories and a template: slow on a busy machine
