import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { fecColumns } from '@resto/domain/books-exports';
import { expect, test } from './fixtures.ts';
import { expectRangeRefused } from './books-helpers.ts';
import { placeCashOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * The owner's exports for the accountant, /restaurant/exports (docs/decisions/032), on the real
 * server (Tuesday 12:30 in Paris, frozen): a cash order placed now is in today's files; without the
 * SIRET the FEC says where to set it; with it, the receipts CSV and the FEC are downloaded and read
 * back (BOM, « ; », decimal comma; 18 tab-separated fields, balanced entries). A bad range is
 * refused on its field with what was typed kept. Screenshots at 390 and 1280 px under /work/screens/exports/.
 */
const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
const shots = process.env.EXPORT_SCREENS_DIR ?? '/work/screens/exports';

/** Sets the legal.siret setting through the API, as the settings page would. */
async function setSiret(page: Page, value: string) {
  const read = (await (await page.request.get(`${base}/v2/restaurant/settings`)).json()) as { payload: { name: string; version: number }[] };
  const version = read.payload.find((s) => s.name === 'legal.siret')?.version ?? 0;
  const answer = await page.request.patch(`${base}/v2/restaurant/settings`, { data: { changes: [{ name: 'legal.siret', value, expected_version: version }] } });
  expect(answer.status()).toBe(200);
}

/** A download's bytes as text, BOM kept. */
async function downloaded(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).getByRole('link', { name: 'Télécharger' }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(readFileSync(path)) };
}

const fromComma = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

for (const width of [390, 1280]) {
  test(`today's exports at ${width} px: receipts CSV and FEC downloaded and read back; the SIRET asked for; a bad range refused`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInStaff(page, base, 'owner');
    await setSiret(page, '');
    await placeCashOrder(base, server.now, width);
    await page.goto('/restaurant/exports');
    await expect(page.getByRole('heading', { level: 1, name: 'Exports comptables' })).toBeVisible();
    await expect(page.getByTestId('exports-period')).toContainText('24 novembre 2026');
    await expect(page.getByTestId('exports-summary')).toContainText(/\d+ pièces? \(tickets et avoirs\)/);
    await expect(page.getByTestId('export-fec').getByRole('note')).toContainText('SIRET');
    await expect(page.getByTestId('export-fec').getByRole('link', { name: 'Télécharger' })).toHaveCount(0);

    const receipts = await downloaded(page, 'export-receipts');
    expect(receipts.name).toBe('tickets_2026-11-24.csv');
    expect(receipts.text.startsWith('\uFEFFdate;numero;type;canal;total_ht;total_tva;total_ttc;moyens_de_paiement\r\n')).toBe(true);
    const rows = receipts.text
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map((r) => r.split(';'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row[0]).toBe('2026-11-24');
      expect(row[1]).toMatch(/^[RFA]-\d{6}$/);
      expect(row[6]).toMatch(/^-?\d+,\d{2}$/);
    }

    await setSiret(page, '732 829 320 00074');
    await page.reload();
    await expect(page.getByTestId('export-fec')).toContainText('732829320FEC20261124.txt');
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/exports-${width}.png`, fullPage: true });
    const fec = await downloaded(page, 'export-fec');
    expect(fec.name).toBe('732829320FEC20261124.txt');
    const [header, ...lines] = fec.text
      .split('\r\n')
      .filter(Boolean)
      .map((r) => r.split('\t'));
    expect(header).toEqual([...fecColumns]);
    expect(lines.length).toBeGreaterThan(0);
    const net = new Map<string, number>();
    for (const line of lines) {
      expect(line).toHaveLength(18);
      net.set(line[2]!, (net.get(line[2]!) ?? 0) + fromComma(line[11]!) - fromComma(line[12]!));
    }
    expect([...net.entries()].filter(([, n]) => n !== 0)).toEqual([]);
    // The receipts' TTC are the customers' account debited by the sales journal.
    const sold = rows.filter((r) => r[2] !== 'facture').reduce((sum, r) => sum + fromComma(r[6]!), 0);
    const customers = lines.filter((l) => l[0] === 'VE' && l[4] === '411').reduce((sum, l) => sum + fromComma(l[11]!) - fromComma(l[12]!), 0);
    expect(customers).toBe(sold);
    await setSiret(page, '');

    await expectRangeRefused(page);
    await context.close();
  });
}
