import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { collectConsoleErrors, freezeClock, open, visitorUserAgent } from './helpers.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff } from './staff-helpers.ts';

/**
 * docs/decisions/023, end to end on the back office's server (Tuesday 24 November 2026, 12:30 in
 * Paris, frozen): the owner pauses ordering from the board on a phone; the storefront says so and
 * a customer's « dès que possible » checkout already on its last step is refused with the French
 * sentence, the slots after the pause still offered; « Reprendre »
 * ends the pause (and the pause is always ended, also when a step fails). Screenshots of the board's
 * pause banner and of /restaurant/horaires under /work/shots/.
 */

const server = servers.backOffice;
const base = `http://localhost:${server.port}`;
const shots = process.env.HOURS_SHOTS_DIR ?? '/work/shots';

/** Ends any pause and busy mode through the API (the owner's session): the next spec finds ordering open. */
async function resumeOrdering(): Promise<void> {
  const owner = await ownerSession(base);
  for (const action of ['resume', 'busy-off']) {
    const response = await fetch(`${base}/v2/restaurant/ordering/${action}`, { method: 'POST', headers: { Cookie: owner.cookie } });
    if (!response.ok) throw new Error(`${action} impossible : ${response.status}`);
  }
}

/** Pauses ordering for `minutes` through the API (the owner's session), as the board's buttons do. */
async function pauseThroughApi(minutes: number): Promise<void> {
  const owner = await ownerSession(base);
  const paused = await fetch(`${base}/v2/restaurant/ordering/pause`, {
    method: 'POST',
    headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ minutes }),
  });
  expect(paused.status).toBe(200);
}

/** Removes the 25 December closure this spec adds, through the API (the owner's session). */
async function removeExceptions(): Promise<void> {
  const owner = await ownerSession(base);
  const page = (await (await fetch(`${base}/v2/restaurant/hours`, { headers: { Cookie: owner.cookie } })).json()) as {
    payload: { exceptions: { id: number; date: string }[] };
  };
  for (const { id } of page.payload.exceptions.filter((e) => e.date === '2026-12-25'))
    await fetch(`${base}/v2/restaurant/exceptions/${id}`, { method: 'DELETE', headers: { Cookie: owner.cookie } });
}

/** A customer's cart (one Margherita) taken through checkout up to « Confirmer la commande », for pickup, as soon as possible. */
async function customerAtConfirmation(page: Page): Promise<void> {
  await open(page, '/menu?product=105');
  await page.getByRole('dialog').getByRole('button', { name: 'Ajouter un' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await open(page, '/checkout');
  await expect(async () => {
    await page.getByRole('button', { name: /À emporter/ }).click({ timeout: 1_000 });
    await expect(page).toHaveURL(/tab=personal/, { timeout: 1_000 });
  }).toPass();
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Durand');
  await page.getByLabel('E-mail').fill('camille.durand@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=confirmation/);
}

test.afterAll(async () => resumeOrdering());

test('the owner pauses ordering from the board on a phone; an ASAP checkout on its last step is refused in French, the cart kept, the slots after the pause offered', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  const customerContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, userAgent: visitorUserAgent, locale: 'fr-FR' });
  const boardContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  try {
    const customer = await customerContext.newPage();
    await freezeClock(customer, 'backOffice');
    const customerErrors = collectConsoleErrors(customer);
    await customerAtConfirmation(customer);

    const board = await boardContext.newPage();
    await signInStaff(board, base, 'owner');
    const boardErrors = collectConsoleErrors(board, [/Failed to load resource/, /EventSource/]);
    await board.goto('/restaurant/commandes');
    const controls = board.getByTestId('ordering-controls');
    await expect(controls).toHaveAttribute('data-loaded', 'true');
    await expect(controls).toHaveAttribute('data-paused', 'false');
    await controls.getByRole('button', { name: 'Pause' }).click();
    await expect(controls.getByRole('button', { name: 'Reste de la journée' })).toBeVisible();
    await board.screenshot({ path: `${shots}/hours-board-pause-choices-390.png` });
    await controls.getByRole('button', { name: '15 min' }).click();
    const banner = board.getByTestId('pause-banner');
    await expect(banner).toContainText('Commandes en pause jusqu’à 12:45');
    await expect(board.getByTestId('pause-countdown')).toHaveText(/^reprise dans (15:00|14:[0-5]\d)$/);
    await board.screenshot({ path: `${shots}/hours-board-pause-390.png`, fullPage: true });
    for (const width of [768, 1280]) {
      await board.setViewportSize({ width, height: 900 });
      await board.screenshot({ path: `${shots}/hours-board-pause-${width}.png`, fullPage: true });
    }

    // The customer's « dès que possible » order, confirmed after the pause: refused, in French, with
    // the time; the cart is kept and the delivery tab offers the slots after the pause (docs/decisions/023).
    const refused = customer.waitForResponse((r) => r.url().includes('/v2/public/checkout') && r.request().method() === 'POST');
    await customer.getByRole('button', { name: 'Confirmer la commande' }).click();
    expect((await refused).status()).toBe(422);
    await expect(customer.getByRole('alert').filter({ hasText: 'Le restaurant fait une pause jusqu’à 12:45 : choisissez un créneau.' })).toBeVisible();
    await expect(customer).toHaveURL(/tab=delivery/);
    await expect(customer.getByText('Le restaurant fait une pause jusqu’à 12:45 : choisissez un créneau', { exact: true })).toBeVisible();
    await expect(customer.getByRole('radio', { name: /Dès que possible/ })).toBeDisabled();
    await expect(customer.getByText('Aucun créneau n’est disponible', { exact: false })).toHaveCount(0);
    // Pickup lead time 20 min from 12:30: 13:00–13:15 is the first slot, after the pause, chosen for the visitor.
    await expect(customer.getByLabel('Jour', { exact: true })).toHaveValue('2026-11-24');
    await expect(customer.getByLabel('Créneau', { exact: true })).toHaveValue('13:00-13:15');
    await expect(customer.getByLabel('Créneau', { exact: true }).locator('option:not([disabled])')).toContainText(['Choisir un créneau', '13:00–13:15', '13:15–13:30']);
    await customer.screenshot({ path: `${shots}/hours-checkout-paused-390.png`, fullPage: true });

    expect(customerErrors.filter((e) => !/422/.test(e))).toEqual([]);
    expect(boardErrors).toEqual([]);
  } finally {
    await resumeOrdering();
    await customerContext.close();
    await boardContext.close();
  }
});

