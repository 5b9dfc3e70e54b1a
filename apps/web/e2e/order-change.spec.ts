import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { BoardOrder } from '@resto/contract/board';
import type { Menu } from '@resto/domain/catalogue';
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

/**
 * A delivery order of a restaurant whose fee is by distance tier, changed at its kept address: the
 * screen asks the distance of the stored position once and prices with it, as the server does
 * (docs/decisions/039), so the change is saved without prices_changed. On the back office's server
 * (its settings change; they are put back at the end).
 */
test('a delivery order priced by distance tier, changed at its kept address: the fee of its distance, saved without prices_changed', async ({ browser }) => {
  const office = `http://localhost:${servers.backOffice.port}`;
  const context = await browser.newContext({ baseURL: office, viewport: { width: 768, height: 1024 }, locale: 'fr-FR' });
  const staff = await context.newPage();
  await freezeClock(staff, 'backOffice');
  const owner = await signInStaff(staff, office, 'owner');
  const problems: string[] = [];
  staff.on('pageerror', (error) => problems.push(error.message));
  type Setting = { name: string; value: unknown; version: number };
  const settings = async () =>
    ((await (await fetch(`${office}/v2/restaurant/settings`, { headers: { Cookie: owner.cookie } })).json()) as { payload: Setting[] }).payload;
  const patch = async (changes: { name: string; value: unknown }[]) => {
    const now = await settings();
    const response = await fetch(`${office}/v2/restaurant/settings`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
      body: JSON.stringify({ changes: changes.map((c) => ({ ...c, expected_version: now.find((s) => s.name === c.name)?.version ?? 0 })) }),
    });
    expect(response.status, await response.text()).toBe(200);
  };
  const names = ['features.delivery.calculation_type', 'features.delivery.distance_fees', 'features.delivery.max_distance'];
  const before = await settings();
  // Tiers of a few hundred metres: an address's fee is 0 € only when its distance is unknown.
  const tiers = [
    { up_to: 0.5, fee: 1.5 },
    { up_to: 1, fee: 2.5 },
    { up_to: 2, fee: 3.5 },
    { up_to: 4, fee: 4.5 },
    { up_to: 40, fee: 6.5 },
  ];
  await patch([
    { name: 'features.delivery.calculation_type', value: 'distance' },
    { name: 'features.delivery.distance_fees', value: tiers },
    { name: 'features.delivery.max_distance', value: 0 },
  ]);
  try {
    // The order, placed through the public API at the server's own totals (its prices_changed answer gives them).
    const menus = ((await (await fetch(`${office}/v2/public/menus`)).json()) as { payload: Menu[] }).payload;
    const dish = menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_is_available && !i.options.some((o) => o.required))!;
    const order = {
      local_id: `change-e2e-${Date.now().toString(36)}`,
      items: [{ item_id: dish.item_id, item_menu_id: dish.item_menu_id, quantity: 2, note: '', options: [] }],
      free_items: [],
      is_pickup: false,
      is_scheduled: false,
      delivery_date: null,
      delivery_time_range: null,
      subtotal: 0,
      discount: 0,
      delivery: 0,
      tax: 0,
      total: 0,
      payment_method: 'cash',
      transaction_id: null,
      user_id: null,
      status: 'pending',
      customer: { first_name: 'Inès', last_name: 'Morel', email: 'ines.morel@example.fr', phone: '06 45 67 89 01' },
      location: { address: '8 rue Mercière', postal_code: '69002', city: 'Lyon', country: 'France', lat: 45.7626, lng: 4.8325 },
      date: new Date(servers.backOffice.now).toISOString(),
    };
    const post = (body: unknown) =>
      fetch(`${office}/v2/public/checkout/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const repriced = (await (await post(order)).json()) as {
      code: string;
      payload: { subtotal: number; discount: number; delivery: number; tax: number; total: number };
    };
    expect(repriced.code).toBe('prices_changed');
    const { subtotal, discount, delivery, tax, total } = repriced.payload;
    expect(tiers.map((t) => t.fee)).toContain(delivery);
    const placed = await post({ ...order, subtotal, discount, delivery, tax, total });
    expect(placed.status).toBe(201);
    const { order_id: orderId } = ((await placed.json()) as { payload: { order_id: number } }).payload;

    // The change screen, from the board's dialog: the kept address, its distance asked once, the fee of its tier.
    await staff.goto('/restaurant/commandes');
    await expect(staff.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');
    await staff.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`).click();
    await staff.getByTestId('order-dialog').getByTestId('change-order').click();
    await expect(staff.getByRole('heading', { name: `Modifier la commande n° ${orderId}` })).toBeVisible();
    await expect(staff.getByTestId('phone-kept-distance')).toHaveCount(0);
    await expect(staff.getByTestId('phone-delivery-fee')).toContainText(`${delivery.toFixed(2).replace('.', ',')}`);
    await expect(staff.locator('#phone-street')).toHaveValue('8 rue Mercière');
    await staff.getByRole('button', { name: `Un ${dish.item_name} de plus` }).click();
    await expect(staff.getByLabel(`Quantité de ${dish.item_name}`)).toHaveText('3');
    await staff.screenshot({ path: join(shots, 'change-kept-address-768.png'), fullPage: true });
    expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await staff.getByTestId('phone-submit').click();
    await expect(staff.getByTestId('order-changed')).toContainText(`Commande n° ${orderId} modifiée.`);
    await expect(staff.getByTestId('phone-refusal')).toHaveCount(0);
    const changed = await fetch(`${office}/v2/restaurant/order-history/${orderId}`, { headers: { Cookie: owner.cookie } });
    const after = ((await changed.json()) as { payload: { order: BoardOrder } }).payload.order;
    expect(after).toMatchObject({ is_pickup: false, revision: 1, delivery });
    expect(after.location).toMatchObject({ address: '8 rue Mercière', lat: 45.7626, lng: 4.8325 });
    expect(problems).toEqual([]);
  } finally {
    const now = await settings();
    const response = await fetch(`${office}/v2/restaurant/settings`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
      body: JSON.stringify({
        changes: names
          .map((name) => ({ name, value: before.find((s) => s.name === name)?.value, expected_version: now.find((s) => s.name === name)?.version ?? 0 }))
          .filter((c) => c.value !== undefined),
      }),
    });
    expect(response.status, await response.text()).toBe(200);
    await context.close();
  }
});
