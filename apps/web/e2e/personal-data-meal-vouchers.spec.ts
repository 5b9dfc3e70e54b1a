import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { collectConsoleErrors, euros, freezeClock, open, signUpByApi } from './helpers.ts';
import { MenusSchema } from '@resto/contract/catalog';
import { OrderViewSchema } from '@resto/contract/orders';
import { payloadOf } from './api-answers.ts';

/**
 * docs/decisions/012, in Chromium: the cookie choice changed from the footer (refusing as
 * easy as accepting), meal vouchers chosen at checkout with their amount on the recap and in the
 * stored order, and an account's data downloaded from ViewAccount.
 */

test.beforeEach(async ({ page }) => freezeClock(page));

test.describe('cookie choice from the footer', () => {
  test('"Gérer les cookies" reopens the dialog on any page; Refuser and Accepter look alike and each changes the stored choice', async ({ page }) => {
    await open(page, '/menu'); // the visitors of these tests already refused (playwright.config.ts)
    const dialog = page.getByRole('dialog', { name: 'Consentement aux cookies' });
    await expect(dialog).toBeHidden();
    const manage = page.getByRole('contentinfo').getByRole('button', { name: 'Gérer les cookies' });
    await manage.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('cookie-current-choice')).toHaveText('Votre choix actuel : cookies refusés.');
    const refuse = dialog.getByRole('button', { name: 'Refuser' });
    const accept = dialog.getByRole('button', { name: 'Accepter' });
    // Same prominence: same size, same colours, same weight.
    const look = (button: typeof refuse) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return { w: Math.round(box.width), h: Math.round(box.height), bg: style.backgroundColor, color: style.color, weight: style.fontWeight, size: style.fontSize };
      });
    expect(await look(refuse)).toEqual(await look(accept));
    await accept.click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('true');

    await open(page, '/privacy-policy');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Gérer les cookies' }).click();
    await expect(dialog.getByTestId('cookie-current-choice')).toHaveText('Votre choix actuel : cookies acceptés.');
    await dialog.getByRole('button', { name: 'Refuser' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('false');
    // The policy says how long guests' data is kept, from the settings (36 months in the demo).
    await expect(page.getByTestId('guest-retention')).toContainText('3 ans après la commande');
  });
});

test('meal vouchers at checkout: the eligible amount (no beer) on the recap, stored with the order', async ({ page, request }) => {
  const consoleErrors = collectConsoleErrors(page);
  // A pizza and a beer: the beer is alcohol, not payable with vouchers.
  await open(page, '/menu?product=105');
  await page.getByRole('dialog').getByRole('button', { name: /Ajouter ·/ }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await open(page, '/menu?product=128');
  await page.getByRole('dialog').getByRole('button', { name: /Ajouter ·/ }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const cart = page.getByRole('complementary', { name: 'Panier' });
  await expect(cart.getByTestId('cart-line')).toHaveCount(2);
  const total = euros(await cart.getByTestId('total').textContent());
  // The beer's pickup price, from the menu the API serves.
  const menus = { payload: await payloadOf(await request.get('/v2/public/menus'), MenusSchema) };
  const beerItem = menus.payload.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === 128)!;
  expect(beerItem.item_is_alcoholic).toBe(true);
  const beer = beerItem.item_price.price_pickup;

  await cart.getByRole('link', { name: /Commander/ }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: /À emporter/ }).click();
  await expect(page).toHaveURL(/tab=personal/);
  await page.getByLabel('Prénom').fill('Hugo');
  await page.getByLabel('Nom', { exact: true }).fill('Bernard');
  await page.getByLabel('E-mail').fill('hugo.bernard@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);

  const voucher = page.getByLabel(/Titre-restaurant \(papier ou carte\) au retrait/);
  await expect(voucher).toBeEnabled();
  await expect(page.getByTestId('meal-voucher-amounts')).toBeHidden();
  await voucher.check();
  const payable = (total - beer).toFixed(2).replace('.', ',');
  const rest = beer.toFixed(2).replace('.', ',');
  await expect(page.getByTestId('meal-voucher-amounts')).toContainText(`dont ${payable} € payables en titre-restaurant`);
  await expect(page.getByTestId('meal-voucher-amounts')).toContainText(`Reste à régler sur place (espèces ou carte) : ${rest} €`);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
  await expect(page.getByTestId('meal-voucher-amounts')).toContainText(`dont ${payable} € payables en titre-restaurant`);

  const orderCreated = page.waitForRequest((r) => r.url().includes('/v2/public/checkout') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  expect((await orderCreated).postDataJSON()).toMatchObject({ payment_method: 'cash', meal_voucher: true });
  await expect(page).toHaveURL(/\/success\?order=\d+/);
  const last = await page.evaluate(() => JSON.parse(localStorage.getItem('last-order') ?? 'null') as { order_id: number; local_id: string });
  const response = await request.get(`/v2/public/checkout/${last.order_id}?local_id=${last.local_id}`);
  const order = await payloadOf(response, OrderViewSchema);
  expect(order.payment_method).toBe('cash');
  expect(order.meal_voucher).toBe(true);
  expect(order.meal_voucher_amount).toBeCloseTo(total - beer, 2);
  expect(order.total).toBeCloseTo(total, 2);
  expect(consoleErrors).toEqual([]);
});

/** A confirmed account with its session, made through the API. */
const newAccount = (request: APIRequestContext) => signUpByApi(request, { email: `donnees.${Date.now()}@example.fr`, password: 'Une tarte aux pralines 2026' });

test('ViewAccount: "Télécharger mes données" saves a JSON file with the profile, the orders and the consents', async ({ page, request }) => {
  const session = await newAccount(request);
  await page.addInitScript((auth) => localStorage.setItem('auth', JSON.stringify({ state: auth, version: 1 })), session);
  await open(page, '/profile/ViewAccount');
  const button = page.getByRole('button', { name: 'Télécharger mes données' });
  await expect(button).toBeVisible();
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
    profile: { email: string; first_name: string };
    orders: unknown[];
    consents: { cookies: { stored_in: string; choice_in_this_browser: string } };
  };
  expect(data.profile).toMatchObject({ email: session.user.email, first_name: 'Inès' });
  expect(data.orders).toEqual([]);
  expect(data.consents.cookies).toMatchObject({ stored_in: 'browser', choice_in_this_browser: 'refusés' });
});
