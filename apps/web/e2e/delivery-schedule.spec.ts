import { expect, test, type Page } from './fixtures.ts';
import { collectConsoleErrors, euros, freezeClock, open } from './helpers.ts';
import { OrderViewSchema } from '@resto/contract/orders';
import { payloadOf } from './api-answers.ts';

/**
 * docs/decisions/005 in a browser set to New York time (the restaurant's time is Europe/Paris whatever the
 * visitor's clock): a real Lyon address found by the location panel, a slot tomorrow, the zone fee
 * and minimum order; a too-far address refused; a slot that a dish cannot be served in sends the
 * visitor back with the spec's alert.
 */

test.use({ timezoneId: 'America/New_York', locale: 'fr-FR' });

async function addToCart(page: Page, itemId: number) {
  await open(page, `/menu?product=${itemId}`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await page.keyboard.press('Escape');
}

async function fillPersonal(page: Page) {
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('E-mail').fill('lea.martin@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
}

test('delivery to 8 rue Mercière (Lyon 2e), scheduled tomorrow 12:30–12:45, zone fee plus flat charge under the minimum', async ({
  page,
  request,
  baseURL,
}) => {
  const errors = collectConsoleErrors(page);
  const tuesday = baseURL!.replace(/:(\d+)$/, (_m, port: string) => `:${Number(port) + 1}`);
  await freezeClock(page, 'tuesday');
  await page.goto(`${tuesday}/menu?product=105`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await page.goto(`${tuesday}/checkout`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: /Livraison/ }).click();
  await expect(page).toHaveURL(/tab=personal/);
  await fillPersonal(page);

  const search = page.getByRole('combobox', { name: 'Rechercher votre adresse' });
  await search.fill('ly');
  await expect(page.getByText('Tapez au moins 3 caractères.')).toBeVisible();
  await search.fill('8 rue Mercière 69002 Lyon');
  const options = page.getByRole('listbox', { name: 'Adresses proposées' }).getByRole('option');
  await expect(options.first()).toContainText('8 rue Mercière');
  await expect(options.first()).toContainText('69002 Lyon');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /Livraison 1,50\s€/ })).toBeVisible();
  await expect(page.getByLabel('Code postal')).toHaveValue('69002');
  await expect(page.getByLabel('Ville')).toHaveValue('Lyon');
  await expect(page.getByLabel('Adresse', { exact: true })).toHaveValue('8 rue Mercière');
  // A valid choice closes the suggestions after 1 s and is kept under the key `location` (section 3).
  await expect(page.getByRole('listbox')).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('location') ?? 'null') as { _distance: { address: string; postal_code: string } });
  expect(stored._distance).toMatchObject({ address: '8 rue Mercière', postal_code: '69002' });

  const summary = page.getByRole('complementary', { name: 'Récapitulatif du panier' });
  const subtotal = euros(await summary.getByTestId('subtotal').textContent());
  expect(subtotal).toBeLessThan(15); // under the zone's minimum order: 1,50 € + 2,00 € flat charge
  await expect(summary.getByTestId('delivery')).toHaveText(/3,50\s€/);

  await page.getByRole('radio', { name: 'Planifier' }).check();
  const day = page.getByLabel('Jour');
  await expect(day.locator('option').first()).toHaveText(/^Aujourd’hui \(mardi 24 novembre\)$/);
  await day.selectOption({ label: 'Demain (mercredi 25 novembre)' });
  const slot = page.getByLabel('Créneau');
  await expect(slot.locator('option').nth(1)).toHaveText('12:00–12:15'); // tomorrow: no lead time
  await slot.selectOption({ label: '12:30–12:45' });
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText('Livraison le mercredi 25 novembre, 12:30–12:45 : 8 rue Mercière, 69002 Lyon')).toBeVisible();
  const total = euros(await summary.getByTestId('total').textContent());
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/success\?order=\d+/);
  await expect(page.getByText(/Livraison le mercredi 25 novembre, 12:30–12:45 au 8 rue Mercière, 69002 Lyon/)).toBeVisible();

  const last = await page.evaluate(() => JSON.parse(localStorage.getItem('last-order') ?? 'null') as { order_id: number; local_id: string });
  const payload = await payloadOf(await request.get(`${tuesday}/v2/public/checkout/${last.order_id}?local_id=${last.local_id}`), OrderViewSchema);
  expect(payload).toMatchObject({ is_pickup: false, delivery: 3.5, delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' });
  expect(payload.total).toBeCloseTo(total, 2);
  expect(payload.location?.lat).toBeCloseTo(45.75, 1);
  expect(errors).toEqual([]);
});

