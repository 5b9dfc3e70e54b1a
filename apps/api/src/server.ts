// First, before React is loaded by any import below: production runs React's production build (docs/decisions/009).
import './production-default.ts';
import { describeError } from './db/errors.ts';
import { lockDataDir } from './db/lock.ts';
import { readEnv } from './env.ts';

/**
 * The server's entry point: reads the environment and takes the data directory's lock before
 * loading anything else, so that a second server on the same DATA_DIR stops at once (in well
 * under a second of work) with the French message; then runs run-server.ts. Errors are printed
 * with their causes (db/client.ts, describeError).
 */
async function main() {
  const env = readEnv();
  const release = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  const { runServer } = await import('./run-server.ts');
  await runServer(env, release);
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
