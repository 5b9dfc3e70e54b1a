import { booksErrors } from '@resto/copy/staff/books';
import type { Database } from '../../db/client.ts';
import { readSecret, secretOnce } from '../../db/server-secrets.ts';
import { readHead } from './journal.ts';
import { generatePrivateKey, signerFromPrivateKey, type BooksSigner } from './signing.ts';

/** Where the signing key is kept when BOOKS_SIGNING_KEY does not keep it outside the database. */
export const signingKeySecret = 'books.signing_key';

/**
 * The journal's signer at the server's start (docs/decisions/031-the-books.md): BOOKS_SIGNING_KEY
 * when set (the key then lives outside the database: whoever can write the tables cannot sign),
 * else the key kept in `server_secrets`, made once with the journal. It must be the key the
 * journal's head was last signed with: a missing or other key stops the server rather than write
 * entries nobody can verify.
 * @param configured BOOKS_SIGNING_KEY (PKCS#8 PEM, or its DER in base64), or undefined.
 * @throws Error (French): an unreadable key, no key for a journal already written, another key.
 */
export async function loadSigner(db: Database, configured: string | undefined): Promise<BooksSigner> {
  const head = await readHead(db, 'live');
  let text = configured?.trim() ? configured : await readSecret(db, signingKeySecret);
  if (text === undefined) {
    if (head) throw new Error(booksErrors.missingKey(head.keyId));
    text = await secretOnce(db, signingKeySecret, generatePrivateKey);
  }
  const signer = signerFromPrivateKey(text);
  if (head && head.keyId !== signer.keyId) throw new Error(booksErrors.otherKey(head.keyId, signer.keyId));
  return signer;
}
