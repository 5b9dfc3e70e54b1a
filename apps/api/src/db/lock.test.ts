import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { lockDataDir } from './lock.ts';

/** The data-directory lock: PGlite corrupts a directory two processes open (DESIGN.md, gotchas). */

const dirs: string[] = [];
const releases: (() => Promise<void>)[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'resto-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const release of releases.splice(0)) await release().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  test('a second lock on the same directory fails with a French message; after release it can be taken again', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    releases.push(release);
    expect(existsSync(join(dir, '.server.lock'))).toBe(true);

    const second = lockDataDir(dir);
    await expect(second).rejects.toThrow(/déjà utilisé/);
    await expect(second).rejects.toThrow(dir);
    await expect(second).rejects.toThrow(/DATA_DIR/);

    await release();
    releases.splice(releases.indexOf(release), 1);
    expect(existsSync(join(dir, '.server.lock'))).toBe(false);

    const again = await lockDataDir(dir);
    releases.push(again);
    expect(existsSync(join(dir, '.server.lock'))).toBe(true);
  });

  test('two directories are locked independently', async () => {
    const a = tempDir();
    const b = tempDir();
    releases.push(await lockDataDir(a));
    releases.push(await lockDataDir(b));
    expect(existsSync(join(a, '.server.lock')) && existsSync(join(b, '.server.lock'))).toBe(true);
  });

  test('a missing directory is created', async () => {
    const dir = join(tempDir(), 'nested', 'data');
    releases.push(await lockDataDir(dir));
    expect(existsSync(join(dir, '.server.lock'))).toBe(true);
  });

  test('concurrent attempts on one directory: exactly one wins', async () => {
    const dir = tempDir();
    const attempts = await Promise.allSettled(Array.from({ length: 5 }, () => lockDataDir(dir)));
    const won = attempts.filter((a): a is PromiseFulfilledResult<() => Promise<void>> => a.status === 'fulfilled');
    for (const w of won) releases.push(w.value);
    expect(won).toHaveLength(1);
    for (const lost of attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected')) {
      expect(String(lost.reason)).toMatch(/déjà utilisé/);
    }
  });
});
