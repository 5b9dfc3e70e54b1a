import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { freezeClock, open } from './helpers.ts';
import { servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * docs/decisions/023, end to end on the back office's server: the owner creates a coupon on a
 * phone-size screen, a customer applies it at checkout and orders; the owner sees the use,
 * pauses the coupon and the customer is refused; the owner deletes it (archived: an order used it).
 * The coupon's code is new at each run (an archived code stays reserved), so no run depends on another.
 */

const baseURL = `http://localhost:${servers.backOffice.port}`;
test.use({ baseURL });

/** Where the screenshots go when OFFERS_SHOTS is set (`/work/shots`): the list and the form at 390 and 1280 px. */
const shots = process.env.OFFERS_SHOTS;

async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/offers-${name}.png`, fullPage: true });
}

async function applyCoupon(page: Page, code: string) {
  await open(page, '/menu?product=101');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Ajouter ·/ }).click();
  await expect(dialog).toBeHidden();
  const cart = page.getByRole('complementary', { name: 'Panier' });
  await cart.getByLabel('Code promo').fill(code.toLowerCase());
  await cart.getByRole('button', { name: 'Appliquer' }).click();
  return cart;
}

async function checkoutPickupCash(page: Page) {
  await open(page, '/checkout');
  await page.getByRole('button', { name: /À emporter/ }).click();
  await expect(page).toHaveURL(/tab=personal/);
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('E-mail').fill(`lea.${Date.now().toString(36)}@example.fr`);
  await page.getByLabel('Téléphone').fill('07 00 00 00 01');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/success\?order=\d+/);
}

test('the owner creates a coupon on a phone: a refused form keeps what was typed, the list shows the coupon as saved', async ({ page }) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const name = `Midi malin ${code}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await freezeClock(page, 'backOffice');
  await signInStaff(page, baseURL, 'owner');

  await open(page, '/restaurant/offres');
  await expect(page.getByRole('heading', { name: 'Offres et codes promo' })).toBeVisible();
  await shoot(page, 'list-390');
  await page.getByRole('button', { name: 'Nouvelle offre' }).click();
  const form = page.getByTestId('offer-form');
  await form.getByLabel('Nom', { exact: true }).fill(name);
  await form.getByLabel('Type d’offre').selectOption('fixed_amount');
  await form.getByLabel('Remise (€)').fill('3');
  await form.getByLabel('Avec un code promo').check();
  // A refused form keeps what was typed and says why on the field.
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Saisissez le code que le client tapera.')).toBeVisible();
  await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(name);
  await form.getByRole('textbox', { name: 'Code promo' }).fill(code.toLowerCase());
  await form.getByRole('button', { name: 'Ajouter un créneau' }).click();
  await form.getByRole('checkbox', { name: 'Samedi' }).check();
  await form.getByLabel('À', { exact: true }).fill('15:00');
  await form.getByRole('group', { name: 'Articles concernés' }).getByRole('checkbox', { name: 'Entrées' }).check();
  await shoot(page, 'form-390');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `« ${name} » est enregistrée.` })).toBeVisible();
  const row = page.getByTestId('offer-row').filter({ hasText: name });
  await expect(row.getByTestId('offer-status')).toHaveText('Active');
  await expect(row).toContainText(`Avec le code ${code}`);
  await expect(row).toContainText('Sur : Entrées');
  await expect(row).toContainText('lun. au sam. de 11:30 à 15:00');
  await expect(row.getByTestId('offer-usage')).toHaveText('Pas encore utilisée');
});

