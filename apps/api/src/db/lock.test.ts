import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { lockDataDir } from './lock.ts';

/** The data-directory lock: PGlite corrupts a directory two processes open (docs/decisions/017, section 7.1). */

const dirs: string[] = [];
const children: ChildProcess[] = [];
const lockModule = resolve(dirname(fileURLToPath(import.meta.url)), 'lock.ts');

/** Another process holding the lock of `dir`: resolves once it holds it. */
function holdInChild(dir: string): Promise<ChildProcess> {
  const script = `import(${JSON.stringify(lockModule)}).then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => { console.log('locked'); setInterval(() => {}, 1000); })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolveChild, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('locked') && resolveChild(child));
    child.once('exit', (code) => reject(new Error(`lock holder exited (${code}) before locking`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolveKill) => {
    child.once('exit', () => resolveKill());
    child.kill('SIGKILL');
  });
}
const releases: (() => Promise<void>)[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'resto-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) await killed(child);
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

  test('the lock of a process killed with SIGKILL is taken over at once; a live holder keeps it (docs/decisions/010)', async () => {
    const dir = tempDir();
    const holder = await holdInChild(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/déjà utilisé/);
    await killed(holder);
    // Its lock directory and owner file are left behind, fresh: without the owner check the next
    // start waited for the 15 s staleness (14 to 20 s restarts).
    expect(existsSync(join(dir, '.server.lock'))).toBe(true);
    const started = performance.now();
    releases.push(await lockDataDir(dir));
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  test('several starts on the lock of a dead holder: exactly one takes it over', async () => {
    const dir = tempDir();
    await killed(await holdInChild(dir));
    const attempts = await Promise.allSettled(Array.from({ length: 5 }, () => lockDataDir(dir)));
    const won = attempts.filter((a): a is PromiseFulfilledResult<() => Promise<void>> => a.status === 'fulfilled');
    for (const w of won) releases.push(w.value);
    expect(won).toHaveLength(1);
  });
});
