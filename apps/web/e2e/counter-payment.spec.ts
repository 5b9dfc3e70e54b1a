import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { placeCashOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * « Encaisser » on the board (docs/decisions/031), end to end on the real server (Tuesday 12:30 in
 * Paris, frozen): a cash order paid with a banknote above its total shows the change as it is
 * typed, is recorded, and reads « payée — espèces … » on its card; a voucher above its cap is
 * refused in French with what was typed kept; a mistaken payment is reversed. Screenshots at 390,
 * 768 and 1280 px under /work/screens/counter-payment/.
 */
const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
const shots = process.env.COUNTER_SCREENS_DIR ?? '/work/screens/counter-payment';

const euros = (value: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(value);

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Opens order `orderId` from its card on the board. */
async function openOrder(page: Page, orderId: number) {
  const card = page.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`);
  await card.click();
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog.getByTestId('dialog-order-number')).toHaveText(`n° ${orderId}`);
  return dialog;
}

for (const width of [390, 768, 1280]) {
  test(`a cash payment with change at ${width} px: the change shown as typed, then the order paid`, async ({ browser }) => {
    const orderId = await placeCashOrder(base, server.now, width);
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInStaff(page, base);
    await page.goto('/restaurant/commandes');
    await expect(page.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');
    const dialog = await openOrder(page, orderId);
    const due = await dialog.getByTestId('order-payment').textContent();
    expect(due).toBe('à régler sur place');

    await dialog.getByTestId('take-payment').click();
    const panel = dialog.getByTestId('counter-payment');
    const dueText = (await panel.getByTestId('counter-due').textContent()) ?? '';
    const total = Number(/([\d\s  ]+,\d\d)/u.exec(dueText)![1]!.replace(/[\s  ]/gu, '').replace(',', '.'));
    const banknote = Math.ceil((total + 0.01) / 10) * 10;
    await panel.getByTestId('tender-cash').fill(String(banknote).replace('.', ','));
    await expect(panel.getByTestId('counter-change')).toHaveText(`À rendre : ${euros(banknote - total)}`);
    if (width !== 768) await shot(page, `encaisser-${width}`);

    await panel.getByTestId('counter-confirm').click();
    await expect(dialog.getByTestId('paid-notice')).toHaveText(`Encaissée. Monnaie à rendre : ${euros(banknote - total)}.`);
    await expect(dialog.getByTestId('order-payment')).toHaveText(`payée — espèces ${euros(total)}`);
    await expect(dialog.getByTestId('order-payments')).toContainText(`${euros(banknote)} reçus`);
    await expect(dialog.getByTestId('take-payment')).toBeHidden();
    await shot(page, `encaissee-${width}`);
    await context.close();
  });
}

test('vouchers above their cap are refused with what was typed kept; a mistaken card payment is reversed', async ({ browser }) => {
  const orderId = await placeCashOrder(base, server.now, 7);
  const context = await browser.newContext({ baseURL: base, viewport: { width: 768, height: 1000 } });
  const page = await context.newPage();
  await signInStaff(page, base);
  await page.goto('/restaurant/commandes');
  await expect(page.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');
  const dialog = await openOrder(page, orderId);
  await dialog.getByTestId('take-payment').click();
  const panel = dialog.getByTestId('counter-payment');
  await panel.getByTestId('tender-meal_voucher_paper').fill('26');
  await expect(panel.getByTestId('counter-problem')).toContainText('Les titres-restaurant ne peuvent payer que');
  await expect(panel.getByTestId('counter-confirm')).toBeDisabled();
  await expect(panel.getByTestId('tender-meal_voucher_paper')).toHaveValue('26');

  await panel.getByRole('button', { name: 'Tout par carte' }).click();
  await panel.getByTestId('counter-confirm').click();
  await expect(dialog.getByTestId('order-payment')).toHaveText(/^payée — carte \(TPE\) /);
  await dialog.getByRole('button', { name: 'Annuler ce paiement' }).click();
  await dialog.getByRole('button', { name: 'Confirmer l’annulation du paiement' }).click();
  await expect(dialog.getByTestId('order-payment')).toHaveText('à régler sur place');
  await expect(dialog.getByTestId('order-payments')).toContainText('Annulé par contre-écriture');
  await expect(dialog.getByTestId('take-payment')).toBeVisible();
  await context.close();
});
