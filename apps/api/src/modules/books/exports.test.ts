import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BooksExports } from '@resto/contract/books-exports';
import type { SalesReportAnswer } from '@resto/contract/books-reports';
import type { BoardOrder } from '@resto/contract/board';
import { journalEntries } from '../../db/schema.ts';
import { errorOf, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, patchSettings, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, board, placeCashOrder } from '../board/test-helpers.ts';
import { verifyJournal } from './verify.ts';

/**
 * The accountant's exports, /v2/restaurant/books/exports… (docs/decisions/032), over real HTTP on
 * PGlite (and PostgreSQL with DATABASE_URL): cash orders paid at the counter (one with change, one
 * by card on the terminal), one refused; each file read back and checked against the sales report;
 * each download an « export » entry with the file's SHA-256; the journal still verifies.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let owner: TestStaff;
let karim: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  owner = await createTestStaff(server.db, { now, role: 'owner', name: 'Margot Lefèvre' });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
});
afterAll(async () => server?.close());

const day = '?period=day&from=2026-11-24';
const cents = (euros: number) => Math.round(euros * 100);
/** « 12,50 » → 1250. */
const fromComma = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

async function download(kind: string, query = day) {
  const response = await fetch(`${server.baseUrl}/v2/restaurant/books/exports/${kind}${query}`, { headers: { Cookie: owner.cookie } });
  // The BOM is kept: it is part of the file (TextDecoder drops it by default).
  return { response, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

async function exportEntries() {
  const rows = await server.db
    .select({ content: journalEntries.content })
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, 'live'), eq(journalEntries.kind, 'technical')))
    .orderBy(asc(journalEntries.seq));
  return rows
    .map((r) => JSON.parse(r.content) as { operator: { name: string } | null; body: { technical: { event: string; detail: Record<string, unknown> } } })
    .filter((c) => c.body.technical.event === 'export');
}

async function setSiret(value: string) {
  expect((await patchSettings(server, owner.cookie, [{ name: 'legal.siret', value }])).status).toBe(200);
}