test('an address in Paris is refused as too far, with the French alert, and the query marked invalid', async ({ page }) => {
  await freezeClock(page, 'sunday');
  await addToCart(page, 105);
  await open(page, '/checkout?tab=type');
  await page.getByRole('button', { name: /Livraison/ }).click();
  await fillPersonal(page);
  const search = page.getByRole('combobox', { name: 'Rechercher votre adresse' });
  await search.fill('1 rue de Rivoli 75001 Paris');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('alert').getByText('L’adresse est trop éloignée du restaurant')).toBeVisible();
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Code postal')).toHaveValue('');
});

test('a dinner slot for a brunch dish: back to the delivery tab with the alert naming it', async ({ page }) => {
  await freezeClock(page, 'sunday'); // Sunday 12:30: the brunch (10:00–15:00) and the carte are open
  await addToCart(page, 130); // Brunch Margot, menu 2
  await addToCart(page, 105); // Pizza Margherita, menu 1
  await open(page, '/checkout?tab=type');
  await page.getByRole('button', { name: /À emporter/ }).click();
  await fillPersonal(page);
  await page.getByRole('radio', { name: 'Planifier' }).check();
  await page.getByLabel('Créneau').selectOption({ label: '19:00–19:15' });
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await expect(
    page
      .getByRole('alert')
      .getByText(
        'Les articles suivants de votre panier ne sont pas disponibles à l’heure choisie : « Brunch Margot ». Veuillez choisir un autre horaire ou retirer ces articles.',
      ),
  ).toBeVisible();
  // A slot both menus serve goes through.
  await page.getByLabel('Créneau').selectOption({ label: '13:00–13:15' });
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
});

test('"Ma position" fills the address from the device\'s position (Lyon 7e) and prices its zone', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 45.7485, longitude: 4.8467 });
  await freezeClock(page, 'sunday');
  await addToCart(page, 105);
  await open(page, '/checkout?tab=type');
  await page.getByRole('button', { name: /Livraison/ }).click();
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Utiliser ma position' }).click();
  await expect(page.getByLabel('Ville')).toHaveValue('Lyon');
  await expect(page.getByLabel('Code postal')).toHaveValue(/^6900\d$/);
  await expect(page.getByRole('status').filter({ hasText: /Livraison \d,\d\d\s€ · \d,\d km/ })).toBeVisible();
});

test('the location panel on the menu: delivery to a searched address closes after 1 s and fills the checkout', async ({ page }) => {
  await freezeClock(page, 'sunday');
  await open(page, '/menu');
  await page.getByRole('button', { name: /^À emporter · 12 rue des Marronniers/ }).click();
  const panel = page.getByRole('dialog', { name: 'Retrait ou livraison ?' });
  await panel.getByRole('button', { name: 'Livraison' }).click();
  await panel.getByRole('combobox', { name: 'Rechercher votre adresse' }).fill('3 rue de la Charité 69002');
  await panel.getByRole('option').first().click();
  await expect(panel.getByRole('status')).toContainText('Livraison 1,50');
  await expect(panel).toBeHidden(); // closes by itself, about 1 s after the valid choice
  await expect(page.getByRole('button', { name: 'Livraison · 3 rue de la Charité, 69002 Lyon' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('location') ?? 'null') as { is_pickup: boolean; _distance: { address: string } });
  // The stored Location object itself (section 3), as the install banner reads it.
  expect(stored).toMatchObject({ is_pickup: false, _distance: { address: '3 rue de la Charité' } });

  await addToCart(page, 105);
  await open(page, '/checkout?tab=delivery');
  await expect(page.getByRole('heading', { name: 'Adresse de livraison' })).toBeVisible();
  await expect(page.getByLabel('Adresse', { exact: true })).toHaveValue('3 rue de la Charité');
  await expect(page.getByLabel('Code postal')).toHaveValue('69002');
});
