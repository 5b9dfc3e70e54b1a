import type { Database } from '../../db/client.ts';
import { appendEntry, openJournal, type JournalRow, type NewEntry } from './journal.ts';
import { loadSigner } from './keys.ts';
import type { BooksSigner } from './signing.ts';

/**
 * The books as the other modules use them (docs/decisions/031-the-books.md): the signing key,
 * loaded once per process, and the append of an entry inside the caller's transaction, so that a
 * sale, a payment or a refund and its entry commit or roll back together.
 *
 * Load the signer (`signer()`) before opening the transaction: on PGlite a query outside an open
 * transaction waits for it, so loading it inside would never return.
 */
export class BooksService {
  #signer: Promise<BooksSigner> | undefined;

  /**
   * @param clock the entries' time (tests fix it; the journal never goes back whatever it says).
   * @param configuredKey BOOKS_SIGNING_KEY, or undefined (the key kept in server_secrets).
   * @param loaded the signer the server's start already loaded (run-server.ts), if any.
   */
  constructor(
    readonly db: Database,
    readonly clock: () => Date,
    private readonly configuredKey?: string,
    loaded?: BooksSigner,
  ) {
    if (loaded) this.#signer = Promise.resolve(loaded);
  }

  /**
   * The journal's signer, loaded once; the chains are opened when they are not yet (a test's
   * fresh database; the server's start opens them itself). A failure is not kept: the next call tries again.
   * @throws Error (French) from loadSigner: the key missing or another one.
   */
  signer(): Promise<BooksSigner> {
    this.#signer ??= (async () => {
      const signer = await loadSigner(this.db, this.configuredKey);
      await openJournal(this.db, signer, this.clock());
      return signer;
    })().catch((error: unknown) => {
      this.#signer = undefined;
      throw error;
    });
    return this.#signer;
  }

  /**
   * Appends `entry` in `tx` (a savepoint of the caller's transaction, or a transaction of its own
   * given the database), at the clock's time, signed by `signer` (from `signer()`, awaited before `tx` began).
   */
  append(tx: Database, signer: BooksSigner, entry: NewEntry): Promise<JournalRow> {
    return appendEntry(tx, signer, entry, this.clock());
  }
}
