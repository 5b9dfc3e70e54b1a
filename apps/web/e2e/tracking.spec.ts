import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { OrderCreatedSchema } from '@resto/contract/orders';
import { BoardOrderSchema, type OrderActionBody } from '@resto/contract/board';
import { collectConsoleErrors, expectMail, freezeClock, open, margheritaForPickup } from './helpers.ts';
import { servers } from './servers.ts';
import { payloadOf } from './api-answers.ts';
import { ownerSession } from './staff-helpers.ts';

/**
 * docs/decisions/019 end to end: the customer's status page /suivi?commande=<secret>, opened from
 * /success, follows the order live (SSE) while staff act on it through the real API: accepted
 * with a ready time, ready, completed, refused with a refund; the page never reloads. The e-mails
 * of each step reach the SMTP sink. With SCREENS_DIR set, each state is photographed at 390, 768
 * and 1280 px.
 */

const server = servers.tuesday;
const baseURL = `http://localhost:${server.port}`;
test.use({ baseURL });
test.beforeEach(async ({ page }) => freezeClock(page, 'tuesday'));

/** A Margherita for pickup, through the checkout tabs up to the payment tab. */
async function checkoutToPayment(page: Page, email: string) {
  await margheritaForPickup(page);
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Durand');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
}

/** Pays by card with the test processor's `number`; @returns the order's number and secret from POST /checkout/. */
async function payByCard(page: Page, number: string) {
  await page.getByLabel(/Carte bancaire en ligne/).check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel('Expiration (MM/AA)').fill('12/34');
  await page.getByLabel('Cryptogramme (CVC)').fill('123');
  const created = page.waitForResponse((r) => r.url().endsWith('/v2/public/checkout') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Payer / }).click();
  return payloadOf(await created, OrderCreatedSchema);
}

/** One staff action on the order through the real API (POST /v2/restaurant/orders/{id}/actions), as the board sends it. */
async function act(request: APIRequestContext, cookie: string, orderId: number, body: OrderActionBody) {
  const response = await request.post(`/v2/restaurant/orders/${orderId}/actions`, { headers: { Cookie: cookie }, data: body });
  expect(response.status(), await response.text()).toBe(200);
  return payloadOf(response, BoardOrderSchema);
}

/** With SCREENS_DIR set: the page at 390, 768 and 1280 px, full height, as `<name>-<width>.png`. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize();
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** Counts the main frame's navigations from now on, and leaves a marker a reload would wipe. */
async function watchForReloads(page: Page) {
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await page.evaluate(() => Object.assign(window, { trackingMarker: 'la même page' }));
  return async () => {
    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { trackingMarker?: string }).trackingMarker)).toBe('la même page');
  };
}

test('a cash pickup order, followed from /success on /suivi: accepted +20 min, ready, completed, live without reload; the e-mails arrive', async ({
  page,
  request,
}) => {
  const consoleErrors = collectConsoleErrors(page);
  const email = 'camille.suivi@example.fr';
  await checkoutToPayment(page, email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/success\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByTestId('tracking-link')).toHaveText('Suivre ma commande');
  await expect(page.getByTestId('order-schedule')).toContainText(/^Retrait dès que possible au .+, paiement sur place\./);
  await shoot(page, 'success-link');

  await page.getByTestId('tracking-link').click();
  await expect(page).toHaveURL(/\/suivi\?commande=[0-9a-f]{32,}/);
  const secret = new URL(page.url()).searchParams.get('commande') ?? '';
  await expect(page.getByTestId('tracking-order-number')).toHaveText(`Commande n° ${orderId}`);
  await expect(page.getByTestId('tracking-title')).toHaveText('Commande reçue');
  await expect(page.getByTestId('tracking-step-received')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('tracking-payment')).toHaveText('À régler sur place');
  await expect(page.getByTestId('tracking-line')).toHaveText([/1 × Pizza Margherita/]);
  await expect(page.getByTestId('tracking-call')).toHaveAttribute('href', /^tel:\+?\d+$/);
  // The page is never stored: no-store, and no referrer for the secret in the address.
  const direct = await request.get(`/suivi?commande=${secret}`);
  expect(direct.headers()['cache-control']).toBe('no-store');
  // The confirmation e-mail links here with the site's absolute URL.
  await expectMail(
    request,
    email,
    `Votre commande n° ${orderId} est bien reçue`,
    new RegExp(`Suivre ma commande : https?://[^\\s]+/suivi\\?commande=${secret}`),
  );
  await shoot(page, 'received');

  const assertNoReload = await watchForReloads(page);
  const owner = await ownerSession(baseURL);
  // The server's clock is frozen at 12:30 in Paris: +20 min is 12:50.
  const readyAt = new Date(new Date(server.now).getTime() + 20 * 60_000).toISOString();
  await act(request, owner.cookie, orderId, { action: 'accept', expected_status: 'pending', ready_at: readyAt });
  await expect(page.getByTestId('tracking-title')).toHaveText('Commande acceptée');
  await expect(page.getByTestId('tracking-ready-at')).toHaveText('Prête vers 12:50');
  await expect(page.getByTestId('tracking-step-received')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('tracking-step-accepted')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('tracking-live')).toHaveText('Commande acceptée. Prête vers 12:50');
  await expectMail(request, email, `Commande n° ${orderId} acceptée`, /prête vers 12:50/);
  await shoot(page, 'accepted');

  await act(request, owner.cookie, orderId, { action: 'mark_ready', expected_status: 'accepted' });
  await expect(page.getByTestId('tracking-title')).toHaveText('Commande prête');
  await expect(page.getByTestId('tracking-step-ready')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('tracking-live')).toHaveText('Commande prête');
  await expectMail(request, email, `Commande n° ${orderId} prête`, /vous pouvez venir la chercher/);
  await shoot(page, 'ready');

  await act(request, owner.cookie, orderId, { action: 'complete', expected_status: 'ready' });
  await expect(page.getByTestId('tracking-title')).toHaveText('Commande terminée');
  await expect(page.getByTestId('tracking-step-completed')).toHaveAttribute('data-state', 'done');
  await shoot(page, 'completed');

  await assertNoReload();
  expect(consoleErrors).toEqual([]);
});

