import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeError } from '../db/errors.ts';
import { readEnv } from '../env.ts';
import { withDatabase } from './with-database.ts';
import { describeReport, verifyJournal } from '../modules/books/index.ts';
import { signerFromPrivateKey } from '../modules/books/signing.ts';

/**
 * npm run books:verify [-- --public-key <file.pem>] (docs/decisions/031-the-books.md): recomputes
 * every hash, signature, sequence and document number of the books' journal, prints one line a
 * chain (the first broken entry of each) and exits 1 when anything is wrong. The trusted key is
 * the PEM file given, else BOOKS_SIGNING_KEY's public half, else the one the journal opens with.
 * On PGlite it takes the data directory's lock (it refuses while a server runs); on PostgreSQL
 * (DATABASE_URL) it runs beside the servers.
 */
async function main() {
  const { values } = parseArgs({ options: { 'public-key': { type: 'string' } } });
  const env = readEnv();
  const trustedPublicKey = values['public-key'] ? readFileSync(values['public-key'], 'utf8') : env.BOOKS_SIGNING_KEY ? signerFromPrivateKey(env.BOOKS_SIGNING_KEY).publicKeyPem : undefined;
  const report = await withDatabase(env, (db) => verifyJournal(db, { trustedPublicKey }));
  console.log(describeReport(report));
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(2);
});
