import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';
import { freezeClock } from './helpers.ts';

/**
 * A phone order (docs/decisions/036-phone-orders.md), end to end on the real server (Tuesday 12:30
 * in Paris, frozen): on a tablet (768 px), with the keyboard only, staff enter a three-line order
 * for a customer who calls, pickup « dès que possible », paid at the counter; it arrives on the
 * board accepted with « Téléphone », and « Encaisser » takes its payment. The spec prints the
 * seconds and key presses the entry took. Screenshots of the screen at 390, 768 and 1280 px under
 * /work/screens/phone/.
 */
const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
const shots = process.env.PHONE_SCREENS_DIR ?? '/work/screens/phone';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test('a three-line phone order on a tablet, keyboard only, then paid at the counter', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 768, height: 1024 } });
  const page = await context.newPage();
  await freezeClock(page, 'tuesday');
  await signInStaff(page, base);
  await page.goto('/restaurant/commandes');
  await expect(page.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');

  let keys = 0;
  const press = async (key: string, times = 1) => {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      keys += 1;
    }
  };
  const type = async (text: string) => {
    await page.keyboard.type(text);
    keys += [...text].length;
  };

  // From the board: « Nouvelle commande » reached by the keyboard (the link is focused, then Enter).
  await page.getByTestId('new-phone-order').focus();
  const started = Date.now();
  await press('Enter');
  await expect(page.getByTestId('phone-order')).toBeVisible();
  await expect(page.locator('#phone-first-name')).toBeFocused();

  // The customer: first name, last name, phone, no e-mail.
  await type('Louis');
  await press('Tab');
  await type('Martin');
  await press('Tab');
  await type('0698765432');
  await press('Tab'); // the e-mail, left empty
  await press('Tab'); // the search box
  await expect(page.locator('#phone-search')).toBeFocused();

  // Line 1: a burger, its required options (cooking, side) and a note.
  await type('burger cl');
  await press('Enter');
  const options = page.getByTestId('phone-options');
  await expect(options).toBeVisible();
  await press('Space'); // « Saignant »: the first value, focused
  await press('Tab'); // the side dishes
  await press('Space'); // « Frites maison »
  await press('Tab'); // the note
  await type('sans oignons');
  await press('Enter');
  await expect(page.getByTestId('phone-cart')).toContainText('Burger Classique');
  await expect(page.locator('#phone-search')).toBeFocused();

  // Line 2: two Pizza Reine (optional supplements: Enter adds it as is).
  for (let i = 0; i < 2; i++) {
    await type('reine');
    await press('Enter');
    await expect(options).toBeVisible();
    await press('Enter');
    await expect(page.locator('#phone-search')).toBeFocused();
  }
  // Line 3: a dessert.
  await type('tiramisu');
  await press('Enter');
  if (await options.isVisible()) await press('Enter');
  await expect(page.getByTestId('phone-cart').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('phone-cart')).toContainText('2');

  // An empty search and Enter: on to the order type (pickup, already chosen), « dès que possible », submit.
  await press('Enter');
  await expect(page.locator('input[name="order-type"]:checked')).toBeFocused();
  await shot(page, 'phone-order-filled-768');
  await press('Tab'); // « Dès que possible » (checked)
  await press('Tab'); // the payment: « Réglée au comptoir » (checked; docs/decisions/038 added the payment link beside it)
  await press('Tab'); // the submit button
  await expect(page.getByTestId('phone-submit')).toBeFocused();
  const total = (await page.getByTestId('phone-total').textContent())!;
  await press('Enter');
  await expect(page.getByTestId('phone-order-created')).toBeVisible();
  const seconds = (Date.now() - started) / 1000;
  const orderId = Number(/n° (\d+)/.exec((await page.getByTestId('phone-order-created').textContent())!)![1]);
  console.log(`Commande par téléphone (3 lignes, tablette 768 px, clavier seul) : ${seconds.toFixed(1)} s, ${keys} touches.`);
  await shot(page, 'phone-order-created-768');

  // On the board: accepted, « Téléphone », to be paid at the counter.
  await page.goto('/restaurant/commandes');
  const card = page.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`);
  await expect(card.getByTestId('order-source')).toHaveText('Téléphone');
  await card.click();
  const dialog = page.getByTestId('order-dialog');
  await expect(dialog.getByTestId('order-source')).toHaveText('Téléphone');
  await expect(dialog.getByTestId('order-payment')).toHaveText('à régler sur place');
  await dialog.getByTestId('take-payment').click();
  const panel = dialog.getByTestId('counter-payment');
  await panel.getByTestId('tender-cash').fill(total.replace(/[^\d,]/g, ''));
  await panel.getByTestId('counter-confirm').click();
  await expect(dialog.getByTestId('order-payment')).toHaveText(`payée — espèces ${total}`);
  await context.close();
});

for (const width of [390, 768, 1280]) {
  test(`the phone order screen at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await freezeClock(page, 'tuesday');
    await signInStaff(page, base);
    await page.goto('/restaurant/commandes/nouvelle');
    await expect(page.getByTestId('phone-order')).toBeVisible();
    // Enter in the search before hydration would submit the form natively (a reload).
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.locator('#phone-search').fill('pizza');
    await page.locator('#phone-search').press('Enter');
    await expect(page.getByTestId('phone-options')).toBeVisible();
    await page.getByTestId('phone-options-add').click();
    await expect(page.getByTestId('phone-cart').locator('li')).toHaveCount(1);
    await page.getByText('Livraison', { exact: true }).first().click();
    await expect(page.getByTestId('phone-delivery')).toBeVisible();
    await shot(page, `phone-order-${width}`);
    await context.close();
  });
}

test('typed before the page is hydrated (a slow tablet): the customer typed is the one sent', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 768, height: 1024 } });
  const page = await context.newPage();
  await freezeClock(page, 'tuesday');
  await signInStaff(page, base);
  // The scripts held back until the fields are filled: the page is the server's HTML meanwhile.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/u, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/restaurant/commandes/nouvelle', { waitUntil: 'domcontentloaded' });
  await expect(page.getByTestId('phone-order')).toBeVisible();
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
  await page.locator('#phone-first-name').fill('Marie');
  await page.locator('#phone-last-name').fill('Dupont');
  await page.locator('#phone-phone').fill('06 12 34 56 78');
  release();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('#phone-search').fill('tiramisu');
  await page.locator('#phone-search').press('Enter');
  if (await page.getByTestId('phone-options').isVisible()) await page.getByTestId('phone-options-add').click();
  await expect(page.getByTestId('phone-cart').locator('li')).toHaveCount(1);
  await page.getByTestId('phone-submit').click();
  const created = page.getByTestId('phone-order-created');
  await expect(created).toBeVisible();
  const orderId = Number(/n° (\d+)/u.exec((await created.textContent())!)![1]);
  await page.goto('/restaurant/commandes');
  await expect(page.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`)).toContainText('Marie');
  await context.close();
});
