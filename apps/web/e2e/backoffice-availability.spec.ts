import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import { DishViewSchema, MenuTreeSchema, type DishView } from '@resto/contract/backoffice-menu';
import { AvailabilityItemSchema } from '@resto/contract/backoffice-images';
import { photoLikeJpeg } from '../../api/src/test/photo.ts';
import { payloadOf } from './api-answers.ts';
import { collectConsoleErrors, freezeClock, open } from './helpers.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff } from './staff-helpers.ts';

/**
 * docs/decisions/023, end to end on the back office's server (Tuesday 24 November 2026 12:30
 * in Paris, frozen): a staff member marks a dish « épuisé aujourd'hui » on a phone and a customer's
 * cart holding it is told on the checkout page; the owner uploads a photo for a dish and sees it on
 * the storefront's menu as a <picture> (AVIF, WebP). Each test works on a dish it creates through
 * the menu editor's API and deletes it at the end. Screenshots under /work/shots/images-*.png.
 */

const server = servers.backOffice;
const base = `http://localhost:${server.port}`;
const shots = process.env.SHOTS_DIR ?? '/work/shots';
mkdirSync(shots, { recursive: true });

/** A dish of its own in the Pizzas (category 1), made by the owner through the API. */
async function createDish(request: APIRequestContext, cookie: string, name: string): Promise<DishView> {
  const response = await request.post(`${base}/v2/restaurant/menu/items`, {
    headers: { Cookie: cookie },
    data: {
      category_id: 1,
      name,
      description: 'Tomate, mozzarella, et ce que le chef a trouvé au marché.',
      image: '/images/items/pizza-margherita.svg',
      price_delivery: 13,
      price_pickup: 12,
      tax_rate: null,
      allergens: ['gluten', 'milk'],
      diets: [],
      options: [],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return payloadOf(response, DishViewSchema);
}

/** Puts the dish back on sale and deletes it, whatever the test left (the next spec sees the demo restaurant). */
async function removeDish(request: APIRequestContext, cookie: string, itemId: number): Promise<void> {
  const current = await request.get(`${base}/v2/restaurant/availability`, { headers: { Cookie: cookie } });
  const dish = ((await current.json()) as { payload: { item_id: number; version: number; state: string }[] }).payload.find((d) => d.item_id === itemId);
  if (!dish) return;
  let version = dish.version;
  if (dish.state !== 'available') {
    const back = await request.put(`${base}/v2/restaurant/items/${itemId}/availability`, {
      headers: { Cookie: cookie },
      data: { state: 'available', expected_version: version },
    });
    version = (await payloadOf(back, AvailabilityItemSchema)).version;
  }
  const deleted = await request.delete(`${base}/v2/restaurant/menu/items/${itemId}?expected_version=${version}`, { headers: { Cookie: cookie } });
  expect(deleted.status(), await deleted.text()).toBe(200);
}

async function phone(browser: Browser, width = 390): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 844 } });
  const page = await context.newPage();
  await freezeClock(page, 'backOffice');
  return page;
}

