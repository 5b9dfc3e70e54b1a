import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/** Who holds a data directory: written beside the lock (`.server.lock.pid`) once it is taken. */
interface LockOwner {
  pid: number;
  host: string;
}

const lockName = '.server.lock';
const ownerName = '.server.lock.pid';

/**
 * Takes the data directory for this process. PGlite corrupts a directory that two processes
 * open, so a second server on the same DATA_DIR must stop at once (docs/decisions/017, section 7.1).
 *
 * The lock is proper-lockfile's (a `.server.lock` directory whose mtime the holder refreshes every
 * 5 s); beside it `.server.lock.pid` names the holder's pid and host. A lock whose holder is a
 * process of this host that no longer exists (killed with SIGKILL, power cut) is taken over at
 * once instead of waiting 15 s for it to look stale; a live holder's never is
 * (docs/decisions/010-crash-safety-and-shutdown.md). Without a readable owner (another host, or a
 * holder between its mkdir and its write) only the mtime decides, after 15 s.
 * @returns a release function. @throws Error with a French explanation when the lock is held.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await takeLock(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (takeOverFromDeadOwner(dataDir)) {
      try {
        return await takeLock(dataDir);
      } catch (again) {
        if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      }
    }
    throw new Error(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur. ` +
        'Arrêtez-le, ou lancez celui-ci avec un autre DATA_DIR (ou DATABASE_URL pour PostgreSQL).',
    );
  }
}

async function takeLock(dataDir: string): Promise<() => Promise<void>> {
  const release = await lockfile.lock(dataDir, {
    lockfilePath: join(dataDir, lockName),
    stale: 15_000,
    update: 5_000,
    retries: 0,
    onCompromised: (error) => {
      console.error(`Verrou du dossier de données perdu (${error.message}) : arrêt pour protéger la base.`);
      process.exit(1);
    },
  });
  const owner: LockOwner = { pid: process.pid, host: hostname() };
  writeFileSync(join(dataDir, ownerName), JSON.stringify(owner));
  return async () => {
    rmSync(join(dataDir, ownerName), { force: true });
    await release();
  };
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process of this host with that pid exists (EPERM: it exists, under another user). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the lock of a dead holder. The owner file is first renamed to a name of this process:
 * of several processes starting together on the same dead lock, one rename succeeds, and the winner
 * checks that the file it took still names the dead process (not a new holder's) before removing
 * the lock directory. @returns whether the lock was removed.
 */
function takeOverFromDeadOwner(dataDir: string): boolean {
  const ownerFile = join(dataDir, ownerName);
  const seen = readOwner(ownerFile);
  if (!seen || seen.host !== hostname() || seen.pid === process.pid || processExists(seen.pid)) return false;
  const claimed = `${ownerFile}.takeover-${process.pid}`;
  try {
    renameSync(ownerFile, claimed);
  } catch {
    return false; // another process took it over first
  }
  const taken = readOwner(claimed);
  if (!taken || taken.pid !== seen.pid || taken.host !== seen.host || processExists(taken.pid)) {
    renameSync(claimed, ownerFile); // a live holder's file: put it back
    return false;
  }
  rmSync(claimed, { force: true });
  rmSync(join(dataDir, lockName), { recursive: true, force: true });
  return true;
}
