import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * An outbox mail's text and HTML as stored in `mail_outbox.body` (issue 15,
 * docs/decisions/026-memory-and-storage.md): the JSON pair `[text, html]` deflated (raw DEFLATE,
 * zlib's default level). A mail waits there as long as the sender is behind (seconds, or hours
 * while SMTP refuses), so its row is what a backlog costs: ~1.1 KB instead of ~2.3 KB (text and
 * HTML in clear, PostgreSQL's own pglz compression included). Rendered once, in the transaction
 * that places the order, so the mail sent is the one written then.
 */
export function packMailBody(text: string, html: string): Buffer {
  return deflateRawSync(JSON.stringify([text, html]));
}

/** The text and HTML of `packMailBody`'s bytes. @throws when `body` is not such bytes. */
export function unpackMailBody(body: Uint8Array): { text: string; html: string } {
  const [text, html] = JSON.parse(inflateRawSync(body).toString('utf8')) as [string, string];
  return { text, html };
}
