import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for tests (docs/decisions/006: the relay is the one service outside the
 * machine, replaced by a local one). Every message it accepts is parsed and kept.
 */

interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestInbox {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first mail (already received or to come) that matches; fails after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The 6-digit code of the latest mail to `to` whose subject matches. */
  codeFor(to: string, subject?: RegExp): Promise<string>;
  /** Refuses the next `count` messages with a 451 (a relay that fails, for retries). */
  failNext(count: number): void;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestInbox> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      if (failures > 0) {
        failures -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Relais indisponible (test)'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
          const mail: ReceivedMail = {
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          received.push(mail);
          for (const waiter of waiters.filter((w) => w.match(mail))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const waitFor = (match: (mail: ReceivedMail) => boolean, timeoutMs = 10_000) => {
    const found = received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<ReceivedMail>((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.push(waiter);
      setTimeout(() => {
        const index = waiters.indexOf(waiter);
        if (index >= 0) {
          waiters.splice(index, 1);
          reject(new Error(`no e-mail matched within ${timeoutMs} ms; received: ${received.map((m) => `${m.to}: ${m.subject}`).join(' | ')}`));
        }
      }, timeoutMs);
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    async codeFor(to, subject = /code/i) {
      const already = received.filter((m) => m.to === to && subject.test(m.subject)).at(-1);
      const mail = already ?? (await waitFor((m) => m.to === to && subject.test(m.subject)));
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in the e-mail to ${to}: ${mail.text}`);
      return code;
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
