import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { combineTotals, periodClosure, totalsDifferences, totalsOf, type Closure, type EntryBody } from '@resto/domain/books';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { closeDaysThrough } from './closures.ts';
import { appendEntry, openJournal, readEntries, type JournalRow } from './journal.ts';
import { loadSigner } from './keys.ts';
import type { BooksSigner } from './signing.ts';
import { verifyJournal } from './verify.ts';

/**
 * Months' and fiscal years' closures (docs/decisions/031-the-books.md, « Closures ») on the real
 * database: written after the month's last day in its transaction, from the days' closures; the
 * journal's first month and year partial; the fiscal year's first month a setting; a crash in the
 * middle of the month's last day redone once; the verification recomputing each, and finding a
 * changed one, one signed with totals its days do not give, and a month left without its closure.
 */
const pay = (orderId: number, amount: number, means: 'cash' | 'card_terminal' = 'cash') => ({
  chain: 'live' as const,
  body: { kind: 'payment' as const, payment: { order_id: orderId, means, amount } },
  orderId,
});
const closureOf = (row: JournalRow) => (JSON.parse(row.content) as { body: { closure: Closure } }).body.closure;
const at = (day: string, time = '12:00') => new Date(`${day}T${time}:00+01:00`);

async function freshJournal(opened: string): Promise<{ server: TestServer; signer: BooksSigner }> {
  const server = await startTestServer({ seed: false });
  const signer = await loadSigner(server.db, undefined);
  await openJournal(server.db, signer, at(opened, '10:00'));
  return { server, signer };
}

async function closures(server: TestServer): Promise<JournalRow[]> {
  return (await readEntries(server.db, 'live', 0, 1000)).filter((row) => row.kind === 'closure');
}

