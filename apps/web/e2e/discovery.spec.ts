import { expect, test } from './fixtures.ts';
import { freezeClock, open, paintedOnTop } from './helpers.ts';

/** docs/decisions/004, end to end: search without accents, a recommendation added from the cart, allergens shown and filtered. */

test.beforeEach(async ({ page }) => freezeClock(page, 'sunday'));

test('a search typed without accents finds the accented dish and opens it; on a phone nothing lies half under its answer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/menu');
  const search = page.getByLabel('Rechercher un plat');
  const allergens = page.getByText('Allergènes', { exact: true });
  await search.fill('o');
  await expect(page.getByTestId('search-result')).toHaveCount(0);
  // No result: the message alone, the allergen filter still whole under it (not an empty box peeking out).
  await search.fill('zzzz');
  await expect(page.getByText('Aucun plat ne correspond à « zzzz ».')).toBeVisible();
  expect(await paintedOnTop(allergens)).toBe(true);
  await search.fill('OEUFS MEURETTE');
  await expect(page.getByTestId('search-result')).toHaveCount(1);
  expect(await paintedOnTop(allergens)).toBe(true);
  await expect(page.getByTestId('search-result')).toContainText('Œufs en meurette');
  await search.fill('cremeuse');
  await expect(page.getByTestId('search-result').first()).toContainText('Burrata crémeuse');
  await page.getByTestId('search-result').first().click();
  await expect(page).toHaveURL(/product=102/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Burrata crémeuse' })).toBeVisible();
});

test('the product dialog lists allergens; the allergen filter hides dishes and survives a reload', async ({ page }) => {
  await open(page, '/menu?product=105');
  await expect(page.getByRole('dialog').getByTestId('allergens')).toContainText('Gluten');
  await page.keyboard.press('Escape');

  const margherita = page.getByRole('link', { name: /^Pizza Margherita, / });
  await expect(margherita).toBeVisible();
  await page.getByText('Allergènes', { exact: true }).click();
  await page.getByLabel('Gluten').check();
  await expect(margherita).toHaveCount(0);
  await expect(page.getByText(/plats? masqués?/)).toBeVisible();

  await open(page, '/menu');
  await expect(page.getByRole('link', { name: /^Pizza Margherita, / })).toHaveCount(0);
  await expect(page.getByLabel('Gluten')).toBeChecked();
  await page.getByRole('button', { name: 'Tout afficher' }).click();
  await expect(page.getByRole('link', { name: /^Pizza Margherita, / })).toBeVisible();
});

test('a dish recommended in the cart is added in one tap; popular dishes show on the home page', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByRole('heading', { name: 'Les plus populaires' })).toBeVisible();
  await expect(page.getByTestId('dish-chip').first()).toBeVisible();

  await open(page, '/menu?product=105');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  const cart = page.getByRole('complementary', { name: 'Panier' });
  const often = cart.getByRole('region', { name: 'Souvent pris avec' });
  await expect(often.getByTestId('dish-chip').first()).toBeVisible();
  const oneTap = often.getByRole('button', { name: /^Ajouter .* au panier$/ }).first();
  const label = (await oneTap.getAttribute('aria-label')) ?? '';
  const name = label.replace(/^Ajouter /, '').replace(/ au panier$/, '');
  await oneTap.click();
  await expect(cart.getByTestId('cart-line')).toHaveCount(2);
  await expect(cart.getByTestId('cart-line').nth(1)).toContainText(name);
});
