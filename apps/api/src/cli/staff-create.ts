import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { describeError } from '../db/errors.ts';
import { lockDataDir } from '../db/lock.ts';
import { openDatabase } from '../db/client.ts';
import { readEnv } from '../env.ts';
import { parseStaffCreateArgs, runStaffCreate } from '../modules/staff/create-command.ts';

/**
 * npm run staff:create -- --email … --role owner|staff [--name …] (docs/decisions/020): creates a
 * staff member directly, e.g. the first owner when the log's link was lost. The password comes
 * from standard input (first line) or a hidden prompt, never from argv. On PGlite it takes the
 * data directory's lock like db:backup (so it refuses while a server runs); on PostgreSQL
 * (DATABASE_URL) it runs beside the servers.
 */
async function main() {
  const args = parseStaffCreateArgs(process.argv.slice(2));
  const env = readEnv();
  const release = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  try {
    const password = await readPassword();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
    try {
      console.log(await runStaffCreate(database.db, args, password, new Date(), env.siteUrl));
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

/** The password: the first line of standard input when it is not a terminal, else typed twice without echo. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const first = await ask('Mot de passe : ');
  const second = await ask('Confirmez le mot de passe : ');
  if (first !== second) throw new Error('Les mots de passe ne correspondent pas.');
  return first;
}

/** One line typed at a prompt, not echoed. */
function ask(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error && !('cause' in error && error.cause) ? error.message : describeError(error));
  process.exit(1);
});
