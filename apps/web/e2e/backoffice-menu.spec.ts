import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { collectConsoleErrors, freezeClock, open, visitorUserAgent } from './helpers.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff } from './staff-helpers.ts';

/**
 * docs/decisions/023, end to end on the back office's server (Tuesday 12:30 in Paris, frozen): an
 * owner on a 390 px phone changes the price of a dish this spec created; a customer's menu page,
 * already open, shows the new price after navigating; a negative price is refused on its field;
 * a change made meanwhile by another owner is shown beside the typed values and the owner saves
 * on top. Screenshots of the list and the dish form at 390 and 1280 px under /work/shots/.
 */

const server = servers.backOffice;
const base = `http://localhost:${server.port}`;
const shots = process.env.MENU_SHOTS_DIR ?? '/work/shots';

interface DishView {
  item_id: number;
  category_id: number;
  version: number;
  name: string;
  [field: string]: unknown;
}

/** A call to the menu editor's API as the owner (the test's own setup and cleanup). */
async function ownerCall<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/v2/restaurant/menu${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { status: string; payload: T };
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe('success');
  return answer.payload;
}

/** A dish of the spec's own, first in the demo's first category (pickup 9,00 €, delivery 9,00 €). */
async function createDish(cookie: string, name: string): Promise<DishView> {
  const tree = await ownerCall<{ menus: { categories: { category_id: number }[] }[] }>(cookie, 'GET', '');
  const categoryId = tree.menus[0]!.categories[0]!.category_id;
  const dish = await ownerCall<DishView>(cookie, 'POST', '/items', {
    category_id: categoryId,
    name,
    description: 'Pâte feuilletée, pommes, cannelle',
    image: '/images/items/tarte-aux-pralines-roses.svg',
    price_pickup: 9,
    price_delivery: 9,
    allergens: ['gluten', 'milk'],
    options: [{ name: 'Boule de glace', selected: 1, required: false, values: [{ name: 'Vanille', price: 1.5 }] }],
  });
  // First of its category: visible without scrolling far.
  for (let i = 0; i < 40; i += 1) {
    const moved = await ownerCall<DishView>(cookie, 'POST', `/items/${dish.item_id}/move`, { direction: 'up' });
    if (moved['position'] === 0) break;
  }
  return dish;
}

/** An owner's page; `allowed`: console errors the test expects (the browser logs a 409 answer). */
async function ownerPage(browser: Browser, width: number, allowed: RegExp[] = []): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: width < 500 ? 844 : 900 }, userAgent: visitorUserAgent });
  const page = await context.newPage();
  await freezeClock(page, 'backOffice');
  await signInStaff(page, base, 'owner');
  const errors = collectConsoleErrors(page, allowed);
  return { page, errors, close: () => context.close() };
}

const dishRow = (page: Page, name: string) => page.getByTestId('dish-row').filter({ has: page.getByText(name, { exact: true }) });

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

test('an owner on a phone changes a price; the customer’s open menu shows it after navigating', async ({ browser }) => {
  const owner = await ownerSession(base);
  const name = `Tarte fine ${Date.now().toString(36)}`;
  const dish = await createDish(owner.cookie, name);

  // A customer has the menu open, at the old price.
  const customerContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, userAgent: visitorUserAgent });
  const customer = await customerContext.newPage();
  await freezeClock(customer, 'backOffice');
  const customerErrors = collectConsoleErrors(customer);
  await open(customer, '/menu');
  const card = customer.getByRole('link', { name: new RegExp(`^${name}, `) });
  await expect(card.getByTestId('item-price')).toHaveText(/^9,00\s€$/);

  const { page, errors, close } = await ownerPage(browser, 390);
  await open(page, '/restaurant/carte');
  const row = dishRow(page, name);
  await expect(row.getByTestId('dish-prices')).toContainText(/À emporter 9,00\s€ · Livraison 9,00\s€/);
  await page.screenshot({ path: `${shots}/menu-list-390.png`, fullPage: false });

  // A negative price is refused on its field, in French, and nothing is sent.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Modifier ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: `Modifier ${name}` })).toBeFocused();
  await page.screenshot({ path: `${shots}/menu-form-390.png`, fullPage: false });
  const pickup = dialog.getByLabel('Prix à emporter');
  await pickup.fill('-1');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.locator('#dish-price-pickup-error')).toHaveText('Un montant ne peut pas être négatif.');
  await expect(pickup).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveText('Corrigez les champs signalés.');

  // The new price, typed the French way.
  await pickup.fill('9,50');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Enregistré.');
  await expect(row.getByTestId('dish-prices')).toContainText(/À emporter 9,50\s€/);

  // The customer's page, open all along, shows the new price at its next navigation.
  await customer.locator('header a[href="/"]').first().click();
  await expect(customer).toHaveURL(`${base}/`);
  await customer
    .getByRole('link', { name: /Voir la carte/ })
    .first()
    .click();
  await expect(customer).toHaveURL(/\/menu$/);
  await expect(card.getByTestId('item-price')).toHaveText(/^9,50\s€$/);

  // The storefront's other price and the dish's options were kept.
  const saved = (await ownerCall<{ menus: { categories: { items: DishView[] }[] }[] }>(owner.cookie, 'GET', '')).menus
    .flatMap((m) => m.categories.flatMap((c) => c.items))
    .find((i) => i.item_id === dish.item_id)!;
  expect(saved).toMatchObject({ price_pickup: 9.5, price_delivery: 9 });
  expect((saved['options'] as { values: { name: string }[] }[])[0]?.values[0]?.name).toBe('Vanille');

  await ownerCall(owner.cookie, 'DELETE', `/items/${dish.item_id}?expected_version=${saved.version}`);
  expect(errors).toEqual([]);
  expect(customerErrors).toEqual([]);
  await close();
  await customerContext.close();
});

