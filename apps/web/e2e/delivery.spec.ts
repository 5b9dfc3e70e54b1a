import { expect, test } from './fixtures.ts';
import { euros, freezeClock, open } from './helpers.ts';
import { OrderViewSchema } from '@resto/contract/orders';
import { payloadOf } from './api-answers.ts';

/** Delivery by zone (section 9): the order type changes the prices, the zone sets the fee, outside every zone is refused. */

test.beforeEach(async ({ page }) => freezeClock(page, 'sunday'));

test('a delivery order in a zone pays the zone fee, plus the flat charge under the minimum', async ({ page, request }) => {
  await open(page, '/menu?product=105');
  // The dish tells its delivery price before the type is chosen (price_delivery differs from price_pickup).
  const dialogPrice = page.getByRole('dialog').getByTestId('other-type-price');
  await expect(dialogPrice).toHaveText(/^\d+,\d\d\s€ en livraison$/);
  const announcedDelivery = euros(await dialogPrice.textContent());
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  const cart = page.getByRole('complementary', { name: 'Panier' });
  const pickupSubtotal = euros(await cart.getByTestId('subtotal').textContent());
  await expect(cart.getByTestId('cart-line').getByTestId('other-type-price')).toHaveText(/en livraison$/);

  await open(page, '/checkout');
  await page.getByRole('button', { name: /Livraison/ }).click();
  await expect(page).toHaveURL(/tab=personal/);
  const summary = page.getByRole('complementary', { name: 'Récapitulatif du panier' });
  const deliverySubtotal = euros(await summary.getByTestId('subtotal').textContent());
  expect(deliverySubtotal).toBeGreaterThan(pickupSubtotal); // price_delivery > price_pickup in the demo
  expect(deliverySubtotal).toBe(announcedDelivery);
  // Once delivered, the line says why its price changed: what it costs to take away.
  await expect(summary.getByTestId('other-type-price')).toHaveText(/à emporter$/);
  expect(euros(await summary.getByTestId('other-type-price').textContent())).toBe(pickupSubtotal);
  await expect(summary.getByTestId('delivery')).toHaveText('selon l’adresse');

  await page.getByLabel('Prénom').fill('Hugo');
  await page.getByLabel('Nom', { exact: true }).fill('Bernard');
  await page.getByLabel('E-mail').fill('hugo.bernard@example.fr');
  await page.getByLabel('Téléphone').fill('+33 6 11 22 33 44');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);

  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText("L'adresse est obligatoire.")).toBeVisible();
  await page.getByLabel('Adresse', { exact: true }).fill('5 place Bellecour');
  await page.getByLabel('Code postal').fill('75001');
  await page.getByLabel('Ville').fill('Paris');
  await page.getByRole('button', { name: 'Continuer' }).click();
  // Paris is 390 km away: over the 8 km of max_distance (section 5, the "too far" alert).
  await expect(page.getByRole('alert').getByText('L’adresse est trop éloignée du restaurant')).toBeVisible();
  await expect(page.getByText(/trop éloignée du restaurant \(3\d\d(,\d)? km ; nous livrons jusqu’à 8 km\)/)).toBeVisible();

  await page.getByLabel('Code postal').fill('69002');
  await page.getByLabel('Ville').fill('Lyon');
  // Under the zone's 15 € minimum: fee 1,50 € + flat charge 2,00 €.
  expect(deliverySubtotal).toBeLessThan(15);
  await expect(summary.getByTestId('delivery')).toHaveText(/3,50\s€/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  // The confirmation tab names each step as the customer chose it: « Livraison », never « Retrait ».
  const confirmation = page.getByRole('region', { name: 'Vérifiez et confirmez' });
  await expect(confirmation.getByText(/Livraison dès que possible : 5 place Bellecour, 69002 Lyon/)).toBeVisible();
  await expect(confirmation.getByText('Livraison', { exact: true })).toHaveCount(2); // the type chosen, and the heading of the address
  await expect(confirmation).not.toContainText('Retrait');
  const total = euros(await summary.getByTestId('total').textContent());
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page).toHaveURL(/\/success\?order=\d+/);

  const last = await page.evaluate(() => JSON.parse(localStorage.getItem('last-order') ?? 'null') as { order_id: number; local_id: string });
  const payload = await payloadOf(await request.get(`/v2/public/checkout/${last.order_id}?local_id=${last.local_id}`), OrderViewSchema);
  expect(payload.is_pickup).toBe(false);
  expect(payload.delivery).toBe(3.5);
  expect(payload.total).toBeCloseTo(total, 2);
});
