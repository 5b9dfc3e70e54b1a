import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { collectConsoleErrors, freezeClock, open } from './helpers.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff } from './staff-helpers.ts';

/**
 * docs/decisions/023, in the browser (docs/decisions/023-back-office.md): the owner exports
 * the restaurant file, changes a price in it, imports it with a preview showing « 11,50 € →
 * 12,50 € » and confirms; a new visitor's menu shows the new price, a customer whose cart was
 * built before is told at checkout (« Les prix ont changé ») and confirms; the journal lists the
 * import. The spec works on a dish of its own and puts the restaurant back as it found it.
 */

const base = `http://localhost:${servers.backOffice.port}`;
test.use({ baseURL: base });

/** The spec's own dish, added to the first category of the first menu. */
const dishId = 9101;
const dishName = 'Pizza d’essai import';

type Json = Record<string, unknown>;
interface FileShape {
  menus: { categories: { items: Json[] }[] }[];
}

async function apiJson(path: string, cookie: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${base}${path}`, { ...init, headers: { Cookie: cookie, 'Content-Type': 'application/json', ...init.headers } });
  return { status: response.status, body: (await response.json()) as Json };
}

/** Imports `file` through the API (preview, then import on its version). */
async function importThroughApi(file: unknown, cookie: string): Promise<void> {
  const preview = await apiJson('/v2/restaurant/import/preview', cookie, { method: 'POST', body: JSON.stringify(file) });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const version = (preview.body.payload as { catalog_version: number }).catalog_version;
  const done = await apiJson(`/v2/restaurant/import?expected_catalog_version=${version}`, cookie, { method: 'POST', body: JSON.stringify(file) });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/work/shots/audit-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 900 });
}

test('export, change a price, preview « 11,50 € → 12,50 € », import; the storefront and an older cart follow', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const owner = await ownerSession(base);
  const original = (await apiJson('/v2/restaurant/export', owner.cookie)).body;
  const withDish = structuredClone(original) as unknown as FileShape;
  const firstCategory = withDish.menus[0]!.categories[0]!;
  firstCategory.items.push({
    ...structuredClone(firstCategory.items[0]!),
    item_id: dishId,
    name: dishName,
    price_pickup: 11.5,
    price_delivery: 12.5,
    options: [],
    available: true,
  });
  await importThroughApi(withDish, owner.cookie);

  try {
    // A customer fills a cart at the old price.
    const customerContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 900 } });
    const customer = await customerContext.newPage();
    await freezeClock(customer, 'backOffice');
    const customerErrors = collectConsoleErrors(customer);
    await open(customer, `/menu?product=${dishId}`);
    await customer
      .getByRole('dialog')
      .getByRole('button', { name: /Ajouter ·/ })
      .click();
    await expect(customer.getByRole('dialog')).toBeHidden();
    await expect(customer.getByRole('link', { name: new RegExp(`^${dishName}, .*11,50\\s€$`) })).toBeVisible();

    // The owner, on a phone, downloads the file.
    await page.setViewportSize({ width: 390, height: 900 });
    await freezeClock(page, 'backOffice');
    // The broken file's preview answers 400 (its errors by path): the browser logs it.
    const errors = collectConsoleErrors(page, [/status of 400/]);
    await signInStaff(page, base, 'owner');
    await open(page, '/restaurant/import-export');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger le fichier' }).click()]);
    expect(download.suggestedFilename()).toBe('restaurant-2026-11-24.json');
    const dir = mkdtempSync(join(tmpdir(), 'resto-import-'));
    const downloaded = join(dir, 'export.json');
    await download.saveAs(downloaded);
    const file = JSON.parse(readFileSync(downloaded, 'utf8')) as FileShape;
    const dish = file.menus[0]!.categories[0]!.items.find((item) => item.item_id === dishId)!;
    expect(dish.price_pickup).toBe(11.5);

    // A broken file first: its errors by path, nothing changed.
    const broken = structuredClone(file);
    broken.menus[0]!.categories[0]!.items[0]!.price_pickup = -1;
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    await page.getByLabel('Fichier du restaurant (.json)').setInputFiles(join(dir, 'broken.json'));
    const refused = page.getByTestId('import-errors');
    await expect(refused).toContainText('Le fichier est refusé : rien n’a été modifié.');
    await expect(refused).toContainText('menus.0.categories.0.items.0.price_pickup');

    // The price changed in the file: the preview says so, old → new.
    dish.price_pickup = 12.5;
    writeFileSync(join(dir, 'changed.json'), JSON.stringify(file, null, 2));
    await page.getByLabel('Fichier du restaurant (.json)').setInputFiles(join(dir, 'changed.json'));
    const preview = page.getByTestId('import-preview');
    await expect(preview.getByTestId('import-summary')).toHaveText('1 prix changé');
    const line = preview.getByRole('listitem').filter({ hasText: dishName });
    await expect(line).toContainText(/Prix à emporter : 11,50\s€ → 12,50\s€/);
    await shoot(page, 'import-preview');
    await preview.getByRole('button', { name: 'Confirmer l’import' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Import terminé.' })).toContainText('Restaurant importé : 1 prix changé.');

    // A new visitor sees the new price at once.
    const visitorContext = await browser.newContext({ baseURL: base });
    const visitor = await visitorContext.newPage();
    await freezeClock(visitor, 'backOffice');
    await open(visitor, '/menu');
    await expect(visitor.getByRole('link', { name: new RegExp(`^${dishName}, .*12,50\\s€$`) })).toBeVisible();
    await visitorContext.close();

    // The customer's open page, at its next navigation: the checkout tells them and waits for their word.
    await open(customer, '/checkout');
    const notice = customer.getByTestId('repricing-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(notice).toContainText('Les prix ont changé');
    await expect(notice).toContainText(new RegExp(`${dishName} : 11,50\\s€ → 12,50\\s€`));
    await shoot(customer, 'repricing');
    await notice.getByRole('button', { name: /J’ai compris/ }).click();
    await expect(notice).toBeHidden();
    expect(customerErrors).toEqual([]);
    await customerContext.close();

    // The journal lists the import, with its detail.
    await open(page, '/restaurant/journal');
    const entry = page.getByTestId('audit-entry').first();
    await expect(entry).toContainText('Restaurant importé : 1 prix changé.');
    await expect(entry).toContainText('Margot Lefèvre');
    await entry.locator('summary').first().click();
    await expect(entry.getByRole('listitem').filter({ hasText: dishName }).first()).toContainText(/Prix à emporter : 11,50\s€ → 12,50\s€/);
    await shoot(page, 'journal');
    await page.getByRole('link', { name: 'Imports' }).click();
    await expect(page).toHaveURL(/entity=restaurant/);
    await expect(page.getByTestId('audit-entry').first()).toContainText('Restaurant importé');
    expect(errors).toEqual([]);
  } finally {
    // The restaurant as the spec found it.
    await importThroughApi(original, owner.cookie);
  }
});

test('a customer on the last step when the price changes: the order is refused, the new price shown, confirmed, then placed', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await ownerSession(base);
  const original = (await apiJson('/v2/restaurant/export', owner.cookie)).body;
  const withDish = (price: number) => {
    const file = structuredClone(original) as unknown as FileShape;
    const category = file.menus[0]!.categories[0]!;
    category.items.push({
      ...structuredClone(category.items[0]!),
      item_id: dishId,
      name: dishName,
      price_pickup: price,
      price_delivery: price + 1,
      options: [],
      available: true,
    });
    return file;
  };
  await importThroughApi(withDish(11.5), owner.cookie);
  try {
    await page.setViewportSize({ width: 390, height: 900 });
    await freezeClock(page, 'backOffice');
    await open(page, `/menu?product=${dishId}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Ajouter ·/ })
      .click();
    await open(page, '/checkout');
    await page.getByRole('button', { name: /À emporter/ }).click();
    await page.getByLabel('Prénom').fill('Camille');
    await page.getByLabel('Nom', { exact: true }).fill('Durand');
    await page.getByLabel('E-mail').fill('camille.durand@example.fr');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL(/tab=delivery/);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL(/tab=payment/);
    await page.getByRole('button', { name: 'Continuer' }).click();
    const place = page.getByRole('button', { name: 'Confirmer la commande' });
    await expect(place).toBeEnabled();

    // The owner changes the price while the customer reads the last step.
    await importThroughApi(withDish(12.5), owner.cookie);
    await place.click();
    const notice = page.getByTestId('repricing-notice');
    await expect(notice).toContainText(new RegExp(`${dishName} : 11,50\\s€ → 12,50\\s€`));
    await expect(notice).toContainText(/Nouveau total : 12,50\s€/);
    await expect(place).toBeDisabled();
    await notice.getByRole('button', { name: /J’ai compris/ }).click();
    await place.click();
    await expect(page).toHaveURL(/\/success\?order=\d+/);
  } finally {
    await importThroughApi(original, owner.cookie);
  }
});
