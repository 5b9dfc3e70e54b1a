import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { staffUsers } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { appendEntry, readEntries, readHead } from './journal.ts';
import type { BooksSigner } from './signing.ts';
import { verifyJournal } from './verify.ts';
import { margheritaReceipt } from './test-fixtures.ts';

/**
 * The closing job (docs/decisions/031-the-books.md, « Closures ») on the demo restaurant (closed on
 * Mondays; Tuesday to Sunday 11:30–14:30 and 18:30–22:30), its journal opened on Monday 23
 * November 2026: each day closed half an hour after its last opening (Monday, closed, at
 * midnight), both chains; the owners' e-mail with the day's closure in the closure's transaction,
 * a failure of which leaves neither and is redone once; the month's closure at the month's end.
 */
const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const opened = paris('2026-11-23', '10:00');
let server: TestServer;
let signer: BooksSigner;

beforeAll(async () => {
  server = await startTestServer({
    clock: () => opened,
    settings: { 'orders.email_only': true, 'books.closure_email': true, 'contacts.name': 'Chez Margot', 'contacts.email': 'bonjour@chez-margot.example' },
  });
  signer = await server.deps.books.signer();
  await server.db.insert(staffUsers).values({ email: 'margot@chez-margot.example', name: 'Margot', role: 'owner', passwordHash: 'x' });
});
afterAll(() => server.close());

const pay = (chain: 'live' | 'simulation', orderId: number, amount: number) => ({
  chain,
  body: { kind: 'payment' as const, payment: { order_id: orderId, means: 'cash' as const, amount } },
  orderId,
});
const receipt = margheritaReceipt();
const closureNumbers = async (chain: 'live' | 'simulation') =>
  (await readEntries(server.db, chain, 0, 1000)).filter((row) => row.kind === 'closure').map((row) => row.documentNumber);

test('Monday (closed) at midnight, Tuesday half an hour after 22:30, both chains; the owner gets the day’s closure', async () => {
  const job = server.deps.closing;
  expect(await job.runOnce(paris('2026-11-23', '23:59'))).toEqual({ live: [], simulation: [] });
  expect(await job.runOnce(paris('2026-11-24', '00:00'))).toEqual({ live: ['J-2026-11-23'], simulation: ['J-2026-11-23'] });

  await appendEntry(server.db, signer, { chain: 'live', body: { kind: 'document', document: receipt }, orderId: 1 }, paris('2026-11-24', '12:09'));
  await appendEntry(server.db, signer, pay('live', 1, 1850), paris('2026-11-24', '12:10'));
  await appendEntry(server.db, signer, pay('live', 2, 2400), paris('2026-11-24', '20:15'));
  await appendEntry(server.db, signer, pay('simulation', 3, 999), paris('2026-11-24', '20:20'));
  expect(await job.runOnce(paris('2026-11-24', '22:59'))).toEqual({ live: [], simulation: [] });
  // Paid at the counter at 22:45, after the hours but before the closure: Tuesday's.
  await appendEntry(server.db, signer, pay('live', 4, 650), paris('2026-11-24', '22:45'));
  expect(await job.runOnce(paris('2026-11-24', '23:00'))).toEqual({ live: ['J-2026-11-24'], simulation: ['J-2026-11-24'] });

  const mail = await server.mail.waitFor((m) => m.subject.startsWith('Clôture du mardi 24 novembre 2026'));
  expect(mail.to).toBe('margot@chez-margot.example');
  expect(mail.subject).toMatch(/^Clôture du mardi 24 novembre 2026 : 18,50\s€ TTC$/);
  expect(mail.text).toMatch(/Chiffre d’affaires TTC : 18,50\s€\nTotal HT : 16,82\s€\nTVA : 1,68\s€/);
  expect(mail.text).toMatch(/- TVA 10 % : HT 16,82\s€, TVA 1,68\s€, TTC 18,50\s€/);
  expect(mail.text).toMatch(/- Espèces : 49,00\s€/);
  expect(mail.text).toContain('Nombre de tickets : 1');
  expect(mail.text).toContain('Avoirs : 0');
  expect(mail.text).toMatch(/Total perpétuel \(depuis l’ouverture du journal\) : 18,50\s€/);
  // Monday's closure was e-mailed too (the evening before); the simulation chain's never are.
  expect(server.mail.received.filter((m) => m.subject.startsWith('Clôture du')).map((m) => m.subject.slice(0, 30))).toEqual([
    'Clôture du lundi 23 novembre 2',
    'Clôture du mardi 24 novembre 2',
  ]);
  expect((await readHead(server.db, 'live'))!.closedThrough).toBe('2026-11-24');
  expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
});

test('the e-mail cannot be written: the closure is not either, and the next run writes both once', async () => {
  await server.db.execute(sql.raw(`alter table mail_outbox add constraint crash_stand_in check (kind <> 'books-closure') not valid`));
  try {
    expect(await server.deps.closing.runOnce(paris('2026-11-25', '23:05'))).toEqual({ live: [], simulation: ['J-2026-11-25'] });
    expect(await closureNumbers('live')).toEqual(['J-2026-11-23', 'J-2026-11-24']);
  } finally {
    await server.db.execute(sql.raw(`alter table mail_outbox drop constraint crash_stand_in`));
  }
  expect(await server.deps.closing.runOnce(paris('2026-11-25', '23:06'))).toEqual({ live: ['J-2026-11-25'], simulation: [] });
  expect(await closureNumbers('live')).toEqual(['J-2026-11-23', 'J-2026-11-24', 'J-2026-11-25']);
  await server.mail.waitFor((m) => m.subject.startsWith('Clôture du mercredi 25 novembre 2026'));
  expect(server.mail.received.filter((m) => m.subject.startsWith('Clôture du mercredi'))).toHaveLength(1);
});

test('days closed late are closed in order, the month with its last day; only the last evening is e-mailed', async () => {
  // Tuesday 1 December at 09:00: Monday 30 November (closed) is the last day closable.
  const run = await server.deps.closing.runOnce(paris('2026-12-01', '09:00'));
  expect(run.live).toEqual(['J-2026-11-26', 'J-2026-11-27', 'J-2026-11-28', 'J-2026-11-29', 'J-2026-11-30', 'M-2026-11']);
  expect(run.simulation).toEqual(run.live);
  const mail = await server.mail.waitFor((m) => m.subject.startsWith('Clôture du lundi 30 novembre 2026'));
  expect(mail.text).toContain('Le mois est clôturé aussi (M-2026-11).');
  expect(server.mail.received.filter((m) => /^Clôture du \S+ 2[6-9] novembre/.test(m.subject))).toEqual([]);
  expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
});