describe('a journal opened on Saturday 28 November 2026, fiscal year from January', () => {
  let server: TestServer;
  let signer: BooksSigner;
  beforeAll(async () => ({ server, signer } = await freshJournal('2026-11-28')));
  afterAll(() => server.close());

  test('the partial month and year close after their last day, from the days’ closures, in order; verified', async () => {
    await appendEntry(server.db, signer, pay(1, 1850), at('2026-11-28'));
    await appendEntry(server.db, signer, pay(2, 1200, 'card_terminal'), at('2026-11-30'));
    await closeDaysThrough(server.db, signer, 'live', '2026-12-01', at('2026-12-02', '00:40'));
    await appendEntry(server.db, signer, pay(3, 900), at('2026-12-02'));
    // Closed on 2 January 2027 just after midnight: December, then the year, then 1 January.
    const written = await closeDaysThrough(server.db, signer, 'live', '2027-01-01', at('2027-01-02', '00:30'));
    expect(written.at(-2)!.month!.documentNumber).toBe('M-2026-12');
    expect(written.at(-2)!.year!.documentNumber).toBe('E-2026');

    const rows = await closures(server);
    const numbers = rows.map((row) => row.documentNumber);
    expect(numbers.slice(0, 5)).toEqual(['J-2026-11-28', 'J-2026-11-29', 'J-2026-11-30', 'M-2026-11', 'J-2026-12-01']);
    expect(numbers.slice(-4)).toEqual(['J-2026-12-31', 'M-2026-12', 'E-2026', 'J-2027-01-01']);
    expect(numbers).toHaveLength(3 + 1 + 31 + 1 + 1 + 1);

    const byNumber = new Map(rows.map((row) => [row.documentNumber, closureOf(row)]));
    const november = byNumber.get('M-2026-11')!;
    expect(november).toMatchObject({
      period: { kind: 'month', start: '2026-11-28', end: '2026-11-30' },
      first_seq: 1,
      last_seq: 3,
      payments: { cash: 1850, card_terminal: 1200 },
      counts: { payments: 2 },
      perpetual_total_ttc: 0,
    });
    const decemberDays = rows.filter((row) => row.documentNumber?.startsWith('J-2026-12-')).map(closureOf);
    const december = byNumber.get('M-2026-12')!;
    expect(totalsDifferences(december, combineTotals(decemberDays, november.perpetual_total_ttc))).toEqual([]);
    expect(december).toMatchObject({ period: { start: '2026-12-01', end: '2026-12-31' }, payments: { cash: 900 } });
    const year = byNumber.get('E-2026')!;
    expect(year).toMatchObject({
      period: { kind: 'year', start: '2026-11-28', end: '2026-12-31' },
      payments: { cash: 2750, card_terminal: 1200 },
      counts: { payments: 3 },
    });
    expect(totalsDifferences(year, periodClosure(year.period, [november, december], 0))).toEqual([]);
    // The month's closure counts in no day: the next day's entries are the next day's.
    expect(byNumber.get('J-2027-01-01')).toMatchObject({ first_seq: null, payments: { cash: 0 } });
    expect(await verifyJournal(server.db, { trustedPublicKey: signer.publicKeyPem })).toMatchObject({ ok: true });
  });

  test('a month’s closure changed behind the triggers’ back is found at that entry', async () => {
    const november = (await closures(server)).find((row) => row.documentNumber === 'M-2026-11')!;
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update journal_entries set content = replace(content, '"cash":1850', '"cash":1800') where chain = 'live' and seq = ${november.seq}`);
    });
    const report = await verifyJournal(server.db);
    expect(report.broken).toEqual([{ chain: 'live', seq: november.seq, problem: 'hachage faux : le contenu a changé depuis son écriture' }]);
  });
});

test('a fiscal year from July: the journal’s first year runs from its first day to 30 June', async () => {
  const { server, signer } = await freshJournal('2027-05-30');
  try {
    await appendEntry(server.db, signer, pay(1, 500), at('2027-05-30'));
    await appendEntry(server.db, signer, pay(2, 700), at('2027-06-15'));
    await closeDaysThrough(server.db, signer, 'live', '2027-07-01', at('2027-07-02', '01:00'), { fiscalYearFirstMonth: 7 });
    const rows = await closures(server);
    const periods = rows
      .filter((row) => row.documentNumber && !row.documentNumber.startsWith('J-'))
      .map((row) => [row.documentNumber, closureOf(row).period.start, closureOf(row).period.end]);
    expect(periods).toEqual([
      ['M-2027-05', '2027-05-30', '2027-05-31'],
      ['M-2027-06', '2027-06-01', '2027-06-30'],
      ['E-2027', '2027-05-30', '2027-06-30'],
    ]);
    expect(closureOf(rows.find((row) => row.documentNumber === 'E-2027')!)).toMatchObject({ payments: { cash: 1200 }, perpetual_total_ttc: 0 });
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  } finally {
    await server.close();
  }
});

test('a crash in the month’s last day’s transaction leaves nothing of it; the next run closes the day and the month once', async () => {
  const { server, signer } = await freshJournal('2026-11-29');
  try {
    await appendEntry(server.db, signer, pay(1, 1850), at('2026-11-30'));
    const failing = closeDaysThrough(server.db, signer, 'live', '2026-11-30', at('2026-12-01', '01:00'), {
      afterDay: async (_tx, written) => {
        if (written.month) throw new Error('panne pendant la clôture du mois');
      },
    });
    await expect(failing).rejects.toThrow('panne pendant la clôture du mois');
    expect((await closures(server)).map((row) => row.documentNumber)).toEqual(['J-2026-11-29']);
    const [again, twice] = await Promise.all([
      closeDaysThrough(server.db, signer, 'live', '2026-11-30', at('2026-12-01', '01:01')),
      closeDaysThrough(server.db, signer, 'live', '2026-11-30', at('2026-12-01', '01:01')),
    ]);
    expect([...again, ...twice]).toHaveLength(1);
    expect((await closures(server)).map((row) => row.documentNumber)).toEqual(['J-2026-11-29', 'J-2026-11-30', 'M-2026-11']);
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  } finally {
    await server.close();
  }
});

describe('closures signed with the journal’s key but wrong (a bug, or the key stolen) are found by the recomputation', () => {
  /** Opens a journal on 30 November 2026 with one payment and that day's honest closure, written by hand (no month closure). */
  async function dayClosedByHand(): Promise<{ server: TestServer; signer: BooksSigner; day: Closure }> {
    const { server, signer } = await freshJournal('2026-11-30');
    const payment = pay(1, 1850);
    await appendEntry(server.db, signer, payment, at('2026-11-30'));
    const day: Closure = {
      period: { kind: 'day', start: '2026-11-30', end: '2026-11-30' },
      first_seq: 1,
      last_seq: 2,
      ...totalsOf([payment.body as EntryBody], 0),
    };
    await appendEntry(server.db, signer, { chain: 'live', body: { kind: 'closure', closure: day } }, at('2026-11-30', '23:00'));
    return { server, signer, day };
  }

  test('a month whose totals its days do not give', async () => {
    const { server, signer, day } = await dayClosedByHand();
    try {
      const month = periodClosure({ kind: 'month', start: '2026-11-30', end: '2026-11-30' }, [day], 0);
      const forged = await appendEntry(
        server.db,
        signer,
        { chain: 'live', body: { kind: 'closure', closure: { ...month, payments: { ...month.payments, cash: 850 } } } },
        at('2026-11-30', '23:01'),
      );
      const report = await verifyJournal(server.db);
      expect(report.broken).toHaveLength(1);
      expect(report.broken[0]).toMatchObject({ chain: 'live', seq: forged.seq });
      expect(report.broken[0]!.problem).toMatch(/^totaux de la clôture faux : payments : \{.*"cash":850.*\} ≠ \{.*"cash":1850.*\}$/);
    } finally {
      await server.close();
    }
  });

  test('a month left without its closure: found at the next day’s closure, or at the chain’s end', async () => {
    const { server, signer, day } = await dayClosedByHand();
    try {
      expect((await verifyJournal(server.db)).broken).toEqual([
        { chain: 'live', seq: 3, problem: 'le mois 2026-11 est fini mais n’a pas sa clôture mensuelle' },
      ]);
      const next = await appendEntry(
        server.db,
        signer,
        {
          chain: 'live',
          body: {
            kind: 'closure',
            closure: {
              ...day,
              period: { kind: 'day', start: '2026-12-01', end: '2026-12-01' },
              first_seq: null,
              last_seq: null,
              ...totalsOf([], day.perpetual_total_ttc),
            },
          },
        },
        at('2026-12-01', '23:00'),
      );
      expect((await verifyJournal(server.db)).broken).toEqual([
        { chain: 'live', seq: next.seq, problem: 'le mois 2026-11 est fini mais n’a pas sa clôture mensuelle' },
      ]);
    } finally {
      await server.close();
    }
  });
});