describe('the accountant’s exports', () => {
  let sold = 0;
  let cashTaken = 0;
  let terminalTaken = 0;

  beforeAll(async () => {
    for (const means of ['cash', 'card_terminal'] as const) {
      const { orderId } = await placeCashOrder(server);
      const total = cents(payloadOf(await board(server, karim.cookie)).orders.find((o) => o.order_id === orderId)!.total);
      // Cash: a 50 € note for the order, change given back.
      const tendered = means === 'cash' ? 5000 : total;
      const paid = await staffRequest<{ order: BoardOrder }>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
        tenders: [{ means, amount: tendered / 100 }],
        expected_paid: 0,
      });
      expect(paid.status).toBe(200);
      sold += total;
      if (means === 'cash') cashTaken += total;
      else terminalTaken += total;
    }
    const refused = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, refused.orderId, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' }));
  });

  test('the period’s summary: documents, payments, days; the FEC and the e-reporting need the SIRET', async () => {
    const summary = payloadOf(await staffRequest<BooksExports>(server, owner.cookie, 'GET', `/v2/restaurant/books/exports${day}`));
    expect(summary).toMatchObject({ period: { kind: 'day', from: '2026-11-24', to: '2026-11-24' }, documents: 4, payments: 2, days: 1, siren: null });
    expect(summary.files.find((f) => f.kind === 'fec')?.file_name).toBeNull();
    expect(summary.files.find((f) => f.kind === 'receipts')?.file_name).toBe('tickets_2026-11-24.csv');
    const { response, text } = await download('fec');
    expect(response.status).toBe(422);
    const error = errorOf({ status: 422, headers: response.headers, body: JSON.parse(text) });
    expect(error.code).toBe('siren_missing');
    expect(looksFrench(error.message)).toBe(true);
  });

  test('the CSV files: BOM, « ; », decimal comma; the receipts and payments say what the report says', async () => {
    const report = payloadOf(await staffRequest<SalesReportAnswer>(server, owner.cookie, 'GET', `/v2/restaurant/books/report${day}`));
    expect(cents(report.total_ttc)).toBe(sold);

    const receipts = await download('receipts');
    expect(receipts.response.status).toBe(200);
    expect(receipts.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(receipts.response.headers.get('content-disposition')).toBe('attachment; filename="tickets_2026-11-24.csv"');
    expect(receipts.text.startsWith('\uFEFFdate;numero;type;canal;total_ht;total_tva;total_ttc;moyens_de_paiement\r\n')).toBe(true);
    const rows = receipts.text
      .slice(1)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split(';'));
    expect(rows.map((r) => r[2])).toEqual(['ticket', 'ticket', 'ticket', 'avoir']);
    expect(rows.reduce((sum, r) => sum + fromComma(r[6]!), 0)).toBe(sold); // the refused order's receipt and credit note cancel out
    expect(rows.filter((r) => r[7] === 'espèces')).toHaveLength(1);
    expect(rows.filter((r) => r[7] === 'carte (TPE)')).toHaveLength(1);

    const payments = (await download('payments')).text
      .slice(1)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split(';'));
    const cash = payments.find((r) => r[6] === 'espèces')!;
    expect([fromComma(cash[7]!), fromComma(cash[8]!), fromComma(cash[9]!)]).toEqual([cashTaken, 5000, 5000 - cashTaken]);
    expect(cash[11]).toBe('Karim Benali');

    const vat = (await download('daily_vat')).text
      .slice(1)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split(';'));
    expect(vat.map((r) => [r[1], fromComma(r[2]!), fromComma(r[3]!), fromComma(r[4]!)])).toEqual(
      report.vat.map((v) => [String(v.rate).replace('.', ','), cents(v.total_ht), cents(v.total_vat), cents(v.total_ttc)]),
    );
    const lines = (await download('lines')).text;
    expect(lines.split('\r\n')[0]).toBe('\uFEFFnumero;libelle;quantite;prix_unitaire_ttc;montant_ht;taux_tva;montant_tva;montant_ttc');
  });

  test('the FEC: its name from the SIREN, 18 tab-separated fields, balanced entries, sales and money as the report says', async () => {
    await setSiret('123 456 789 00012');
    const { response, text } = await download('fec');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="123456789FEC20261124.txt"');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = text
      .split('\r\n')
      .filter(Boolean)
      .map((r) => r.split('\t'));
    expect(header).toHaveLength(18);
    expect(header![0]).toBe('JournalCode');
    const fields = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
    for (const r of rows) expect(r).toHaveLength(18);
    const net = new Map<string, number>();
    for (const f of fields) net.set(f.EcritureNum!, (net.get(f.EcritureNum!) ?? 0) + fromComma(f.Debit!) - fromComma(f.Credit!));
    expect([...net.values()].every((n) => n === 0)).toBe(true);
    const balance = (prefix: string) =>
      fields.filter((f) => f.CompteNum!.startsWith(prefix)).reduce((s, f) => s + fromComma(f.Credit!) - fromComma(f.Debit!), 0);
    const report = payloadOf(await staffRequest<SalesReportAnswer>(server, owner.cookie, 'GET', `/v2/restaurant/books/report${day}`));
    expect(balance('707')).toBe(cents(report.total_ht));
    expect(balance('4457')).toBe(cents(report.total_vat));
    expect(-balance('530')).toBe(cashTaken);
    expect(-balance('512')).toBe(terminalTaken);
    expect(balance('411')).toBe(0); // everything sold was paid
    expect(fields.every((f) => f.EcritureDate === '20261124' && f.ValidDate === '20261124')).toBe(true);
  });

  test('the e-reporting: daily totals per rate, the SIREN', async () => {
    const { response, text } = await download('e_reporting');
    expect(response.status).toBe(200);
    const data = JSON.parse(text) as { siren: string; days: { date: string; transactions: number; total_ttc_cents: number }[] };
    expect(data.siren).toBe('123456789');
    expect(data.days).toMatchObject([{ date: '2026-11-24', transactions: 3, total_ttc_cents: sold }]);
  });

  test('each download is an « export » entry with its SHA-256 and who asked; the journal still verifies', async () => {
    const before = (await exportEntries()).length;
    const { response, text } = await download('fec');
    const sha = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
    expect(response.headers.get('x-content-sha256')).toBe(sha);
    const entries = await exportEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      operator: { name: 'Margot Lefèvre' },
      body: { technical: { detail: { kind: 'fec', file: '123456789FEC20261124.txt', sha256: sha } } },
    });
    const signer = await server.deps.books.signer();
    expect((await verifyJournal(server.db, { trustedPublicKey: signer.publicKeyPem })).ok).toBe(true);
  });

  test('refusals: a bad period on its field, an unknown file, a staff member, no one', async () => {
    const bad = await staffRequest(server, owner.cookie, 'GET', '/v2/restaurant/books/exports/fec?period=range&from=2026-11-10&to=2026-11-01');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).errors?.[0]?.path).toBe('to');
    expect(looksFrench(errorOf(bad).message)).toBe(true);
    expect((await staffRequest(server, owner.cookie, 'GET', '/v2/restaurant/books/exports/ledger')).status).toBe(400);
    expect((await staffRequest(server, karim.cookie, 'GET', `/v2/restaurant/books/exports${day}`)).status).toBe(403);
    expect((await staffRequest(server, karim.cookie, 'GET', `/v2/restaurant/books/exports/fec${day}`)).status).toBe(403);
    expect((await staffRequest(server, null, 'GET', `/v2/restaurant/books/exports/fec${day}`)).status).toBe(401);
  });
});
