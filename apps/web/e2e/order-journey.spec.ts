import { expect, test, type Page } from './fixtures.ts';
import { collectConsoleErrors, expectMail, freezeClock, margheritaForPickup, visitorUserAgent } from './helpers.ts';
import { servers } from './servers.ts';
import { openEveryUnopenedOrder } from './board-orders.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * The restaurant side's whole scenario (docs/decisions/019 to 022) with two browser contexts on the real server (Tuesday 12:30 in Paris,
 * frozen): a customer orders (pickup, cash) and opens /suivi from /success; the staff board shows
 * the order, ringing; staff accept it +20 min; the customer's page changes without reload and the
 * e-mail with the time reaches the SMTP sink; ready (page and e-mail); collected.
 */

const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
const email = 'journee.complete@example.fr';

/** The customer's order through the storefront, up to /success. @returns the order's number. */
async function customerOrders(page: Page): Promise<number> {
  await margheritaForPickup(page);
  await page.getByLabel('Prénom').fill('Jeanne');
  await page.getByLabel('Nom', { exact: true }).fill('Moreau');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Téléphone').fill('06 45 67 89 01');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/success\?order=\d+/);
  return Number(new URL(page.url()).searchParams.get('order'));
}

test('a customer orders; the board rings; accepted +20 min, ready, collected; /suivi follows without reload; the e-mails arrive', async ({
  browser,
  request,
}) => {
  // The restaurant: a staff member's board, service started (audio unlocked).
  const staffContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const board = await staffContext.newPage();
  await signInStaff(board, base);
  const boardErrors = collectConsoleErrors(board, [/Failed to load resource/, /EventSource/]);
  await board.goto('/restaurant/commandes');
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');
  // Orders earlier specs placed on this shared server are opened first: the ringing heard below is this order's.
  await openEveryUnopenedOrder(board);
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-ringing', 'false');
  await board.getByRole('button', { name: 'Démarrer le service' }).click();
  await expect(board.getByTestId('service-started')).toBeVisible();

  // The customer, in another context (another browser, as far as the server knows).
  const customerContext = await browser.newContext({
    baseURL: base,
    userAgent: visitorUserAgent,
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'cookie-consent', value: 'false' }] }] },
  });
  const customer = await customerContext.newPage();
  await freezeClock(customer, 'tuesday');
  const customerErrors = collectConsoleErrors(customer);
  const orderId = await customerOrders(customer);
  await customer.getByTestId('tracking-link').click();
  await expect(customer).toHaveURL(/\/suivi\?commande=[0-9a-f]{32,}/);
  await expect(customer.getByTestId('tracking-title')).toHaveText('Commande reçue');
  await customer.locator('html[data-hydrated="true"]').waitFor();
  let navigations = 0;
  customer.on('framenavigated', (frame) => {
    if (frame === customer.mainFrame()) navigations += 1;
  });
  await customer.evaluate(() => Object.assign(window, { journeyMarker: 'sans rechargement' }));

  // The board shows it, ringing, until someone opens it.
  const card = board.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`);
  await expect(card).toBeVisible();
  await expect(board.getByTestId('column-new').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-ringing', 'true');
  await card.getByTestId('order-number').click();
  const dialog = board.getByTestId('order-dialog');
  await expect(dialog.getByTestId('dialog-order-number')).toHaveText(`n° ${orderId}`);

  // Accept +20 min (the server's clock: 12:30 in Paris).
  await dialog.getByRole('button', { name: 'Accepter' }).click();
  await dialog.getByRole('button', { name: /^\+20 min/ }).click();
  await expect(dialog.getByTestId('order-ready-at')).toHaveText('prête vers 12:50');
  await expect(customer.getByTestId('tracking-title')).toHaveText('Commande acceptée');
  await expect(customer.getByTestId('tracking-ready-at')).toHaveText('Prête vers 12:50');
  await expect(customer.getByTestId('tracking-live')).toHaveText('Commande acceptée. Prête vers 12:50');
  await expectMail(request, email, `Commande n° ${orderId} acceptée`, /prête vers 12:50/);

  // Ready.
  await dialog.getByRole('button', { name: 'Prête', exact: true }).click();
  await expect(board.getByTestId('column-ready').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await expect(customer.getByTestId('tracking-title')).toHaveText('Commande prête');
  await expect(customer.getByTestId('tracking-step-ready')).toHaveAttribute('data-state', 'current');
  await expectMail(request, email, `Commande n° ${orderId} prête`, /vous pouvez venir la chercher/);

  // Collected.
  await dialog.getByRole('button', { name: 'Récupérée', exact: true }).click();
  await expect(board.getByTestId('column-done').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await expect(customer.getByTestId('tracking-title')).toHaveText('Commande terminée');
  await expect(customer.getByTestId('tracking-step-completed')).toHaveAttribute('data-state', 'done');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-ringing', 'false');

  // The customer's page never reloaded.
  expect(navigations).toBe(0);
  expect(await customer.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBe('sans rechargement');
  expect(customerErrors).toEqual([]);
  expect(boardErrors).toEqual([]);
  await customerContext.close();
  await staffContext.close();
});
