import { expect, test, type Page } from './fixtures.ts';
import { euros, freezeClock, open } from './helpers.ts';
import { placeCashOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { MenusSchema } from '@resto/contract/catalog';
import { OrderViewSchema } from '@resto/contract/orders';
import { payloadOf } from './api-answers.ts';

/** docs/decisions/003, end to end: offer badges, automatic offers, coupons in the cart and in the stored order. */

async function addToCart(page: Page, itemId: number, prepare?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await open(page, `/menu?product=${itemId}`);
  const dialog = page.getByRole('dialog');
  await prepare?.(dialog);
  await dialog.getByRole('button', { name: /Ajouter ·/ }).click();
  await expect(dialog).toBeHidden();
}

async function fillPersonal(page: Page, email: string) {
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Téléphone').fill('07 00 00 00 01');
}

async function checkoutPickupCash(page: Page, email: string) {
  await open(page, '/checkout');
  await page.getByRole('button', { name: /À emporter/ }).click();
  await expect(page).toHaveURL(/tab=personal/);
  await fillPersonal(page, email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
}

test.describe('on a Sunday', () => {
  test.beforeEach(async ({ page }) => freezeClock(page, 'sunday'));

  test('badges show on items and categories with an offer, and the offer is applied', async ({ page }) => {
    await open(page, '/menu');
    await expect(page.getByRole('link', { name: /^Pizza Lyonnaise/ }).getByTestId('item-badge')).toHaveText('-20 %');
    await expect(page.getByRole('link', { name: /^Mousse au chocolat/ }).getByTestId('item-badge')).toHaveText('1 acheté = 1 offert');
    await expect(page.getByRole('heading', { name: /^Salades/ }).getByTestId('category-badge')).toHaveText('Remise en €');

    await addToCart(page, 108);
    const cart = page.getByRole('complementary', { name: 'Panier' });
    const subtotal = euros(await cart.getByTestId('subtotal').textContent());
    await expect(cart.getByTestId('reduction')).toContainText('-20 % sur la Pizza Lyonnaise');
    expect(euros(await cart.getByTestId('total').textContent())).toBeCloseTo(subtotal * 0.8, 2);

    // On a phone: the brunch's gift is named on its dishes and its category, never a bare « Offert »
    // on a 20 € dish; each badge is whole on the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/menu');
    const brunchBadge = page.getByRole('link', { name: /^Brunch Margot/ }).getByTestId('item-badge');
    const brunchCategory = page.getByRole('heading', { name: /^Brunch/, level: 2 }).getByTestId('category-badge');
    for (const badge of [brunchBadge, brunchCategory]) {
      await badge.scrollIntoViewIfNeeded();
      await expect(badge).toHaveText('Citronnade maison en cadeau');
      await expect(badge).toBeInViewport({ ratio: 1 });
      expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await expect(page.getByText(/^Offert$|^OFFERT$/)).toHaveCount(0);
    // The dish's dialog does not repeat the badge its offer's name already says.
    await open(page, '/menu?product=108');
    await expect(page.getByRole('dialog').getByTestId('product-offer').locator('p').first()).toHaveText('-20 % sur la Pizza Lyonnaise');
  });

  test('a coupon changes the total shown and the order stored', async ({ page, request }) => {
    await addToCart(page, 105);
    const cart = page.getByRole('complementary', { name: 'Panier' });
    const coupon = cart.getByLabel('Code promo');

    await coupon.fill('PASUNCODE');
    await cart.getByRole('button', { name: 'Appliquer' }).click();
    await expect(cart.getByRole('alert')).toHaveText('Ce code promo n’existe pas.');

    await coupon.fill('bienvenue10');
    await cart.getByRole('button', { name: 'Appliquer' }).click();
    await expect(cart.getByTestId('coupon-applied')).toContainText('BIENVENUE10');
    await expect(cart.getByTestId('coupon-applied')).toContainText('dès 20,00 €');
    const before = euros(await cart.getByTestId('total').textContent());

    await addToCart(page, 110, async (dialog) => {
      await dialog.getByLabel('À point').check();
      await dialog.getByLabel('Frites maison').check();
    });
    const subtotal = euros(await cart.getByTestId('subtotal').textContent());
    expect(subtotal).toBeGreaterThan(before);
    await expect(cart.getByTestId('coupon-applied')).not.toContainText('dès 20,00 €');
    await expect(cart.getByTestId('reduction')).toContainText('Code promo');
    const total = euros(await cart.getByTestId('total').textContent());
    expect(total).toBeCloseTo(subtotal - Math.round(subtotal * 10) / 100, 2);

    await checkoutPickupCash(page, 'lea.martin@example.fr');
    await expect(page).toHaveURL(/\/success\?order=\d+/);
    const last = await page.evaluate(() => JSON.parse(localStorage.getItem('last-order') ?? 'null') as { order_id: number; local_id: string });
    const stored = { payload: await payloadOf(await request.get(`/v2/public/checkout/${last.order_id}?local_id=${last.local_id}`), OrderViewSchema) };
    expect(stored.payload.coupon_code).toBe('BIENVENUE10');
    expect(stored.payload.total).toBeCloseTo(total, 2);
    expect(stored.payload.coupon).toBeCloseTo(subtotal - total, 2);
  });

  test('a once-only coupon the customer already used is refused at confirmation, with the reason, and the cart is kept', async ({ page }) => {
    // The customer's first order with BIENVENUE10, placed through the API (the test above places one in the browser).
    const email = `hugo.${Date.now()}@example.fr`;
    await placeCashOrder(
      `http://localhost:${servers.sunday.port}`,
      servers.sunday.now,
      0,
      { first_name: 'Hugo', last_name: 'Roux' },
      { code: 'BIENVENUE10', email },
    );
    const cart = page.getByRole('complementary', { name: 'Panier' });
    await addToCart(page, 105);
    await addToCart(page, 106);
    await cart.getByLabel('Code promo').fill('BIENVENUE10');
    await cart.getByRole('button', { name: 'Appliquer' }).click();
    // The coupon is taken before leaving the page (a navigation would cut its request short).
    await expect(cart.getByTestId('coupon-applied')).toContainText('BIENVENUE10');
    await checkoutPickupCash(page, email);
    // Other alerts (an earlier toast) may still be on screen: the refusal is one of them.
    await expect(page.getByRole('alert').filter({ hasText: 'Vous avez déjà profité de cette offre.' }).first()).toBeVisible();
    await expect(page).toHaveURL(/tab=confirmation/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.lines?.length)).toBe(2);
  });
});

test.describe('on a Tuesday', () => {
  test.use({ baseURL: `http://localhost:${servers.tuesday.port}` });
  test.beforeEach(async ({ page }) => freezeClock(page, 'tuesday'));

  test('the Monday-to-Thursday promotion takes 50 % of the cheaper dish’s delivery price', async ({ page, request }) => {
    const menus = { payload: await payloadOf(await request.get('/v2/public/menus'), MenusSchema) };
    const priceDelivery = (id: number) =>
      menus.payload.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === id)!.item_price.price_delivery;
    await addToCart(page, 105);
    const cart = page.getByRole('complementary', { name: 'Panier' });
    await expect(cart.getByTestId('reduction')).toHaveCount(0);
    await addToCart(page, 114);
    const expected = Math.round(Math.min(priceDelivery(105), priceDelivery(114)) * 50) / 100;
    await expect(cart.getByTestId('reduction')).toContainText('Duo du lundi au jeudi');
    // The reduction reads '−6,00 €' (a minus sign, stripped by euros()).
    await expect(cart.getByTestId('reduction').locator('dd')).toHaveText(/^−/);
    expect(euros(await cart.getByTestId('reduction').locator('dd').textContent())).toBeCloseTo(expected, 2);
  });
});
