import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { placePaidCardOrderWithSecret } from './board-orders.ts';
import { freezeClock } from './helpers.ts';
import { mailSink, servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * Changing an order (docs/decisions/039-changing-an-order.md), end to end on the real server
 * (Tuesday 12:30 in Paris, frozen): a card order paid online; on a tablet, staff open it on the
 * board, « Modifier la commande », take one dish away and add a drink; the difference is refunded
 * on the card. Then a partial refund of a new line. The customer's status page (390 px) shows the
 * new lines, « modifiée par le restaurant » and both refunds; the change's e-mail reaches the mail
 * sink. Screenshots at 390, 768 and 1280 px under /work/screens/order-change (ORDER_CHANGE_SCREENS_DIR).
 */
const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
const shots = process.env.ORDER_CHANGE_SCREENS_DIR ?? '/work/screens/order-change';

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

async function staffPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 1024 }, locale: 'fr-FR' });
  const page = await context.newPage();
  await freezeClock(page, 'tuesday');
  await signInStaff(page, base, 'staff');
  return page;
}

async function shotAtWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 1024 });
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 768, height: 1024 });
}

test('a card order changed after payment and partly refunded: the tracking page shows the new lines and both refunds', async ({ browser, request }) => {
  const { orderId, secret } = await placePaidCardOrderWithSecret(base, server.now);
  const staff = await staffPage(browser, 768);
  const problems: string[] = [];
  staff.on('pageerror', (error) => problems.push(error.message));

  // From the board: the order's dialog has « Modifier la commande ».
  await staff.goto('/restaurant/commandes');
  await expect(staff.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');
  await staff.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`).click();
  const dialog = staff.getByTestId('order-dialog');
  await expect(dialog.getByTestId('dialog-order-number')).toHaveText(`n° ${orderId}`);
  await expect(dialog.getByTestId('change-order')).toBeVisible();
  await staff.screenshot({ path: join(shots, 'board-dialog-768.png'), fullPage: true });
  await dialog.getByTestId('change-order').click();
  await expect(staff.getByRole('heading', { name: `Modifier la commande n° ${orderId}` })).toBeVisible();
  await staff.locator('html[data-hydrated="true"]').waitFor();
  const cart = staff.getByTestId('phone-cart');
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  const firstDish = ((await cart.getByRole('listitem').first().locator('span.font-semibold').first().textContent()) ?? '').trim();
  expect(firstDish).not.toBe('');
  await expect(staff.getByLabel(`Quantité de ${firstDish}`)).toHaveText('2');
  await expect(staff.getByTestId('change-customer')).toContainText('Paul Girard');
  const before = (await staff.getByTestId('phone-total').textContent()) ?? '';

  // One dish fewer, a Coca-Cola more (searched, Enter adds the first found).
  await staff.getByRole('button', { name: `Un ${firstDish} de moins` }).click();
  await expect(staff.getByLabel(`Quantité de ${firstDish}`)).toHaveText('1');
  await staff.locator('#phone-search').fill('coca');
  await staff.locator('#phone-search').press('Enter');
  await expect(cart).toContainText('Coca-Cola');
  await expect(staff.getByTestId('phone-total')).not.toHaveText(before);
  await shotAtWidths(staff, 'change-form');

  await staff.getByTestId('phone-submit').click();
  const done = staff.getByTestId('order-changed');
  await expect(done).toContainText(`Commande n° ${orderId} modifiée.`);
  await expect(done).toContainText(`− 1 × ${firstDish}`);
  await expect(done).toContainText('+ 1 × Coca-Cola');
  await expect(staff.getByTestId('order-changed-money')).toHaveText(/^\d+,\d\d\s€ remboursés sur la carte du client\.$/u);
  await shotAtWidths(staff, 'change-done');

  // The order's page: the change in its life, the refund of the difference, then a partial refund of one new line.
  await staff.goto(`/restaurant/commandes/historique/${orderId}`);
  await staff.locator('html[data-hydrated="true"]').waitFor();
  await expect(staff.getByText('Commande modifiée', { exact: true })).toBeVisible();
  const panel = staff.getByTestId('partial-refunds');
  await panel.getByRole('button', { name: 'Rembourser une partie' }).click();
  const form = panel.getByTestId('refund-form');
  await form
    .getByRole('button', { name: /^Un de plus/ })
    .last()
    .click();
  await form.getByRole('button', { name: 'Continuer' }).click();
  await panel.getByTestId('refund-confirm').getByRole('button', { name: 'Rembourser', exact: true }).click();
  await expect(panel.getByTestId('refund-item').last()).toHaveAttribute('data-status', 'succeeded');
  await shotAtWidths(staff, 'change-history');
  expect(problems).toEqual([]);

  // The customer's status page on a phone: the new lines, the change said, both refunds.
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 900 }, locale: 'fr-FR' });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
  const customer = await context.newPage();
  await customer.goto(`/suivi?commande=${secret}`);
  await customer.locator('html[data-hydrated="true"]').waitFor();
  const lines = customer.getByTestId('tracking-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(`1 × ${firstDish}`);
  await expect(lines.nth(1)).toContainText('1 × Coca-Cola');
  await expect(customer.getByTestId('tracking-changed')).toHaveText(/^Commande modifiée par le restaurant à \d\d:\d\d : voici son contenu à jour\.$/u);
  const refunds = customer.getByTestId('tracking-refund-item');
  await expect(refunds).toHaveCount(2);
  await expect(refunds.nth(0)).toContainText('Motif : Modification de la commande');
  await expect(refunds.nth(1)).toContainText('Motif : Produit manquant');
  await shotAtWidths(customer, 'change-tracking');

  // The change's e-mail reached the customer.
  const mails = async () => {
    const response = await request.get(`http://127.0.0.1:${mailSink.httpPort}/messages?to=${encodeURIComponent('paul.girard@example.fr')}`);
    return ((await response.json()) as { subject: string; text: string }[]).filter((mail) => mail.subject === `Votre commande n° ${orderId} a été modifiée`);
  };
  await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mails();
  expect(mail!.text).toContain('+ 1 × Coca-Cola');
  expect(mail!.text).toMatch(/vous sont remboursés sur votre carte/u);
});
