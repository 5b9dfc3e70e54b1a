import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { PDFParse } from 'pdf-parse';
import { collectConsoleErrors, freezeClock, open } from './helpers.ts';

/**
 * docs/decisions/011 and 013 end to end: a pickup + cash order, its receipt opened from /success, the
 * PDF downloaded and read back (docs/decisions/011-vat-per-line.md, 013-receipts.md).
 * Cart: Pizza Lyonnaise (15,00 €, 10 %, public −20 % = 3,00 €) and 2 × Bière blonde (4,50 €, 20 %).
 * VAT follows the goods: 10 % on 12,00 → 1,09 (10,91 HT); 20 % on 9,00 → 1,50 (7,50 HT); total 21,00.
 * (Spread over the rates as before, the beer's base would have been lowered to 7,88: 2,50 of tax.)
 */

test.beforeEach(async ({ page }) => freezeClock(page));

test('an order’s receipt: from /success to the page, then the PDF, with its number, lines and VAT per rate', async ({ page }) => {
  const consoleErrors = collectConsoleErrors(page);
  await open(page, '/menu?product=108');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await open(page, '/menu?product=128');
  const beer = page.getByRole('dialog');
  await beer.getByRole('button', { name: 'Ajouter un' }).click();
  await beer.getByRole('button', { name: /Ajouter ·/ }).click();
  await expect(beer).toBeHidden();
  const cart = page.getByRole('complementary', { name: 'Panier' });
  await expect(cart.getByTestId('total')).toHaveText(/21,00\s€/);
  await expect(cart.getByTestId('tax-1000')).toHaveText(/1,09\s€/);
  await expect(cart.getByTestId('tax-2000')).toHaveText(/1,50\s€/);

  await cart.getByRole('link', { name: /Commander/ }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByRole('navigation', { name: 'Étapes de la commande' }).getByRole('button')).toHaveCount(5);
  await page.getByRole('button', { name: /À emporter/ }).click();
  await expect(page).toHaveURL(/tab=personal/);
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Durand');
  await page.getByLabel('E-mail').fill('camille.durand@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await expect(page.getByLabel('Ne pas faire figurer mon nom sur le reçu')).not.toBeChecked();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/success\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  await page.getByTestId('receipt-link').click();
  await expect(page).toHaveURL(/\/recu\?commande=[0-9a-f]{32,}/);
  const number = (await page.getByTestId('receipt-number').textContent())?.replace('Reçu ', '') ?? '';
  expect(number).toMatch(/^R-\d{6}$/);
  await expect(page.getByText(`Commande n° ${orderId}`)).toBeVisible();
  await expect(page.getByText('Client : Camille Durand')).toBeVisible();
  await expect(page.getByTestId('receipt-line')).toHaveText([/1 × Pizza Lyonnaise\s*15,00\s€/, /2 × Bière blonde\s*9,00\s€/]);
  await expect(page.getByTestId('receipt-tax-10')).toHaveText(/1,09\s€/);
  await expect(page.getByTestId('receipt-tax-20')).toHaveText(/1,50\s€/);
  await expect(page.getByTestId('receipt-total-ht')).toHaveText(/18,41\s€/);
  await expect(page.getByTestId('receipt-total')).toHaveText(/21,00\s€/);
  await expect(page.getByText('SIRET : 000 000 000 00000 (démonstration)')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByTestId('receipt-pdf').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`recu-${number}.pdf`);
  const parser = new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  for (const expected of [
    `Reçu ${number}`,
    `Commande n° ${orderId}`,
    'Camille Durand',
    '1 × Pizza Lyonnaise',
    '2 × Bière blonde',
    'Réduction : -20 % sur la Pizza Lyonnaise',
    'TVA 10 % sur 10,91 € HT',
    '1,09 €',
    'TVA 20 % sur 7,50 € HT',
    '1,50 €',
    '18,41 €',
    'Total TTC',
    '21,00 €',
  ])
    expect(text).toContain(expected);
  expect(consoleErrors).toEqual([]);
});
