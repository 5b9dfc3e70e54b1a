import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { CapacityViewSchema } from '@resto/contract/backoffice-capacity';
import type { Menu } from '@resto/domain/catalogue';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { capacityAnswers, capacityFields } from '@resto/copy/staff/capacity';
import { orderPayloadTotals } from '@resto/domain/checkout';
import type { Offer } from '@resto/domain/offers';
import { priceCart } from '@resto/domain/pricing';
import { collectConsoleErrors, freezeClock, open } from './helpers.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff, type StaffAccount } from './staff-helpers.ts';

/**
 * Capacity per 15-minute slot in the browser (docs/decisions/023), on the back office's server
 * (Tuesday 24 November 2026, 12:30 in Paris): the owner sets « 1 commande par créneau » for
 * pickup on a phone-size screen (a negative value refused on its field first, then a save based
 * on a stale version refused with the current value shown and the typed one kept); one order is
 * placed through the API in a far slot (Thursday 21:00–21:15); a customer's slot picker shows that
 * slot « complet » and will not take it. The limit is put back to what it was at the end.
 * SHOTS_DIR set: screenshots of the page and the picker at 390 and 1280 px.
 */

const base = `http://localhost:${servers.backOffice.port}`;
const now = servers.backOffice.now;
const day = '2026-11-26';
const range = '21:00-21:15';
const shots = process.env.SHOTS_DIR;

test.use({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, init);
  const body = (await response.json()) as { status: string; payload?: T; message?: string };
  if (!response.ok || body.payload === undefined) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body.message ?? ''}`);
  return body.payload;
}

/** Sets the pickup limit as the owner (with the version it reads). */
async function setPickupLimit(owner: StaffAccount, value: number | null) {
  const view = CapacityViewSchema.parse(await api('/v2/restaurant/capacity', { headers: { Cookie: owner.cookie } }));
  const name = 'capacity.pickup_max_orders';
  await api('/v2/restaurant/capacity', {
    method: 'PUT',
    headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ values: { [name]: value }, expected_versions: { [name]: view.versions[name] } }),
  });
}

/** A pickup cash order of one drink in the far slot (asap: « dès que possible »), priced as the storefront prices it. @returns its id. */
async function placeOrderInSlot(asap = false): Promise<number> {
  const [menus, settings, offers] = await Promise.all([
    api<Menu[]>('/v2/public/menus'),
    api<{ name: string; value: unknown }[]>('/v2/public/settings'),
    api<Offer[]>('/v2/public/offers'),
  ]);
  const item = menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === 126);
  if (!item) throw new Error('no item 126 in the demo menu');
  const { totals } = priceCart({ lines: [{ item, choices: [], quantity: 1 }], isPickup: true, settings, offers, coupon: null, now: new Date(now), delivery: null });
  const created = await api<{ order_id: number }>('/v2/public/checkout/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      local_id: `capacity-e2e-${randomBytes(10).toString('hex')}`,
      items: [{ item_id: item.item_id, item_menu_id: item.item_menu_id, quantity: 1, note: '', options: [] }],
      free_items: [],
      is_pickup: true,
      is_scheduled: !asap,
      delivery_date: asap ? null : day,
      delivery_time_range: asap ? null : range,
      ...orderPayloadTotals(totals),
      payment_method: 'cash',
      transaction_id: null,
      user_id: null,
      status: 'pending',
      customer: { first_name: 'Léa', last_name: 'Martin', email: 'lea.martin@example.fr', phone: '06 98 76 54 32' },
      location: null,
      date: new Date(now).toISOString(),
    }),
  });
  return created.order_id;
}

/** Refuses an order as the owner, so the board of the next spec starts clean. */
async function refuse(owner: StaffAccount, orderId: number) {
  await fetch(`${base}/v2/restaurant/orders/${orderId}/actions`, {
    method: 'POST',
    headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'reject', expected_status: 'pending', reason: 'too_many_orders' }),
  });
}

/** A visitor with a pizza in the cart, on the checkout's pickup time step. */
async function toPickupTime(page: Page) {
  await open(page, `${base}/menu?product=105`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await open(page, `${base}/checkout`);
  await page.getByRole('button', { name: /À emporter/ }).click();
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Durand');
  await page.getByLabel('E-mail').fill('camille.durand@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/capacity-${name}.png`, fullPage: true });
}