test('staff marks a dish sold out on a phone: the menu says « Épuisé »; back on sale, a new visitor can order it', async ({ browser, request }) => {
  const owner = await ownerSession(base);
  const name = `Pizza du marché ${Date.now().toString(36)}`;
  const dish = await createDish(request, owner.cookie, name);
  try {
    // Staff, on a phone: the availability page, search, one tap.
    const staffPage = await phone(browser);
    const staffErrors = collectConsoleErrors(staffPage);
    await signInStaff(staffPage, base, 'staff');
    await open(staffPage, '/restaurant/disponibilites');
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Disponibilités' })).toBeVisible();
    await staffPage.getByLabel('Rechercher un plat').fill('pizza du marche');
    const row = staffPage.locator(`[data-testid="availability-dish"][data-item-id="${dish.item_id}"]`);
    await expect(staffPage.getByTestId('availability-dish')).toHaveCount(1);
    const control = row.getByRole('group', { name: `Disponibilité de ${name}` });
    await expect(control.getByRole('radio', { name: 'Disponible' })).toBeChecked();
    await control.getByText('Épuisé aujourd’hui').click();
    await expect(control.getByRole('radio', { name: 'Épuisé aujourd’hui' })).toBeChecked();
    await expect(staffPage.getByText(`${name} : épuisé aujourd’hui.`)).toBeVisible();
    // Back at Wednesday's opening (11:30), by itself.
    await expect(row).toContainText('Revient mercredi 25 novembre à 11:30');
    await staffPage.screenshot({ path: `${shots}/images-availability-sold-out-390.png`, fullPage: false });
    await staffPage.getByLabel('Rechercher un plat').fill('');
    await staffPage.screenshot({ path: `${shots}/images-availability-390.png`, fullPage: false });
    await staffPage.setViewportSize({ width: 1280, height: 900 });
    await staffPage.screenshot({ path: `${shots}/images-availability-1280.png`, fullPage: false });

    // A new visitor's menu shows it « Épuisé », not addable.
    const visitor = await phone(browser);
    await open(visitor, '/menu');
    await expect(visitor.getByRole('link', { name: new RegExp(`^${name}, `) })).toHaveCount(0);
    const soldOutCard = visitor.getByText(name).locator('xpath=ancestor::*[@aria-disabled][1]');
    await expect(soldOutCard.getByTestId('item-sold-out')).toHaveText('Épuisé');
    await soldOutCard.scrollIntoViewIfNeeded();
    await soldOutCard.screenshot({ path: `${shots}/images-menu-sold-out-390.png` });

    // Back on sale: one tap again, and a new visitor can order it.
    await control.getByText('Disponible').click();
    await expect(control.getByRole('radio', { name: 'Disponible' })).toBeChecked();
    await expect(staffPage.getByText(`${name} : disponible.`)).toBeVisible();
    await open(visitor, '/menu');
    await expect(visitor.getByRole('link', { name: new RegExp(`^${name}, `) })).toBeVisible();
    expect(staffErrors).toEqual([]);
  } finally {
    await removeDish(request, owner.cookie, dish.item_id);
  }
});

test('a cart holding a dish sold out since is told on the checkout page, naming the dish, with a way to remove it', async ({ browser, request }) => {
  const owner = await ownerSession(base);
  const name = `Pizza du jour ${Date.now().toString(36)}`;
  const dish = await createDish(request, owner.cookie, name);
  try {
    // A customer puts the dish in their cart.
    const customer = await phone(browser);
    const customerErrors = collectConsoleErrors(customer);
    await open(customer, `/menu?product=${dish.item_id}`);
    await customer
      .getByRole('dialog')
      .getByRole('button', { name: /Ajouter ·/ })
      .click();
    await expect(customer.getByRole('dialog')).toBeHidden();

    // Meanwhile it is sold out for the day (the staff's tap of the test above, through the API here).
    const soldOut = await request.put(`${base}/v2/restaurant/items/${dish.item_id}/availability`, {
      headers: { Cookie: owner.cookie },
      data: { state: 'sold_out_today', expected_version: dish.version },
    });
    expect(soldOut.status(), await soldOut.text()).toBe(200);

    // The customer's cart, built before, is told before paying, naming the dish, with a way to remove it.
    await open(customer, '/checkout?tab=type');
    const notice = customer.getByTestId('cart-sold-out');
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText(`${name} n’est plus disponible : plat épuisé. Retirez ce plat du panier pour commander.`);
    await customer.screenshot({ path: `${shots}/images-checkout-sold-out-390.png`, fullPage: false });
    await customer.setViewportSize({ width: 1280, height: 900 });
    await customer.screenshot({ path: `${shots}/images-checkout-sold-out-1280.png`, fullPage: false });
    await notice.getByRole('button', { name: `Retirer ${name} du panier` }).click();
    await expect(notice).toBeHidden();
    expect(customerErrors).toEqual([]);
  } finally {
    await removeDish(request, owner.cookie, dish.item_id);
  }
});

