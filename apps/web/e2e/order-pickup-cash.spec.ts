import { expect, test } from './fixtures.ts';
import { collectConsoleErrors, euros, freezeClock, open } from './helpers.ts';
import { OrderViewSchema } from '@resto/contract/orders';
import { payloadOf } from './api-answers.ts';

/** docs/decisions/002, end to end: menu, deep link, options, cart, pickup + cash checkout, success, order read back. */

test.beforeEach(async ({ page }) => freezeClock(page));

test('a visitor orders for pickup, pays cash, and the order is stored', async ({ page, request }) => {
  const consoleErrors = collectConsoleErrors(page);
  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Chez Margot');
  await page.getByRole('link', { name: /Voir la carte/ }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await page.locator('html[data-hydrated="true"]').waitFor();

  // Categories and items with French prices.
  await expect(page.getByRole('heading', { name: 'Pizzas', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Burgers', level: 2 })).toBeVisible();
  const margherita = page.getByRole('link', { name: /^Pizza Margherita, / });
  await expect(margherita).toContainText(/\d+,\d{2}\s€/);

  // Open an item from the menu; quantity 2; note.
  await margherita.click();
  await expect(page).toHaveURL(/product=105/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Pizza Margherita' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Ajouter un' }).click();
  await dialog.getByLabel('Une précision pour la cuisine ?').fill('Bien cuite');
  await dialog.getByRole('button', { name: /Ajouter ·/ }).click();
  await expect(dialog).toBeHidden();

  // Deep link to a burger: required options are enforced, option prices add up.
  await open(page, '/menu?product=110');
  const burger = page.getByRole('dialog');
  const basePrice = euros(await burger.getByRole('button', { name: /Ajouter ·/ }).textContent());
  await burger.getByRole('button', { name: /Ajouter ·/ }).click();
  await expect(burger.getByText('« Cuisson » : faites un choix.')).toBeVisible();
  await burger.getByLabel('À point').check();
  await burger.getByLabel(/Frites de patate douce/).check();
  const withOption = euros(await burger.getByRole('button', { name: /Ajouter ·/ }).textContent());
  expect(withOption).toBeCloseTo(basePrice + 1.5, 2);
  await burger.getByRole('button', { name: /Ajouter ·/ }).click();
  await expect(burger).toBeHidden();

  // A third line, then removed; quantities changed in the cart.
  await open(page, '/menu?product=121');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  const cart = page.getByRole('complementary', { name: 'Panier' });
  await expect(cart.getByTestId('cart-line')).toHaveCount(3);
  await cart.getByRole('button', { name: /^Supprimer Tarte/ }).click();
  await expect(cart.getByTestId('cart-line')).toHaveCount(2);
  await cart.getByRole('button', { name: 'Ajouter un Burger Classique' }).click();
  await cart.getByRole('button', { name: 'Retirer un Burger Classique' }).click();
  await cart.getByRole('button', { name: 'Ajouter un Burger Classique' }).click();
  await expect(cart.getByTestId('line-quantity')).toHaveText(['2', '2']);
  const total = euros(await cart.getByTestId('total').textContent());
  expect(euros(await cart.getByTestId('subtotal').textContent())).toBeCloseTo(total, 2);
  const tax = euros(await cart.getByTestId('tax-1000').textContent());
  expect(tax).toBeCloseTo(Math.round((total * 100 * 10) / 110) / 100, 2);

  // Checkout: the five tabs, pickup moves on by itself.
  await cart.getByRole('link', { name: /Commander/ }).click();
  await expect(page).toHaveURL(/\/checkout/);
  const steps = page.getByRole('navigation', { name: 'Étapes de la commande' }).getByRole('button');
  await expect(steps).toHaveCount(5);
  await page.getByRole('button', { name: /À emporter/ }).click();
  await expect(page).toHaveURL(/tab=personal/);

  // Personal tab: French errors, typed values kept.
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Téléphone').fill('12');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText('Le nom est obligatoire.')).toBeVisible();
  await expect(page.getByText("L'adresse e-mail est obligatoire.")).toBeVisible();
  await expect(page.getByText(/Numéro de téléphone invalide/)).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveValue('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Durand');
  await page.getByLabel('E-mail').fill('camille.durand@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await expect(page.getByLabel(/Paiement sur place/)).toBeChecked();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);

  // Previous, then direct jump back.
  await page.getByRole('button', { name: '← Précédent' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await steps.nth(4).click();
  await expect(page).toHaveURL(/tab=confirmation/);

  const orderCreated = page.waitForResponse((r) => r.url().includes('/v2/public/checkout') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  expect((await orderCreated).status()).toBe(201);
  await expect(page).toHaveURL(/\/success\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByTestId('order-number')).toHaveText(`n° ${orderId}`);
  await expect(page.getByTestId('order-total')).toHaveText(/\d+,\d{2}\s€/);

  // Cart cleared; the order is read back from the API with its lines and totals.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.lines?.length)).toBe(0);
  const last = await page.evaluate(() => JSON.parse(localStorage.getItem('last-order') ?? 'null') as { order_id: number; local_id: string });
  const response = await request.get(`/v2/public/checkout/${last.order_id}?local_id=${last.local_id}`);
  const order = await payloadOf(response, OrderViewSchema);
  expect(order.status).toBe('pending');
  expect(order.total).toBeCloseTo(total, 2);
  expect(order.tax).toBeCloseTo(tax, 2);
  expect(order.customer.phone).toBe('+33612345678');
  expect(order.items.map((i) => [i.item_name, i.quantity])).toEqual([
    ['Pizza Margherita', 2],
    ['Burger Classique', 2],
  ]);
  expect(order.items[0]?.note).toBe('Bien cuite');
  expect(order.items[1]?.options.map((o) => o.name)).toEqual(['À point', 'Frites de patate douce']);

  // Back to checkout: the tab is reset to type and the cart is empty.
  await open(page, '/checkout');
  await expect(page.getByRole('button', { name: /À emporter/ })).toBeVisible();
  await expect(page.getByText('Votre panier est vide.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('incomplete forms send the visitor back with the French alert', async ({ page }) => {
  await open(page, '/menu?product=105');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await open(page, '/checkout?tab=confirmation');
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page.getByRole('alert')).toContainText('Veuillez remplir tous les champs obligatoires');
  await expect(page).toHaveURL(/tab=personal/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.lines?.length)).toBe(1);
});

test('every page answers under /fr, unknown paths and tabs show French errors', async ({ page }) => {
  for (const path of ['/fr', '/fr/menu', '/fr/checkout', '/fr/success']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // Absolute, on SITE_URL (its default, http://localhost:PORT, on the test servers): docs/decisions/027.
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${new URL(page.url()).origin}${path.replace(/^\/fr/, '') || '/'}`);
  }
  await open(page, '/fr/menu?product=110');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Burger Classique' })).toBeVisible();

  const missing = await page.goto('/cette-page-nexiste-pas');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 !' })).toBeVisible();
  await expect(page.getByText("Désolé, cette page n'existe pas.")).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);

  const badTab = await page.goto('/checkout?tab=livraison-express');
  expect(badTab?.status()).toBe(404);
  await expect(page.getByText("Cette étape de la commande n'existe pas.")).toBeVisible();
});
