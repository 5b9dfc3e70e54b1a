import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * An outbox mail's text and HTML as stored in `mail_outbox.body`
 * (docs/decisions/026-memory-and-storage.md): the JSON pair `[text, html]` deflated (raw DEFLATE,
 * level 1). A mail waits there as long as the sender is behind (seconds, or hours
 * while SMTP refuses), so its row is what a backlog costs: ~1.1 KB instead of ~2.3 KB (text and
 * HTML in clear, PostgreSQL's own pglz compression included). Rendered once, in the transaction
 * that places the order, so the mail sent is the one written then.
 */
export function packMailBody(text: string, html: string): Buffer {
  // Level 1, not zlib's default 6: every order packs two mails while its request is served. On the
  // bench's order mails (6.2 KB of JSON): 102 µs instead of 198 µs each, 1.65 KB instead of 1.54 KB
  // (docs/decisions/026). Any level inflates the same way: rows written before read back unchanged.
  // An 8 KB window and a small hash (zlib's memLevel 6): the compressor's state is ~70 KB instead of
  // ~260 KB. Allocated and freed for every mail, the larger one made glibc give the top of the heap
  // back each time under `npm run serve`'s MALLOC_TRIM_THRESHOLD_ (docs/decisions/026): 50 µs a mail
  // instead of 32. A mail's pair is a few KB, so the output is the same size; inflating with
  // zlib's default window reads any smaller one.
  return deflateRawSync(JSON.stringify([text, html]), { level: 1, windowBits: 13, memLevel: 6 });
}

/** The text and HTML of `packMailBody`'s bytes. @throws when `body` is not such bytes. */
export function unpackMailBody(body: Uint8Array): { text: string; html: string } {
  const [text, html] = JSON.parse(inflateRawSync(body).toString('utf8')) as [string, string];
  return { text, html };
}
