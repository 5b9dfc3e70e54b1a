import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { mailSink } from './servers.ts';

/**
 * The end-to-end tests' mail relay (docs/decisions/006): a real SMTP server that the storefront's servers
 * send to (SMTP_URL), and a small HTTP endpoint where the tests read what arrived:
 * GET /messages?to=<address> → [{to, subject, text, html}], GET /health.
 */
const received: { to: string; subject: string; text: string; html: string }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        for (const rcpt of session.envelope.rcptTo)
          received.push({
            to: rcpt.address.toLowerCase(),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
        callback();
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  },
});
smtp.listen(mailSink.smtpPort, '127.0.0.1');

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  response.setHeader('Content-Type', 'application/json');
  if (url.pathname === '/health') return response.end('{"ok":true}');
  const to = url.searchParams.get('to')?.toLowerCase();
  response.end(JSON.stringify(received.filter((m) => !to || m.to === to)));
}).listen(mailSink.httpPort, '127.0.0.1');

const stop = () => {
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
