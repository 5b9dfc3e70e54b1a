import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from '../../logger.ts';

/** One e-mail, in French, as text and HTML (docs/decisions/006). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A one-time code the message carries: logged in outbox mode only, so a person trying locally can sign up. */
  code?: string;
}

/** Sends e-mails (docs/decisions/016, section 5: SMTP via SMTP_URL, else an outbox folder). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** @throws when the message cannot be handed over (SMTP refused, folder not writable). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** smtp://user:pass@host:587 or smtps://…: real SMTP. Absent: the outbox folder. */
  smtpUrl?: string | undefined;
  /** Where messages are written without SMTP_URL: `<DATA_DIR>/outbox`. */
  outboxDir: string;
  /** Without SMTP: the most .eml files kept in `outboxDir`, the oldest removed first (default 1000). */
  maxFiles?: number | undefined;
  /** The From header, e.g. 'Chez Margot <no-reply@chez-margot.fr>'. */
  from: string;
  logger: Logger;
}

/** SMTP connections kept open at most (nodemailer's pool; SMTP_URL's `?maxConnections=` wins). */
const smtpConnections = 3;

/**
 * A nodemailer transport: SMTP with `smtpUrl`, otherwise each message is written as an .eml file
 * to `outboxDir` and logged with its subject (and its code, for code e-mails). The folder keeps at
 * most `maxFiles` files: past that, the oldest tenth is removed (docs/decisions/014: it grew to 11,904 files).
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (options.smtpUrl) {
    // Short timeouts: a slow relay must not hold code e-mails for minutes; order e-mails are retried.
    // A pool: each message on a kept connection (a new one per message cost a TCP, TLS and AUTH
    // exchange each), up to `smtpConnections` at once for the outbox's batches (docs/decisions/026).
    const transporter = createTransport({ url: options.smtpUrl, pool: true, maxConnections: smtpConnections }, { from: options.from });
    transporter.set('connectionTimeout', 10_000);
    return {
      kind: 'smtp',
      async send(message) {
        await transporter.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
      },
      close: () => transporter.close(),
    };
  }
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: options.from });
  let sequence = 0;
  const maxFiles = options.maxFiles ?? 1000;
  let files: number | undefined; // .eml files in the folder, counted at the first write
  let folderMade = false;
  const prune = () => {
    // ISO timestamps first in every name: sorted by name is sorted by age.
    const names = readdirSync(options.outboxDir)
      .filter((name) => name.endsWith('.eml'))
      .sort();
    const keep = Math.max(1, Math.floor(maxFiles * 0.9));
    for (const name of names.slice(0, Math.max(0, names.length - keep))) rmSync(join(options.outboxDir, name), { force: true });
    files = Math.min(names.length, keep);
  };
  return {
    kind: 'outbox',
    async send(message) {
      const info = (await transporter.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html })) as { message: Buffer };
      if (!folderMade) mkdirSync(options.outboxDir, { recursive: true });
      folderMade = true;
      sequence += 1;
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(sequence).padStart(9, '0')}.eml`);
      // Written off the main thread: the outbox's sender shares it with the HTTP server and PGlite.
      await writeFile(file, info.message);
      files = (files ?? readdirSync(options.outboxDir).filter((name) => name.endsWith('.eml')).length - 1) + 1;
      if (files > maxFiles) prune();
      options.logger.info(
        { to: message.to, subject: message.subject, file, ...(message.code ? { code: message.code } : {}) },
        'e-mail écrit dans le dossier outbox',
      );
    },
    close: () => transporter.close(),
  };
}
