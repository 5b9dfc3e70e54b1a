import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { appendEntry, readEntries } from './journal.ts';
import { verifyJournal } from './verify.ts';

/**
 * Two API instances on one PostgreSQL run the closing job at the same instants
 * (docs/decisions/031-the-books.md, « Closures »), while both append payments: each day, the month
 * and its e-mail are written once, whichever instance takes them, and the journal verifies.
 */
const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const opened = paris('2026-11-23', '10:00');
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  const settings = { 'orders.email_only': true, 'books.closure_email': true, 'contacts.email': 'bonjour@chez-margot.example' };
  first = await startTestServer({ clock: () => opened, settings });
  second = await startTestServer({ clock: () => opened, settings, databaseUrl: first.databaseUrl });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

test('both instances close every day at once: one closure a day, one month, one e-mail a closure', async () => {
  const [signerA, signerB] = await Promise.all([first.deps.books.signer(), second.deps.books.signer()]);
  const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'];
  let orderId = 0;
  for (const day of days) {
    // Payments from both instances during the day, then both jobs at 23:05 (and again a minute later).
    await Promise.all(
      Array.from({ length: 10 }, () => {
        orderId += 1;
        const [server, signer] = orderId % 2 ? [first, signerA] : [second, signerB];
        return appendEntry(
          server.db,
          signer,
          { chain: 'live', body: { kind: 'payment', payment: { order_id: orderId, means: 'cash', amount: 100 } }, orderId },
          paris(day, '20:00'),
        );
      }),
    );
    await Promise.all([
      first.deps.closing.runOnce(paris(day, '23:05')),
      second.deps.closing.runOnce(paris(day, '23:05')),
      first.deps.closing.runOnce(paris(day, '23:06')),
    ]);
  }
  const closures = (await readEntries(first.db, 'live', 0, 1000)).filter((row) => row.kind === 'closure').map((row) => row.documentNumber);
  expect(closures).toEqual(['J-2026-11-23', ...days.slice(0, 7).map((day) => `J-${day}`), 'M-2026-11', 'J-2026-12-01']);
  const simulation = (await readEntries(second.db, 'simulation', 0, 1000)).filter((row) => row.kind === 'closure');
  expect(simulation).toHaveLength(closures.length);
  // The outbox drained first: a mail read in the outbox and received by SMTP before its row leaves would count twice.
  const pending = () => first.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.kind, 'books-closure'));
  for (let tries = 0; tries < 50 && (await pending()).length > 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  const mails = await pending();
  const sent = [...first.mail.received, ...second.mail.received].filter((m) => m.subject.startsWith('Clôture du'));
  // Each day's e-mail once, waiting in the outbox or sent by either instance.
  expect(mails.length + sent.length).toBe(days.length + 1);
  expect(new Set([...mails.map((m) => m.subject), ...sent.map((m) => m.subject)]).size).toBe(days.length + 1);
  expect(await verifyJournal(second.db)).toMatchObject({ ok: true, broken: [] });
});
