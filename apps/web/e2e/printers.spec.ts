import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SimulatedCloudPrntPrinter } from '../../api/src/test/printers/cloudprnt-printer.ts';
import type { DecodedItem } from '../../api/src/modules/printing/escpos-decode.ts';
import { OwnServer } from './own-server.ts';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { placeCashOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * Kitchen printers (docs/decisions/033) on a server of its own, its clock frozen and moved on by
 * restarts on the same data: at 12:30 the owner adds a Star CloudPRNT printer on
 * /restaurant/imprimantes (a refused form keeps what was typed, the field error in French), sees
 * the URL to type into the printer; a simulated Star CloudPRNT printer set to that URL polls it:
 * the test page prints (« imprimée à 12:30 », its accents and « € » decoded from the printer's
 * bytes), then an order's kitchen ticket (its number and dishes, as the browser's 80 mm ticket
 * shows them; the board's card « Cuisine : imprimé à 12:30 »). The printer switched off, a second
 * test page and a cash order's ticket wait for it; the owner sets a category's station. At 12:31:30 the printer
 * has stayed silent: the page says « hors ligne depuis 12:30 », every board shows the red banner
 * with the waiting tickets and the order's card « Cuisine : en attente ». The server stopped, the
 * printer's last poll written into its database (as its poll would), started again: the banner is
 * gone, the header says « Cuisine : prête ». A staff member sees the page read-only.
 * Screenshots under /work/screens/printers/.
 */
const port = Number(process.env.E2E_PORT ?? 3300) + 14;
const base = `http://localhost:${port}`;
const shots = process.env.PRINTERS_SCREENS_DIR ?? '/work/screens/printers';
const noon = servers.tuesday.now;
/**
 * 90 s after the printer's last poll: offline (60 s), not yet past its 120 s fallback delay (after
 * which the escalation's job sends its tickets to the browser's page).
 */
const later = '2026-11-24T12:31:30+01:00';

let dataDir: string;
/** The order the simulated printer printed, and the one whose ticket waits for it (first test). */
let printedOrderId: number;
let waitingOrderId: number;

/**
 * A simulated Star CloudPRNT printer (apps/api/src/test/printers/cloudprnt-printer.ts) whose
 * CloudPRNT server is set to `setupUrl`, as a person types the URL the printers page shows into
 * the printer's web settings; it is polling when returned.
 */
function simulatedPrinterAt(setupUrl: string): SimulatedCloudPrntPrinter {
  const parsed = new URL(setupUrl);
  const secret = decodeURIComponent(parsed.pathname.split('/').at(-1) ?? '');
  const printer = new SimulatedCloudPrntPrinter({ servers: [parsed.origin], secret, intervalMs: 1000 });
  printer.start();
  return printer;
}

/** `text` safe inside HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * What the simulated printer decoded, as HTML on a 48-column paper: each run at its character
 * size (double width and height as the printer prints them), bold as printed, the QR code and the
 * cut marked where they come.
 */
function paperHtml(items: readonly DecodedItem[]): string {
  return items
    .map((item) => {
      if (item.kind === 'qr') return `<div class="qr">QR code<br>${escapeHtml(item.data)}</div>`;
      if (item.kind === 'cut') return '<div class="cut">✂ coupe</div>';
      if (item.kind === 'init') return '';
      const runs = item.runs.map(
        (run) =>
          `<span style="font-size:${run.height}em;font-weight:${run.bold ? 800 : 400};transform:scaleX(${run.width / run.height});width:${(run.text.length * run.width) / run.height}ch">${escapeHtml(run.text)}</span>`,
      );
      return `<div class="line">${runs.join('') || '&nbsp;'}</div>`;
    })
    .join('');
}

/**
 * Renders, on one 1280 px page, the browser's 80 mm ticket (`browserPng`, taken at twice the
 * pixels) beside what the
 * simulated printer decoded from its bytes (`items`, 48 columns of font A), both at one scale (48
 * columns of 13 px DejaVu Sans Mono are the 72 mm the browser's ticket prints, times 1.38), and with
 * SCREENSHOTS=1 saves it as ticket-decode-vs-browser.png under the screenshots folder.
 */
async function besideTheBrowsers(browser: Browser, browserPng: Buffer, items: readonly DecodedItem[], orderId: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html lang="fr"><meta charset="utf-8"><style>
    body { margin: 0; padding: 24px; font-family: system-ui, sans-serif; background: #e5e5e5; }
    main { display: flex; gap: 40px; align-items: flex-start; justify-content: center; }
    figure { margin: 0; } figcaption { font-weight: 700; margin-bottom: 8px; }
    img { display: block; width: calc(80mm * 1.38); padding: 10px; background: #fff; box-shadow: 0 1px 4px #0003; }
    .paper { width: 48ch; padding: 12px; background: #fff; box-shadow: 0 1px 4px #0003; font: 13px/1.3 'DejaVu Sans Mono', monospace; white-space: pre; }
    .paper span { display: inline-block; transform-origin: left; overflow: visible; }
    .qr { margin: 6px auto; width: 18ch; padding: 8px; border: 2px dashed #000; text-align: center; white-space: normal; font-size: 11px; overflow-wrap: anywhere; }
    .cut { border-top: 1px dashed #888; color: #888; margin-top: 8px; }
  </style><main>
    <figure><figcaption>Navigateur — ticket 80 mm (n° ${orderId})</figcaption><img alt="" src="data:image/png;base64,${browserPng.toString('base64')}"></figure>
    <figure><figcaption>Imprimante CloudPRNT simulée — texte décodé (48 colonnes)</figcaption><div class="paper" data-testid="decoded">${paperHtml(items)}</div></figure>
  </main></html>`);
  await expect(page.getByTestId('decoded')).toContainText(`${orderId}`);
  const png = await page.screenshot({ fullPage: true });
  if (process.env.SCREENSHOTS === '1') writeFileSync(`${shots}/ticket-decode-vs-browser.png`, png);
  await context.close();
}

let own: OwnServer | undefined;
/** Starts the spec's own server on `dataDir` with its clock frozen at `now` (own-server.ts). */
const start = (now: string) => (own ??= new OwnServer(port, dataDir)).start(now);
/** Stops it and waits for it to exit. */
const stop = async () => own?.stop();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'resto-printers-e2e-'));
  mkdirSync(shots, { recursive: true });
  await start(noon);
});

test.afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function staffPage(browser: Browser, width: number, role: 'owner' | 'staff', path: string, now: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(now));
  await signInStaff(page, base, role);
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
  return page;
}

test('the owner adds a CloudPRNT printer, sees its URL and prints a test page', async ({ browser }) => {
  const page = await staffPage(browser, 1280, 'owner', '/restaurant/imprimantes', noon);
  await expect(page.getByRole('heading', { level: 1, name: 'Imprimantes' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation de l’espace restaurant' }).getByRole('link', { name: 'Imprimantes' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('Aucune imprimante')).toBeVisible();

  await page.getByRole('button', { name: 'Ajouter une imprimante' }).click();
  const form = page.getByTestId('printer-form');
  await form.getByLabel('Nom').fill('Cuisine');
  await form.getByLabel('Liaison').selectOption({ label: 'ESC/POS en réseau (port 9100)' });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  // Refused in the browser by the API's own schema: the field says why in French; what was typed stays.
  await expect(form.getByText('Indiquez l’adresse IP de l’imprimante (par exemple 192.168.1.50).')).toBeVisible();
  await expect(form.getByLabel('Adresse IP de l’imprimante')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Nom')).toHaveValue('Cuisine');
  await form.getByLabel('Exemplaires', { exact: true }).fill('9');
  await expect(form.getByLabel('Exemplaires', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('#printer-new-copies-error')).toHaveText('Entre 1 et 5 exemplaires.');
  await page.screenshot({ path: `${shots}/imprimantes-formulaire-refuse-1280.png`, fullPage: true });

  await form.getByLabel('Liaison').selectOption({ label: 'Star CloudPRNT' });
  await form.getByLabel('Exemplaires', { exact: true }).fill('1');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imprimante « Cuisine » enregistrée.' })).toBeVisible();

  const row = page.getByTestId('printer-row').filter({ hasText: 'Cuisine' });
  await expect(row.getByTestId('printer-state')).toHaveText('prête');
  await expect(row.getByTestId('printer-setup-value')).toHaveText(new RegExp(`^${base}/v2/print/cloudprnt/[A-Za-z0-9_-]{43}$`));
  await expect(row.getByTestId('printer-setup')).toContainText('CloudPRNT');
  const url = await row.getByTestId('printer-setup-value').textContent();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: 'Copier' }).click();
  await expect(row.getByRole('button', { name: 'Copié' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(url);

  // The printer, its CloudPRNT server set to the URL as copied (pasted into its web settings), polls every second.
  const printer = simulatedPrinterAt(copied);
  try {
    await row.getByRole('button', { name: 'Page de test : Cuisine' }).click();
    await expect(row.getByTestId('test-page-status')).toHaveText('Page de test imprimée à 12:30', { timeout: 15_000 });
    await expect(row.getByTestId('printer-waiting')).toHaveText('aucun ticket en attente');
    expect(printer.printed).toHaveLength(1);
    const testPage = printer.printed[0]!.lines.map((line) => line.trim());
    expect(testPage).toContain('PAGE DE TEST');
    expect(testPage).toContain('Imprimante : Cuisine');
    // Windows-1252 both ways: every French accent, « œ » and « Ÿ », the euro sign.
    expect(testPage).toContain('Accents : àâäçéèêëîïôöùûüÿ ÀÂÇÉÈÊËÎÏÔÙÛÜŸ œŒæÆ');
    expect(testPage.join('\n')).toContain('€');

    // An order placed: the printer prints its kitchen ticket, the board's card says so.
    const board = await staffPage(browser, 1280, 'staff', '/restaurant/commandes', noon);
    printedOrderId = await placeCashOrder(base, noon);
    const card = board.locator(`[data-testid="board-order"][data-order-id="${printedOrderId}"]`);
    await expect(card.getByTestId('order-print-job')).toHaveText('Cuisine : imprimé à 12:30', { timeout: 20_000 });
    expect(printer.printed).toHaveLength(2);
    // Large lines wrap at 24 columns: compared as one text, spaces collapsed.
    const printedText = printer.printed[1]!.lines.join(' ').replace(/\s+/g, ' ');
    expect(printedText).toContain(`n° ${printedOrderId}`);

    // The same order's ticket as the browser prints it (the board's « Imprimer », 80 mm print media), at twice the pixels.
    const ticketContext = await browser.newContext({ baseURL: base, viewport: { width: 420, height: 900 }, deviceScaleFactor: 2 });
    const ticketPage = await ticketContext.newPage();
    await ticketPage.clock.setFixedTime(new Date(noon));
    await signInStaff(ticketPage, base, 'staff');
    await ticketPage.goto(`/restaurant/commandes/${printedOrderId}/ticket`);
    const browserTicket = ticketPage.getByTestId('kitchen-ticket');
    await expect(browserTicket).toContainText(`n° ${printedOrderId}`);
    const dishes = (await browserTicket.locator('p').allTextContents()).flatMap((text) => /^\d+ × (.+)$/.exec(text)?.slice(1) ?? []);
    expect(dishes).toHaveLength(2);
    for (const dish of dishes) expect(printedText).toContain(dish);
    await ticketPage.emulateMedia({ media: 'print' });
    const browserPng = await ticketPage.locator('.ticket-sheet').screenshot();
    await ticketContext.close();
    await besideTheBrowsers(browser, browserPng, printer.printed[1]!.items, printedOrderId);
    await board.context().close();
  } finally {
    await printer.stop();
  }
  expect(printer.errors).toEqual([]);

  // From here the printer is switched off: a second test page waits for it.
  await row.getByRole('button', { name: 'Page de test : Cuisine' }).click();
  await expect(row.getByTestId('test-page-status')).toHaveText('Page de test : en attente de l’imprimante…');
  await expect(row.getByTestId('printer-waiting')).toHaveText('1 ticket en attente', { timeout: 15_000 });
  await page.screenshot({ path: `${shots}/imprimantes-1280.png`, fullPage: true });
  for (const width of [768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/imprimantes-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The first category's lines go to the bar: saved at once.
  const station = page.getByTestId('category-station').first();
  await station.selectOption({ label: 'Bar' });
  await expect(page.getByTestId('stations').getByRole('status')).toContainText('enregistrée');
  await page.reload();
  await expect(page.getByTestId('category-station').first()).toHaveValue('bar');
  await page.getByTestId('category-station').first().selectOption({ label: 'Tous les postes' });
  await expect(page.getByTestId('stations').getByRole('status')).toContainText('enregistrée');
  await page.context().close();

  // A cash order: its kitchen ticket waits for the printer (it prints on arrival).
  waitingOrderId = await placeCashOrder(base, noon);
});

test('a staff member sees the printers’ states, read-only, without their secret', async ({ browser }) => {
  const page = await staffPage(browser, 768, 'staff', '/restaurant/imprimantes', noon);
  await expect(page.getByTestId('printers-read-only')).toHaveText('Seul le propriétaire peut modifier les imprimantes ; vous voyez leur état.');
  await expect(page.getByTestId('printer-row')).toHaveCount(1);
  await expect(page.getByTestId('printer-setup')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ajouter une imprimante' })).toHaveCount(0);
  await expect(page.getByTestId('category-station').first()).toBeDisabled();
  await page.context().close();
});

test('the printer stays silent: offline on its page and a red banner on the board; back, the banner is gone', async ({ browser }) => {
  test.setTimeout(240_000);
  await stop();
  await start(later);
  const printers = await staffPage(browser, 1280, 'owner', '/restaurant/imprimantes', later);
  await expect(printers.getByTestId('printer-state')).toHaveText('hors ligne depuis 12:30');
  await expect(printers.getByTestId('printer-waiting')).toHaveText('2 tickets en attente');
  await printers.screenshot({ path: `${shots}/imprimantes-hors-ligne-1280.png`, fullPage: true });
  await printers.context().close();

  for (const width of [1280, 768]) {
    const board = await staffPage(browser, width, 'staff', '/restaurant/commandes', later);
    const alarm = board.getByTestId('printer-alarm');
    // The 1280 px board reprints the order below: one ticket more waits on the 768 px one.
    const waiting = width === 1280 ? 2 : 3;
    await expect(alarm).toHaveText(new RegExp(`^Imprimante Cuisine hors ligne depuis 12:30 — ${waiting} tickets en attente`));
    await expect(alarm.getByRole('link', { name: 'Voir les imprimantes' })).toHaveAttribute('href', '/restaurant/imprimantes');
    await expect(board.getByTestId('printer-chip')).toHaveText('Cuisine : hors ligne depuis 12:30');
    const card = board.locator(`[data-testid="board-order"][data-order-id="${waitingOrderId}"]`);
    await expect(card.getByTestId('order-print-job')).toHaveText(width === 1280 ? 'Cuisine : en attente' : 'Cuisine : en attente (réimpression)');
    await board.screenshot({ path: `${shots}/tableau-imprimante-hors-ligne-${width}.png`, fullPage: true });
    if (width === 1280) {
      // « Réimprimer » from the order's dialog: a new ticket, marked, waits too.
      await card.getByTestId('order-number').click();
      const dialog = board.getByTestId('order-dialog');
      await expect(dialog.getByTestId('order-print-job')).toHaveText(/Cuisine : en attente/);
      await dialog.getByRole('button', { name: 'Réimprimer sur Cuisine' }).click();
      await expect(dialog.getByTestId('order-print-job')).toHaveText('Cuisine : en attente (réimpression)Réimprimer');
      await board.screenshot({ path: `${shots}/tableau-commande-tickets-${width}.png` });
      await board.keyboard.press('Escape');
      await expect(alarm).toHaveText(/3 tickets en attente/, { timeout: 20_000 });
    }
    await board.context().close();
  }

  // The printer polls again: its last poll, as its poll writes it, into the stopped server's database.
  await stop();
  const db = new PGlite(dataDir);
  try {
    const updated = await db.query(`update printers set last_poll_at = $1 returning id`, [new Date(later).toISOString()]);
    expect(updated.rows).toHaveLength(1);
  } finally {
    await db.close();
  }
  await start(later);
  const board = await staffPage(browser, 1280, 'staff', '/restaurant/commandes', later);
  await expect(board.getByTestId('printer-chip')).toHaveText('Cuisine : prête');
  await expect(board.getByTestId('printer-alarm')).toHaveCount(0);
  await board.screenshot({ path: `${shots}/tableau-imprimante-revenue-1280.png`, fullPage: true });
  await board.setViewportSize({ width: 768, height: 900 });
  await board.screenshot({ path: `${shots}/tableau-imprimante-revenue-768.png`, fullPage: true });
  await board.context().close();
});
