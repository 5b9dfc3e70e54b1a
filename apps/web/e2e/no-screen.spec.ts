import { expect, test } from './fixtures.ts';
import { OrderViewSchema } from '@resto/contract/orders';
import { payloadOf } from './api-answers.ts';
import { collectConsoleErrors, freezeClock, open } from './helpers.ts';
import { servers } from './servers.ts';

/**
 * docs/decisions/022-nothing-unseen.md: the restaurant is open, handles its
 * orders on a board (the demo's settings), and no staff screen is connected: the checkout does not
 * offer "as soon as possible", says why, and the earliest slot is chosen instead; the order placed
 * carries that slot. The API refuses an ASAP order in French (apps/api/src/modules/escalation/escalation.test.ts).
 */

test.use({ baseURL: `http://localhost:${servers.noScreen.port}` });
test.beforeEach(async ({ page }) => freezeClock(page, 'noScreen'));

for (const width of [390, 768, 1280]) {
  test(`no staff screen: the earliest slot instead of ASAP (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const errors = collectConsoleErrors(page);
    await open(page, '/menu?product=105');
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

    const asap = page.getByRole('radio', { name: /Dès que possible/ });
    await expect(asap).toBeDisabled();
    await expect(page.getByText('Pas de commande immédiate pour le moment : choisissez un créneau')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Planifier' })).toBeChecked();
    // Tuesday 12:30 with a 20-minute lead for pickup: the first slot today is offered, chosen.
    const slot = page.getByLabel('Créneau', { exact: true });
    await expect(slot).not.toHaveValue('');
    const chosen = await slot.inputValue();
    const firstOffered = await slot.locator('option').nth(1).getAttribute('value');
    expect(chosen).toBe(firstOffered);
    await page.screenshot({ path: `/work/screens/escalation/no-screen-checkout-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL(/tab=payment/);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+/);
    const last = await page.evaluate(() => JSON.parse(localStorage.getItem('last-order') ?? 'null') as { order_id: number; local_id: string });
    const order = await payloadOf(await request.get(`/v2/public/checkout/${last.order_id}?local_id=${last.local_id}`), OrderViewSchema);
    expect(order.delivery_time_range).toBe(chosen);
    expect(order.delivery_date).toBe('2026-11-24');
    expect(errors).toEqual([]);
  });
}
