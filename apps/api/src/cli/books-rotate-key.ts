import { describeError } from '../db/errors.ts';
import { writeSecret } from '../db/server-secrets.ts';
import { readEnv } from '../env.ts';
import { withDatabase } from './with-database.ts';
import { booksErrors } from '@resto/copy/staff/books';
import { loadSigner, rotateKey, signingKeySecret } from '../modules/books/index.ts';
import { signerFromPrivateKey } from '../modules/books/signing.ts';

/**
 * BOOKS_NEW_SIGNING_KEY=<key> npm run books:rotate-key (docs/decisions/031-the-books.md): the
 * journal changes key. The current key (BOOKS_SIGNING_KEY, or the one kept in the database)
 * endorses the new one in an entry of each chain; the entries after it are signed by the new key.
 * A key kept in the database is replaced there; a key kept in BOOKS_SIGNING_KEY must then be
 * replaced by the operator before the next start (the server refuses the old one).
 */
async function main() {
  const env = readEnv();
  const nextKey = process.env.BOOKS_NEW_SIGNING_KEY?.trim();
  if (!nextKey) throw new Error(booksErrors.newKeyMissing);
  const next = signerFromPrivateKey(nextKey);
  await withDatabase(env, async (db) => {
    const current = await loadSigner(db, env.BOOKS_SIGNING_KEY);
    await rotateKey(db, current, next, new Date());
    if (!env.BOOKS_SIGNING_KEY) await writeSecret(db, signingKeySecret, nextKey);
    console.log(booksErrors.rotated(current.keyId, next.keyId));
    if (env.BOOKS_SIGNING_KEY) console.log(booksErrors.setNewKey);
  });
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