// The storefront's banners and a device past the pause: a test of their own, from a pause set
// through the API (with the board's pause above, the scenario took 44–55 s of its 60 s with two CI
// runs sharing the machine, docs/decisions/010).
test('a pause shows on /menu and the home page; a device whose clock is past its end hydrates without the banner', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  await pauseThroughApi(15);
  const customerContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, userAgent: visitorUserAgent, locale: 'fr-FR' });
  try {
    const customer = await customerContext.newPage();
    await freezeClock(customer, 'backOffice');
    const customerErrors = collectConsoleErrors(customer);
    // The storefront says so on the menu and the home page.
    await open(customer, '/menu');
    await expect(customer.getByTestId('paused-banner')).toContainText('Commandes en pause — reprise à 12:45');
    await customer.screenshot({ path: `${shots}/hours-storefront-paused-390.png` });
    await open(customer, '/');
    await expect(customer.getByTestId('paused-banner')).toContainText('Commandes en pause — reprise à 12:45');

    // A device whose clock is past the pause's end (12:50): the page hydrates with the server's
    // instant (no React #418 mismatch), then the banner goes by the device's clock.
    const laterContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, userAgent: visitorUserAgent, locale: 'fr-FR' });
    try {
      const later = await laterContext.newPage();
      await later.clock.setFixedTime(new Date('2026-11-24T12:50:00+01:00'));
      const laterErrors = collectConsoleErrors(later);
      const html = await (await later.request.get('/menu')).text();
      expect(html).toContain('data-testid="paused-banner"');
      await open(later, '/menu');
      await expect(later.getByTestId('paused-banner')).toHaveCount(0);
      expect(laterErrors).toEqual([]);
    } finally {
      await laterContext.close();
    }

    expect(customerErrors).toEqual([]);
  } finally {
    await resumeOrdering();
    await customerContext.close();
  }
});

