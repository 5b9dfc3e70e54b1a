import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OwnServer } from './own-server.ts';
import { expect, test } from './fixtures.ts';
import { placeCashOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff } from './staff-helpers.ts';

/**
 * Every past order, /restaurant/commandes/historique (docs/decisions/034), on a server of its own
 * whose clock is frozen on each day an order is placed: last week (Tuesday 17 November 2026) an
 * order of Élodie Lefèvre, paid in cash at the counter and accepted; this week (Tuesday 24) two
 * orders of Léa Martin. A staff member finds last week's order by Élodie's phone number typed
 * another way (+33…), opens it and sees its events; the search is kept in the URL (a reload shows
 * the same page), and works before hydration (JavaScript off). Screenshots at 390, 768 and 1280 px
 * under /work/screens/history/.
 */
const port = Number(process.env.E2E_PORT ?? 3300) + 13;
const base = `http://localhost:${port}`;
const shots = process.env.HISTORY_SCREENS_DIR ?? '/work/screens/history';
const lastWeek = '2026-11-17T12:30:00+01:00';
const thisWeek = servers.tuesday.now;

let dataDir: string;
let lastWeekOrder = 0;

let own: OwnServer | undefined;
/** Starts the spec's own server on `dataDir` with its clock frozen at `now` (own-server.ts). */
const start = (now: string) => (own ??= new OwnServer(port, dataDir)).start(now);
/** Stops it and waits for it to exit. */
const stop = async () => own?.stop();

async function staffCall(cookie: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'resto-history-e2e-'));
  await start(lastWeek);
  lastWeekOrder = await placeCashOrder(base, lastWeek, 0, { first_name: 'Élodie', last_name: 'Lefèvre', phone: '06 45 12 78 90' });
  const { cookie } = await ownerSession(base);
  const total = (
    (await (await fetch(`${base}/v2/restaurant/orders`, { headers: { Cookie: cookie } })).json()) as {
      payload: { orders: { order_id: number; total: number }[] };
    }
  ).payload.orders.find((o) => o.order_id === lastWeekOrder)!.total;
  await staffCall(cookie, `/v2/restaurant/orders/${lastWeekOrder}/payments`, { tenders: [{ means: 'cash', amount: total }], expected_paid: 0 });
  await staffCall(cookie, `/v2/restaurant/orders/${lastWeekOrder}/actions`, {
    action: 'accept',
    expected_status: 'pending',
    ready_at: new Date(Date.parse(lastWeek) + 20 * 60_000).toISOString(),
  });
  await stop();
  await start(thisWeek);
  await placeCashOrder(base, thisWeek, 1);
  await placeCashOrder(base, thisWeek, 2);
});

test.afterAll(async () => {
  await stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const width of [390, 768, 1280]) {
  test(`at ${width} px: last week's order found by phone number, opened, its events shown`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'fr-FR' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await signInStaff(page, base, 'staff');
    await page.goto('/restaurant/commandes');
    await page.getByRole('navigation', { name: 'Navigation de l’espace restaurant' }).getByRole('link', { name: 'Historique' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Historique' })).toBeVisible();
    await expect(page.getByTestId('history-row')).toHaveCount(3);
    await page.screenshot({ path: join(shots, `history-${width}.png`), fullPage: true });

    // Élodie's number, typed in its international form: the order of last Tuesday, alone.
    await page.getByLabel('Rechercher').fill('+33 6 45 12 78 90');
    await page.getByRole('button', { name: 'Chercher' }).click();
    await expect(page).toHaveURL(/[?&]q=%2B33\+6\+45\+12\+78\+90/);
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Commande n° ${lastWeekOrder}`);
    await expect(rows.first()).toContainText('Élodie Lefèvre');
    await expect(rows.first()).toContainText('17 novembre 2026');
    // The URL holds the search: a reload shows the same page.
    await page.reload();
    await expect(page.getByLabel('Rechercher')).toHaveValue('+33 6 45 12 78 90');
    await expect(rows).toHaveCount(1);
    await page.screenshot({ path: join(shots, `history-search-${width}.png`), fullPage: true });

    await rows.first().click();
    await expect(page.getByRole('heading', { level: 1, name: `Commande n° ${lastWeekOrder}` })).toBeVisible();
    const events = page.getByTestId('history-event');
    await expect(events).toHaveCount(3);
    await expect(events.nth(0)).toContainText('Commande passée');
    await expect(events.nth(1)).toContainText('Encaissée au comptoir');
    await expect(events.nth(2)).toContainText('Acceptée');
    await expect(page.getByTestId('history-order-payments')).toContainText('Espèces');
    await expect(page.getByTestId('history-order-documents')).toContainText(/Ticket R-\d{6}/);
    await page.screenshot({ path: join(shots, `history-order-${width}.png`), fullPage: true });
    // Back to the list as it was searched.
    await page.getByRole('link', { name: 'Retour à la recherche' }).click();
    await expect(page.getByLabel('Rechercher')).toHaveValue('+33 6 45 12 78 90');

    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('before hydration (JavaScript off): the search, a reversed date range refused in French, and the empty state', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false, locale: 'fr-FR' });
  const page = await context.newPage();
  await signInStaff(page, base, 'staff');
  await page.goto('/restaurant/commandes/historique');
  await page.getByLabel('Rechercher').fill('0645127890');
  await page.getByRole('button', { name: 'Chercher' }).click();
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await page.goto('/restaurant/commandes/historique?from=2026-11-24&to=2026-11-17');
  await expect(page.getByRole('alert')).toHaveText('La date de fin précède la date de début : inversez-les.');
  await expect(page.getByLabel('Au', { exact: true })).toHaveValue('2026-11-17');
  await page.goto('/restaurant/commandes/historique?q=personne');
  await expect(page.getByTestId('history-empty')).toContainText('Aucune commande ne correspond à cette recherche.');
  await page.screenshot({ path: join(shots, 'history-empty-1280.png'), fullPage: true });
  await context.close();
});