test('two owners: the second is shown the current values beside what was typed, and saves on top', async ({ browser }) => {
  const owner = await ownerSession(base);
  const name = `Clafoutis ${Date.now().toString(36)}`;
  const dish = await createDish(owner.cookie, name);
  const { page, errors, close } = await ownerPage(browser, 390, [/status of 409 \(Conflict\)/]);
  await open(page, '/restaurant/carte');
  await dishRow(page, name)
    .getByRole('button', { name: `Modifier ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Modifier ${name}` });
  await dialog.getByLabel('Description').fill('Cerises entières, comme chez Margot');

  // Meanwhile, another owner changes the delivery price.
  const { item_id: _id, menu_id: _menu, position: _position, version, ordered: _ordered, sold_out_until: _sold, ...fields } = dish;
  await ownerCall(owner.cookie, 'PUT', `/items/${dish.item_id}`, { ...fields, price_delivery: 11, expected_version: version });

  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Quelqu’un a modifié cet élément entre-temps');
  // What was typed stays; the current value is shown beside it.
  await expect(dialog.getByLabel('Description')).toHaveValue('Cerises entières, comme chez Margot');
  await expect(dialog.getByTestId('current-value')).toContainText(['Valeur actuelle : 11,00 €']);
  await page.screenshot({ path: `${shots}/menu-form-stale-390.png`, fullPage: false });
  await dialog.getByTestId('option-editor').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/menu-form-options-390.png`, fullPage: false });
  await dialog.getByLabel('Prix en livraison').fill('11,00');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  const row = dishRow(page, name);
  await expect(row.getByTestId('dish-prices')).toContainText(/Livraison 11,00\s€/);

  const saved = (await ownerCall<{ menus: { categories: { items: DishView[] }[] }[] }>(owner.cookie, 'GET', '')).menus
    .flatMap((m) => m.categories.flatMap((c) => c.items))
    .find((i) => i.item_id === dish.item_id)!;
  expect(saved).toMatchObject({ description: 'Cerises entières, comme chez Margot', price_delivery: 11 });

  // Deleting asks first and says the dish will be erased (nobody ordered it).
  await row.getByRole('button', { name: `Supprimer ${name}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`${name} sera supprimé définitivement.`);
  await page.screenshot({ path: `${shots}/menu-delete-390.png`, fullPage: false });
  await page.getByRole('button', { name: 'Confirmer la suppression' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} supprimé.`);
  await expect(dishRow(page, name)).toHaveCount(0);
  expect(errors).toEqual([]);
  await close();
});

test('keyboard: up/down reorder a dish and keep the focus on the moved row’s button', async ({ browser }) => {
  const owner = await ownerSession(base);
  const name = `Far breton ${Date.now().toString(36)}`;
  const dish = await createDish(owner.cookie, name);
  const { page, errors, close } = await ownerPage(browser, 1280);
  await open(page, '/restaurant/carte');
  const category = page.getByTestId('category-card').filter({ has: dishRow(page, name) });
  await expect(category.getByTestId('dish-row').first()).toContainText(name);
  await page.screenshot({ path: `${shots}/menu-list-1280.png`, fullPage: false });
  await category.getByRole('button', { name: `Descendre ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(category.getByTestId('dish-row').nth(1)).toContainText(name);
  await expect(category.getByRole('button', { name: `Descendre ${name}` })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(category.getByRole('button', { name: `Monter ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(category.getByTestId('dish-row').first()).toContainText(name);

  await dishRow(page, name)
    .getByRole('button', { name: `Modifier ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Modifier ${name}` });
  await expect(dialog.getByTestId('option-editor')).toHaveCount(1);
  await page.screenshot({ path: `${shots}/menu-form-1280.png`, fullPage: false });
  // The focus stays in the dialog.
  await expect(dialog.getByRole('heading', { name: `Modifier ${name}` })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A new dish saved empty: every missing field says so in French, nothing is created.
  const before = await category.getByTestId('dish-row').count();
  await category.getByRole('button', { name: 'Ajouter un plat' }).click();
  const creating = page.getByRole('dialog', { name: 'Nouveau plat' });
  await creating.getByRole('button', { name: 'Ajouter une option' }).click();
  await creating.getByLabel('Nombre de choix').fill('3');
  await creating.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(creating.locator('#dish-name-error')).toHaveText('Le nom est obligatoire.');
  await expect(creating.locator('#dish-price-pickup-error')).toHaveText('Montant invalide : un nombre en euros est attendu (ex. 12,50).');
  await expect(creating.locator('#option-0-selected-error')).toHaveText('Cette option demande 3 choix mais n’a que 1 valeur.');
  // A new dish starts with the neutral plate as its picture: no photo is needed to save it.
  await expect(creating.locator('#dish-image-error')).toHaveCount(0);
  await creating.getByTestId('option-editor').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/menu-new-dish-errors-1280.png`, fullPage: false });
  await creating.getByRole('button', { name: 'Annuler' }).click();
  await expect(category.getByTestId('dish-row')).toHaveCount(before);

  const current = (await ownerCall<{ menus: { categories: { items: DishView[] }[] }[] }>(owner.cookie, 'GET', '')).menus
    .flatMap((m) => m.categories.flatMap((c) => c.items))
    .find((i) => i.item_id === dish.item_id)!;
  await ownerCall(owner.cookie, 'DELETE', `/items/${dish.item_id}?expected_version=${current.version}`);
  expect(errors).toEqual([]);
  await close();
});
