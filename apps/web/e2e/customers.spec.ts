import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OwnServer } from './own-server.ts';
import { expect, test } from './fixtures.ts';
import { placeCashOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff } from './staff-helpers.ts';
import { margheritaForPickup, visitorUserAgent } from './helpers.ts';

/**
 * The customers (docs/decisions/037), on a server of its own (Tuesday 24 November 2026 at 12:30 in
 * Paris, frozen; its own data, since a block would refuse other specs' orders): Rémi Fauconnier
 * ordered twice and the owner blocked him by his phone; he orders again from a fresh browser with
 * another e-mail and is refused at checkout with the French message asking him to call; the owner
 * finds him on /restaurant/clients by his name, opens his page, sees the block, and lifts it. Screenshots of both pages at 390, 768 and 1280 px under /work/screens/customers/.
 */
const port = Number(process.env.E2E_PORT ?? 3300) + 17;
const base = `http://localhost:${port}`;
const shots = process.env.CUSTOMERS_SCREENS_DIR ?? '/work/screens/customers';
const phone = '06 47 11 22 33';
const key = encodeURIComponent('phone:+33647112233');

let dataDir: string;
let own: OwnServer | undefined;

async function ownerCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const { cookie } = await ownerSession(base);
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { payload: unknown }).payload;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'resto-customers-e2e-'));
  own = new OwnServer(port, dataDir);
  await own.start(servers.tuesday.now);
  await placeCashOrder(base, servers.tuesday.now, 0, { first_name: 'Rémi', last_name: 'Fauconnier', phone });
  await placeCashOrder(base, servers.tuesday.now, 1, { first_name: 'Rémi', last_name: 'Fauconnier', phone });
  await ownerCall('PUT', `/v2/restaurant/customers/${key}/note`, { note: 'allergique aux noix' });
  await ownerCall('PUT', `/v2/restaurant/customers/${key}/mark`, { mark: 'blocked', reason: 'deux commandes jamais récupérées' });
});

test.afterAll(async () => {
  await own?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const width of [390, 768, 1280]) {
  test(`at ${width} px: the owner finds the customer by name, opens their page, sees the block and the note`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'fr-FR' });
    const page = await context.newPage();
    await signInStaff(page, base, 'owner');
    await page.goto('/restaurant/clients');
    await expect(page.getByRole('link', { name: 'Clients' })).toBeVisible();
    await page.getByLabel('Rechercher').fill('fauconnier');
    await page.getByRole('button', { name: 'Chercher' }).click();
    await expect(page).toHaveURL(/q=fauconnier/);
    const row = page.getByTestId('customer-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Rémi Fauconnier');
    await expect(row).toContainText('Bloqué');
    await page.screenshot({ path: `${shots}/clients-${width}.png`, fullPage: true });
    await row.click();
    await expect(page.getByTestId('customer-name')).toHaveText('Rémi Fauconnier');
    await expect(page.getByTestId('customer-mark-text')).toContainText('deux commandes jamais récupérées');
    await expect(page.getByLabel('Note')).toHaveValue('allergique aux noix');
    await expect(page.getByTestId('customer-orders').getByRole('link')).toHaveCount(2);
    await page.screenshot({ path: `${shots}/client-${width}.png`, fullPage: true });
    await context.close();
  });
}

test('blocked, he orders from a fresh browser under another e-mail: refused at checkout in French, asked to call, his details kept', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'fr-FR', userAgent: visitorUserAgent });
  // A visitor who already answered the cookie banner (it would cover the dish's dialog).
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(servers.tuesday.now));
  await margheritaForPickup(page);
  await page.getByLabel('Prénom').fill('Rémi');
  await page.getByLabel('Nom', { exact: true }).fill('Fauconnier');
  await page.getByLabel('E-mail').fill('remi.autre@example.fr');
  await page.getByLabel('Téléphone').fill(phone);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
  const refused = page.waitForResponse((r) => r.url().includes('/v2/public/checkout') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  expect((await refused).status()).toBe(422);
  await expect(
    page.getByText(/^Nous ne pouvons pas prendre votre commande en ligne\. Appelez-nous au 0\d( \d\d){4}, nous trouverons une solution\.$/),
  ).toBeVisible();
  await expect(page.getByText(/veuillez réessayer/)).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/success/);
  await page.screenshot({ path: `${shots}/checkout-blocked-390.png`, fullPage: true });
  // Nothing typed is lost: back on the personal tab, his details are there.
  await page.getByRole('navigation', { name: 'Étapes de la commande' }).getByRole('button').nth(1).click();
  await expect(page.getByLabel('E-mail')).toHaveValue('remi.autre@example.fr');
  await context.close();
});

test('the owner lifts the block from the customer’s page', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, locale: 'fr-FR' });
  const page = await context.newPage();
  await signInStaff(page, base, 'owner');
  await page.goto(`/restaurant/clients/${key}`);
  await page.getByRole('button', { name: 'Lever' }).click();
  await expect(page.getByText('Signalement ou blocage levé.')).toBeVisible();
  await expect(page.getByTestId('customer-mark-text')).toHaveCount(0);
  await context.close();
});