test('a card order refused by the restaurant: the reason and the refund on /suivi, live', async ({ page, request }) => {
  const consoleErrors = collectConsoleErrors(page);
  const email = 'refus.suivi@example.fr';
  await checkoutToPayment(page, email);
  const { order_id: orderId } = await payByCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(new RegExp(`/success\\?order=${orderId}`));
  // Paid by card before /success: not « paiement sur place » (a CI run once showed that page).
  await expect(page.getByTestId('order-schedule')).toContainText(/^Retrait dès que possible au .+, déjà payée par carte\./);
  await page.getByTestId('tracking-link').click();
  await expect(page.getByTestId('tracking-title')).toHaveText('Commande reçue');
  await expect(page.getByTestId('tracking-payment')).toHaveText('Payée par carte — mode test');
  const total = (await page.getByTestId('tracking-total').textContent()) ?? '';

  const assertNoReload = await watchForReloads(page);
  const owner = await ownerSession(baseURL);
  await act(request, owner.cookie, orderId, { action: 'reject', expected_status: 'paid', reason: 'product_sold_out' });
  await expect(page.getByTestId('tracking-title')).toHaveText('Commande refusée');
  await expect(page.getByTestId('tracking-reason')).toHaveText('Motif : Produit épuisé');
  await expect(page.getByTestId('tracking-refund')).toHaveText(
    new RegExp(`^Remboursement de ${total.replace(/\s/g, '\\s')} (en cours|effectué) sur votre carte\\.$`),
  );
  await expect(page.getByTestId('tracking-stepper')).toHaveCount(0);
  await expectMail(request, email, `Commande n° ${orderId} refusée`, /Produit épuisé/);
  await shoot(page, 'refused');
  await assertNoReload();
  expect(consoleErrors).toEqual([]);
});

test('a card order not paid yet says so; an unknown link is a French 404', async ({ page, request }) => {
  await checkoutToPayment(page, 'attente.suivi@example.fr');
  const { secret } = await payByCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Le paiement a échoué, veuillez réessayer' })).toBeVisible();
  // From here on, nothing may fail in the console (the unknown link's 404 document excepted).
  const consoleErrors = collectConsoleErrors(page, [/status of 404/]);

  await open(page, `/suivi?commande=${secret}`);
  await expect(page.getByTestId('tracking-title')).toHaveText('Paiement en attente');
  await expect(page.getByTestId('tracking-payment')).toHaveText('Par carte, pas encore payée — mode test');
  await expect(page.getByTestId('tracking-step-received')).toHaveAttribute('data-state', 'upcoming');
  await shoot(page, 'awaiting-payment');

  const unknown = await request.get(`/suivi?commande=${'0'.repeat(64)}`);
  expect(unknown.status()).toBe(404);
  await open(page, `/fr/suivi?commande=${'0'.repeat(64)}`);
  await expect(page.getByRole('heading', { name: 'Commande introuvable' })).toBeVisible();
  await expect(page.getByText('Aucune commande ne correspond à ce lien de suivi.', { exact: false })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await shoot(page, 'unknown');
  expect(consoleErrors).toEqual([]);
});