test('a full slot shows « complet » in the picker and cannot be chosen', async ({ page }) => {
  // The refused stale save is an expected 409 in the console.
  const errors = collectConsoleErrors(page, [/status of 409/]);
  const owner = await ownerSession(base);
  const before = CapacityViewSchema.parse(await api('/v2/restaurant/capacity', { headers: { Cookie: owner.cookie } })).values['capacity.pickup_max_orders'];
  let orderId: number | undefined;
  try {
    // The owner, on a phone: a negative limit is refused on its field, then 1 is saved.
    await page.setViewportSize({ width: 390, height: 844 });
    await freezeClock(page, 'backOffice');
    await signInStaff(page, base, 'owner');
    await open(page, `${base}/restaurant/capacite`);
    await expect(page.getByRole('heading', { name: 'Capacité', level: 1 })).toBeVisible();
    const pickup = page.getByRole('region', { name: 'À emporter' });
    const orders = pickup.getByLabel('Commandes par créneau');
    await orders.fill('-2');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(pickup.getByText(capacityFields.limitMin)).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Corrigez les champs signalés.');
    await expect(orders).toHaveValue('-2');
    await expect(orders).toHaveAttribute('aria-invalid', 'true');
    // Another owner sets 5 meanwhile: the save is refused (409), 1 stays typed, 5 is shown beside it.
    await setPickupLimit(owner, 5);
    await orders.fill('1');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('alert')).toHaveText(backOfficeShared.staleEdit);
    await expect(pickup.getByTestId('current-capacity.pickup_max_orders')).toHaveText('Valeur actuelle : 5');
    await expect(orders).toHaveValue('1');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Capacité enregistrée.' })).toBeVisible();
    await shot(page, 'page-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'page-1280');

    orderId = await placeOrderInSlot();

    // A customer's picker: Thursday 21:00–21:15 is « complet » and disabled, 21:15 is not.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await toPickupTime(page);
    await page.getByRole('radio', { name: 'Planifier' }).check();
    await page.getByLabel('Jour').selectOption({ label: 'jeudi 26 novembre' });
    const slot = page.getByLabel('Créneau');
    const full = slot.locator('option', { hasText: '21:00–21:15 (complet)' });
    await expect(full).toHaveCount(1);
    await expect(full).toBeDisabled();
    await expect(page.getByTestId('full-slots')).toHaveText('Complet : 21:00–21:15.');
    await expect(slot.locator('option', { hasText: /^21:15–21:30$/ })).toBeEnabled();
    await slot.selectOption({ label: '21:15–21:30' });
    await expect(slot).toHaveValue('21:15-21:30');
    await slot.scrollIntoViewIfNeeded();
    await shot(page, 'picker-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'picker-1280');
    expect(errors).toEqual([]);
  } finally {
    await setPickupLimit(owner, before);
    // The order placed for the test is refused, so the board of the next spec starts clean.
    if (orderId !== undefined) await refuse(owner, orderId);
  }
});

test('« dès que possible » full: the picker offers slots only and says why', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const owner = await ownerSession(base);
  const before = CapacityViewSchema.parse(await api('/v2/restaurant/capacity', { headers: { Cookie: owner.cookie } })).values['capacity.pickup_max_orders'];
  let orderId: number | undefined;
  try {
    await setPickupLimit(owner, 1);
    orderId = await placeOrderInSlot(true); // 12:30 + 20 min: the 12:45 slot
    await page.setViewportSize({ width: 390, height: 844 });
    await freezeClock(page, 'backOffice');
    await toPickupTime(page);
    await expect(page.getByRole('radio', { name: /Dès que possible/ })).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Planifier' })).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: capacityAnswers.asapFull })).toBeVisible();
    await expect(page.getByLabel('Créneau')).not.toHaveValue('');
    expect(errors).toEqual([]);
  } finally {
    await setPickupLimit(owner, before);
    if (orderId !== undefined) await refuse(owner, orderId);
  }
});