test('a refused change is rolled back on screen with a French message; the dish as it is now is shown', async ({ browser, request }) => {
  const owner = await ownerSession(base);
  const name = `Pizza blanche ${Date.now().toString(36)}`;
  const dish = await createDish(request, owner.cookie, name);
  try {
    const page = await phone(browser);
    await signInStaff(page, base, 'owner');
    await open(page, '/restaurant/disponibilites');
    // Meanwhile, someone else marks it sold out until further notice.
    const other = await request.put(`${base}/v2/restaurant/items/${dish.item_id}/availability`, {
      headers: { Cookie: owner.cookie },
      data: { state: 'sold_out', expected_version: dish.version },
    });
    expect(other.status()).toBe(200);
    const control = page.getByRole('group', { name: `Disponibilité de ${name}` });
    await expect(control.getByRole('radio', { name: 'Disponible' })).toBeChecked();
    await control.getByText('Épuisé aujourd’hui').click();
    await expect(page.getByRole('alert')).toContainText('Quelqu’un a modifié cet élément entre-temps');
    await expect(control.getByRole('radio', { name: 'Épuisé jusqu’à nouvel ordre' })).toBeChecked();
    // The menu editor calls the same state by the same words (one name per state).
    await page.goto(`${base}/restaurant/carte`);
    const row = page.getByTestId('dish-row').filter({ has: page.getByText(name, { exact: true }) });
    await expect(row.getByText('Épuisé jusqu’à nouvel ordre', { exact: true })).toBeVisible();
    await expect(row.getByText('Masqué')).toHaveCount(0);
  } finally {
    await removeDish(request, owner.cookie, dish.item_id);
  }
});

test('the owner picks a photo in the dish form and sees it on the storefront menu (AVIF and WebP, 400w and 800w)', async ({ browser, request }) => {
  const owner = await ownerSession(base);
  const name = `Pizza photographiée ${Date.now().toString(36)}`;
  const dish = await createDish(request, owner.cookie, name);
  try {
    const page = await phone(browser);
    await signInStaff(page, base, 'owner');
    // The owner opens the dish in the menu editor, picks a photo in its ImageUpload and saves.
    await page.goto(`${base}/restaurant/carte`);
    const row = page.getByTestId('dish-row').filter({ has: page.getByText(name, { exact: true }) });
    await row.getByRole('button', { name: `Modifier ${name}` }).click();
    const form = page.getByRole('dialog', { name: `Modifier ${name}` });
    const photo = await photoLikeJpeg(1600, 1200);
    await form.locator('input[type="file"]').setInputFiles({ name: 'pizza.jpg', mimeType: 'image/jpeg', buffer: photo });
    // The preview shows the processed photo once the server answered.
    await expect(form.locator('img[src^="/uploads/"]')).toBeVisible();
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toBeHidden();
    const tree = await request.get(`${base}/v2/restaurant/menu`, { headers: { Cookie: owner.cookie } });
    const { image } = (await payloadOf(tree, MenuTreeSchema)).menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === dish.item_id)!;
    expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}-800\.webp$/);

    // A new visitor's menu: the dish's card shows the photo through <picture>, AVIF first.
    const visitor = await phone(browser);
    const errors = collectConsoleErrors(visitor);
    await open(visitor, '/menu');
    const card = visitor.getByRole('link', { name: new RegExp(`^${name}, `) });
    await card.scrollIntoViewIfNeeded();
    const hash = /([a-f0-9]{32})/.exec(image)![1];
    await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', `/uploads/${hash}-400.avif 400w, /uploads/${hash}-800.avif 800w`);
    await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', `/uploads/${hash}-400.webp 400w, /uploads/${hash}-800.webp 800w`);
    const img = card.locator('picture img');
    await expect(img).toHaveAttribute('width', '112');
    await expect(img).toHaveAttribute('height', '84');
    // The browser really loaded one of the files (Chromium takes the AVIF), from the long-cached folder.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(new RegExp(`/uploads/${hash}-(400|800)\\.avif$`));
    const file = await request.get(`${base}/uploads/${hash}-400.avif`);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await card.screenshot({ path: `${shots}/images-menu-card-390.png` });

    // The dish's dialog shows the larger one.
    await card.click();
    const dialog = visitor.getByRole('dialog');
    await expect(dialog.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /800\.avif 800w/);
    await visitor.screenshot({ path: `${shots}/images-product-dialog-390.png` });
    await visitor.setViewportSize({ width: 1280, height: 900 });
    await visitor.screenshot({ path: `${shots}/images-product-dialog-1280.png` });
    expect(errors).toEqual([]);
  } finally {
    await removeDish(request, owner.cookie, dish.item_id);
  }
});