// The customer's order, the pause and the deletion are a test of their own, on a coupon made through
// the API: in one test with the form above, the scenario went past the 60 s limit in 2 of 4 clean-clone
// CI runs sharing the machine (docs/decisions/014).
test('a customer orders with a new coupon; the owner sees the use, pauses it (the customer is refused), deletes it (archived)', async ({ page, browser }) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const name = `Midi malin ${code}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await freezeClock(page, 'backOffice');
  await signInStaff(page, baseURL, 'owner');
  const created = await page.request.post('/v2/restaurant/offers', { data: { name, type: 'fixed_amount', value: 3, code, auto_apply: 'No', items: [101] } });
  expect(created.status(), await created.text()).toBe(201);
  await open(page, '/restaurant/offres');
  const row = page.getByTestId('offer-row').filter({ hasText: name });
  await expect(row.getByTestId('offer-usage')).toHaveText('Pas encore utilisée');

  // A customer: the coupon applies in the cart and the order is placed with it.
  const customer = await browser.newPage({ baseURL });
  await freezeClock(customer, 'backOffice');
  const cart = await applyCoupon(customer, code);
  await expect(cart.getByTestId('coupon-applied')).toContainText(code);
  await expect(cart.getByTestId('reduction')).toContainText('Code promo');
  await checkoutPickupCash(customer);

  await open(page, '/restaurant/offres');
  await expect(row.getByTestId('offer-usage')).toHaveText(/^1 commande · 3,00\s€ de remise$/);

  // Paused in one tap: the customer is refused.
  await row.getByRole('button', { name: `Mettre en pause : ${name}` }).click();
  await expect(row.getByTestId('offer-status')).toHaveText('En pause');
  const refused = await applyCoupon(customer, code);
  await expect(refused.getByRole('alert')).toHaveText('Ce code promo n’est plus valable.');
  await customer.close();

  // Deleted after a confirmation: archived, since an order used it.
  await row.getByRole('button', { name: `Supprimer : ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Oui, supprimer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `« ${name} » est supprimée (archivée` })).toBeVisible();
  await expect(page.getByTestId('offer-row').filter({ hasText: name })).toHaveCount(0);
});

test('at 1280 px the form sits beside the list; each type shows only its fields', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await freezeClock(page, 'backOffice');
  await signInStaff(page, baseURL, 'owner');
  await open(page, '/restaurant/offres');
  await shoot(page, 'list-1280');
  await page.getByRole('button', { name: 'Nouvelle offre' }).click();
  const form = page.getByTestId('offer-form');
  await expect(form.getByLabel('Remise (%)')).toBeVisible();
  await form.getByLabel('Type d’offre').selectOption('free_item');
  await expect(form.getByLabel('Remise (%)')).toHaveCount(0);
  await expect(form.getByLabel('Article offert')).toBeVisible();
  await form.getByLabel('Type d’offre').selectOption('cheapest_item');
  await expect(form.getByLabel('Nombre d’articles concernés au moins')).toBeVisible();
  await form.getByLabel('Remise (%)').fill('120');
  await form.getByLabel('Nom', { exact: true }).fill('Trop généreuse');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Un pourcentage ne dépasse pas 100.')).toBeVisible();
  await shoot(page, 'form-1280');
  await form.getByRole('button', { name: 'Fermer' }).click();
  await expect(form).toHaveCount(0);
});

test('two owners edit the same offer: the second save is refused with the current values, what was typed stays', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await freezeClock(page, 'backOffice');
  await signInStaff(page, baseURL, 'owner');
  const name = `Concurrence ${Date.now().toString(36)}`;
  const created = await page.request.post('/v2/restaurant/offers', { data: { name, type: 'percentage', value: 10, items: [101] } });
  expect(created.status()).toBe(201);
  const offer = ((await created.json()) as { payload: { id: number; version: number } }).payload;

  await open(page, '/restaurant/offres');
  const row = page.getByTestId('offer-row').filter({ hasText: name });
  await row.getByRole('button', { name: `Modifier : ${name}` }).click();
  const form = page.getByTestId('offer-form');
  await form.getByLabel('Nom', { exact: true }).fill(`${name} (moi)`);
  // Meanwhile, another owner's tab changes the value.
  const other = await page.request.put(`/v2/restaurant/offers/${offer.id}`, {
    data: { name, type: 'percentage', value: 25, items: [101], expected_version: offer.version },
  });
  expect(other.status()).toBe(200);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByRole('alert')).toContainText('Quelqu’un a modifié cette offre entre-temps');
  await expect(form.getByTestId('offer-current')).toContainText('25 % de remise');
  await form.scrollIntoViewIfNeeded();
  await shoot(page, 'stale-390');
  await expect(form.getByLabel('Nom', { exact: true })).toHaveValue(`${name} (moi)`);
  // Seen: saving again keeps what this owner typed.
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `« ${name} (moi) » est enregistrée.` })).toBeVisible();
  const saved = page.getByTestId('offer-row').filter({ hasText: `${name} (moi)` });
  await expect(saved).toContainText('10 % de remise');
  await saved.getByRole('button', { name: `Supprimer : ${name} (moi)` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Oui, supprimer' }).click();
  await expect(page.getByRole('status').filter({ hasText: `« ${name} (moi) » est supprimée.` })).toBeVisible();
});

test('a staff member (not the owner) is told offers are the owner’s', async ({ page }) => {
  await signInStaff(page, baseURL, 'staff');
  await open(page, '/restaurant/offres');
  await expect(page.getByTestId('offers-forbidden').getByRole('alert')).toHaveText('Les offres sont gérées par le propriétaire.');
});
