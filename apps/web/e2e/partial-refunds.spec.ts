import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { formatPrice } from '@resto/domain/format';
import { expect, test } from './fixtures.ts';
import { placePaidCardOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * « Rembourser une partie » (docs/decisions/035): a card order paid with the test processor, partly
 * refunded from its page in the history — one unit of a line, then an amount with « Autre » whose
 * missing text is refused in French while what was typed stays — and from the board's order dialog.
 * Without JavaScript, on the history's page, the same form posted to the page's action: one unit
 * of a line with « Retard », pressed twice (one refund); an amount above what is left refused in
 * French with what was typed kept; and the API's own refusal when another page refunded meanwhile.
 * Screenshots at 390, 768 and 1280 px under /work/screens/refunds (PARTIAL_REFUNDS_SCREENS_DIR).
 */

const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
const shots = process.env.PARTIAL_REFUNDS_SCREENS_DIR ?? '/work/screens/refunds';

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

/** Cents → « 12,40 » as staff type it. */
const typed = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/** « 12,40 € » of the page → cents. */
async function leftCents(page: Page): Promise<number> {
  const text = (await page.getByTestId('refund-left').first().textContent()) ?? '';
  const match = /(\d+),(\d{2})/u.exec(text.replace(/\s/gu, ''));
  if (!match) throw new Error(`no amount in « ${text} »`);
  return Number(match[1]) * 100 + Number(match[2]);
}

for (const width of [390, 768, 1280]) {
  test(`at ${width} px: a paid card order partly refunded from the history, per line then by an amount`, async ({ browser }) => {
    const orderId = await placePaidCardOrder(base, server.now);
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'fr-FR' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await signInStaff(page, base, 'staff');
    await page.goto(`/restaurant/commandes/historique/${orderId}`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    const panel = page.getByTestId('partial-refunds');
    await expect(panel.getByTestId('refund-left')).toContainText('Reste à rembourser :');
    const paid = await leftCents(page);
    await panel.getByRole('button', { name: 'Rembourser une partie' }).click();

    // One unit of the first line.
    const form = panel.getByTestId('refund-form');
    await expect(form.getByTestId('refund-line').first()).toBeVisible();
    await form
      .getByRole('button', { name: /^Un de plus/ })
      .first()
      .click();
    await expect(form.getByTestId('refund-total')).not.toHaveText('À rembourser : 0,00 €');
    await page.screenshot({ path: join(shots, `history-form-lines-${width}.png`), fullPage: true });
    await form.getByRole('button', { name: 'Continuer' }).click();
    const confirm = panel.getByTestId('refund-confirm');
    await expect(confirm).toContainText('Rembourser');
    await page.screenshot({ path: join(shots, `history-confirm-${width}.png`), fullPage: true });
    await confirm.getByRole('button', { name: 'Rembourser', exact: true }).click();
    await expect(panel.getByTestId('refund-item')).toHaveCount(1);
    await expect(panel.getByTestId('refund-item').first()).toHaveAttribute('data-status', 'succeeded');
    await expect(panel.getByTestId('refund-item').first()).toContainText('Produit manquant');
    await expect(panel.getByTestId('refund-item').first()).toContainText('Remboursé');
    const afterLine = await leftCents(page);
    expect(afterLine).toBeLessThan(paid);

    // An amount, « Autre » without its text: refused in French, the amount typed kept.
    await panel.getByRole('button', { name: 'Rembourser une partie' }).click();
    await form.getByText('Un montant').click();
    await form.getByLabel('Montant à rembourser (€)').fill('1,20');
    await form.getByText('Autre', { exact: true }).click();
    await form.getByRole('button', { name: 'Continuer' }).click();
    await expect(form.getByRole('alert')).toHaveText('Précisez la raison du remboursement en quelques mots.');
    await expect(form.getByLabel('Montant à rembourser (€)')).toHaveValue('1,20');
    await page.screenshot({ path: join(shots, `history-form-amount-refused-${width}.png`), fullPage: true });
    await form.getByLabel('Précisez la raison').fill('Boisson renversée à la livraison');
    await form.getByRole('button', { name: 'Continuer' }).click();
    await expect(confirm).toContainText('1,20');
    await confirm.getByRole('button', { name: 'Rembourser', exact: true }).click();
    await expect(panel.getByTestId('refund-item')).toHaveCount(2);
    await expect(panel.getByTestId('refund-item').nth(1)).toContainText('Boisson renversée à la livraison');
    await expect(panel.getByTestId('refund-item').nth(1)).toHaveAttribute('data-status', 'succeeded');
    await expect.poll(() => leftCents(page)).toBe(afterLine - 120);
    // The books: the credit notes listed among the order's documents.
    await expect(page.getByTestId('history-order-documents')).toContainText(/A-\d{6}/u);
    await page.screenshot({ path: join(shots, `history-refunded-${width}.png`), fullPage: true });

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The board's order dialog shows them too, and offers the rest.
    await page.goto('/restaurant/commandes');
    await expect(page.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');
    await page.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`).getByTestId('order-number').click();
    const dialog = page.getByTestId('order-dialog');
    await expect(dialog.getByTestId('refund-item')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Rembourser une partie' }).click();
    await expect(dialog.getByTestId('refund-form')).toBeVisible();
    await dialog.getByTestId('refund-form').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, `board-dialog-form-${width}.png`) });
    expect(problems).toEqual([]);
    await context.close();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, baseURL: base, viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });

  test('the history page: a refund by line with its reason, one above what is left refused with what was typed kept, and the API refusing a page left behind', async ({
    page,
    context,
  }) => {
    const orderId = await placePaidCardOrder(base, server.now);
    await signInStaff(page, base, 'staff');
    const orderPath = `/restaurant/commandes/historique/${orderId}`;
    await page.goto(orderPath);
    const panel = page.getByTestId('partial-refunds');
    const paid = await leftCents(page);
    await panel.getByRole('button', { name: 'Rembourser une partie' }).click();

    // One unit of the first line, typed (no stepper without JavaScript), « Retard ».
    const form = panel.getByTestId('refund-form');
    await expect(form.getByRole('button', { name: /^Un de plus/ })).toHaveCount(0);
    await form
      .getByLabel(/^Quantité de /u)
      .first()
      .fill('1');
    await form.getByText('Retard', { exact: true }).click();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(shots, `no-js-form-lines-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
    await form.getByRole('button', { name: 'Continuer' }).click();
    const confirm = panel.getByTestId('refund-confirm');
    await expect(confirm).toContainText('Rembourser');
    await page.screenshot({ path: join(shots, 'no-js-confirm-1280.png'), fullPage: true });
    // Pressed twice: the same key (made by the page's loader) twice, one refund.
    await confirm.getByRole('button', { name: 'Rembourser', exact: true }).dblclick();
    await expect(panel.getByRole('status')).toContainText('remboursés');
    await expect(panel.getByTestId('refund-item')).toHaveCount(1);
    await expect(panel.getByTestId('refund-item').first()).toHaveAttribute('data-status', 'succeeded');
    await expect(panel.getByTestId('refund-item').first()).toContainText('Retard');
    const afterLine = await leftCents(page);
    expect(afterLine).toBeLessThan(paid);

    // An amount above what is left, « Autre » with its words: refused in French, everything typed kept.
    await panel.getByRole('button', { name: 'Rembourser une partie' }).click();
    await form.getByText('Un montant').click();
    await form.getByLabel('Montant à rembourser (€)').fill(typed(afterLine + 100));
    await form.getByText('Autre', { exact: true }).click();
    await form.getByLabel('Précisez la raison').fill('Boisson renversée à la livraison');
    await form.getByRole('button', { name: 'Continuer' }).click();
    const aboveLeft = `C’est plus que ce qui reste à rembourser (${formatPrice(afterLine)}).`;
    await expect(form.getByRole('alert')).toHaveText(aboveLeft);
    await expect(form.getByLabel('Montant à rembourser (€)')).toHaveValue(typed(afterLine + 100));
    await expect(form.getByLabel('Autre')).toBeChecked();
    await expect(form.getByLabel('Précisez la raison')).toHaveValue('Boisson renversée à la livraison');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(shots, `no-js-form-refused-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }

    // All that is left, up to its confirmation; meanwhile another page refunds 1,00 €: the API refuses this one.
    await form.getByLabel('Montant à rembourser (€)').fill(typed(afterLine));
    await form.getByRole('button', { name: 'Continuer' }).click();
    await expect(confirm).toContainText(typed(afterLine));
    const other = await context.newPage();
    await other.goto(orderPath);
    await other.getByRole('button', { name: 'Rembourser une partie' }).click();
    await other.getByText('Un montant').click();
    await other.getByLabel('Montant à rembourser (€)').fill('1,00');
    await other.getByRole('button', { name: 'Continuer' }).click();
    await other.getByRole('button', { name: 'Rembourser', exact: true }).click();
    await expect(other.getByTestId('refund-item')).toHaveCount(2);
    await other.close();
    await confirm.getByRole('button', { name: 'Rembourser', exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText(`C’est plus que ce qui reste à rembourser (${formatPrice(afterLine - 100)}).`);
    await expect(form.getByLabel('Montant à rembourser (€)')).toHaveValue(typed(afterLine));
    await expect(form.getByLabel('Précisez la raison')).toHaveValue('Boisson renversée à la livraison');
    await expect(panel.getByTestId('refund-item')).toHaveCount(2);
    expect(await leftCents(page)).toBe(afterLine - 100);
    await page.screenshot({ path: join(shots, 'no-js-api-refused-1280.png'), fullPage: true });
  });
});