// « Reprendre » and busy mode are a test of their own, from a pause set through the API: in one test
// with the pause above, the scenario took 52 s with two CI runs sharing the machine and went past
// the 60 s limit in 3 of 4 such runs (docs/decisions/014).
test('« Reprendre » on the board ends a pause, the storefront follows at its next navigation; busy mode +20 min, then stopped', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  await pauseThroughApi(15);
  const customerContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, userAgent: visitorUserAgent, locale: 'fr-FR' });
  const boardContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  try {
    const customer = await customerContext.newPage();
    await freezeClock(customer, 'backOffice');
    const customerErrors = collectConsoleErrors(customer);
    await open(customer, '/menu');
    await expect(customer.getByTestId('paused-banner')).toContainText('Commandes en pause — reprise à 12:45');

    const board = await boardContext.newPage();
    await signInStaff(board, base, 'owner');
    const boardErrors = collectConsoleErrors(board, [/Failed to load resource/, /EventSource/]);
    await board.goto('/restaurant/commandes');
    const controls = board.getByTestId('ordering-controls');
    await expect(controls).toHaveAttribute('data-paused', 'true');
    const banner = board.getByTestId('pause-banner');
    await expect(banner).toContainText('Commandes en pause jusqu’à 12:45');
    await banner.getByRole('button', { name: 'Reprendre' }).click();
    await expect(banner).toBeHidden();
    await expect(controls).toHaveAttribute('data-paused', 'false');
    await open(customer, '/menu');
    await expect(customer.getByTestId('paused-banner')).toHaveCount(0);

    // Busy mode from the board: +20 min for an hour, shown with its end, then stopped.
    await controls.getByRole('button', { name: 'Affluence' }).click();
    await controls.getByRole('button', { name: '+20 min' }).click();
    await expect(board.getByTestId('busy-banner')).toContainText('Affluence : +20 min jusqu’à 13:30');
    await board.screenshot({ path: `${shots}/hours-board-busy-390.png` });
    await board.getByTestId('busy-banner').getByRole('button', { name: 'Arrêter' }).click();
    await expect(board.getByTestId('busy-banner')).toBeHidden();
    expect(customerErrors).toEqual([]);
    expect(boardErrors).toEqual([]);
  } finally {
    await resumeOrdering();
    await customerContext.close();
    await boardContext.close();
  }
});

test('the owner’s Horaires page: a range ending before it starts is refused on the field, the typed hours kept', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await signInStaff(page, base, 'owner');
      const errors = collectConsoleErrors(page);
      await open(page, '/restaurant/horaires');
      await expect(page.getByRole('heading', { name: 'Horaires', level: 1 })).toBeVisible();
      const menu = page.getByTestId('menu-hours').first();
      await expect(menu.getByTestId('day-mon')).toContainText('Fermé');
      await page.screenshot({ path: `${shots}/hours-page-${width}.png`, fullPage: true });
      await page.screenshot({ path: `${shots}/hours-page-top-${width}.png` });
      if (width === 390) {
        // A backwards range on Monday: the French message on the field, nothing lost, nothing sent.
        await menu.getByRole('button', { name: 'Ajouter une plage (Ouverture, Lundi)' }).click();
        await menu.getByLabel('Ouverture, Lundi, plage 1, Début').fill('14:00');
        await menu.getByLabel('Ouverture, Lundi, plage 1, Fin').fill('12:00');
        await menu.getByRole('button', { name: 'Enregistrer les horaires' }).click();
        await expect(menu.getByRole('alert').filter({ hasText: 'L’heure de fin doit être après l’heure de début.' })).toBeVisible();
        await expect(menu.getByLabel('Ouverture, Lundi, plage 1, Début')).toHaveValue('14:00');
        await expect(menu.getByLabel('Ouverture, Lundi, plage 1, Fin')).toHaveAttribute('aria-invalid', 'true');
        await page.screenshot({ path: `${shots}/hours-page-error-390.png`, fullPage: true });
        // The exceptional day's message follows the date.
        await page.getByLabel('Date').fill('2026-12-25');
        await expect(page.getByLabel('Message affiché sur le site')).toHaveValue('Fermeture exceptionnelle le 25 décembre');
      } else {
        // An exceptional closure added, listed, then removed (beyond the horizon: no other spec sees it).
        const exceptions = page.getByTestId('exceptions');
        await exceptions.getByLabel('Date').fill('2026-12-25');
        await expect(exceptions.getByLabel('Message affiché sur le site')).toHaveValue('Fermeture exceptionnelle le 25 décembre');
        await exceptions.getByRole('button', { name: 'Ajouter le jour exceptionnel' }).click();
        await expect(exceptions.getByTestId('exception')).toContainText('vendredi 25 décembre');
        await page.screenshot({ path: `${shots}/hours-page-exception-${width}.png`, fullPage: true });
        await exceptions.getByRole('button', { name: 'Supprimer : vendredi 25 décembre' }).click();
        await expect(exceptions.getByTestId('exception')).toHaveCount(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await removeExceptions();
      await context.close();
    }
  }
});
