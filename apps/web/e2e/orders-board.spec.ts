import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures.ts';
import { collectConsoleErrors, freezeClock, open, visitorUserAgent } from './helpers.ts';
import { openEveryUnopenedOrder, placeCashOrder, placePaidCardOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { signInStaff, type StaffAccount } from './staff-helpers.ts';

/**
 * docs/decisions/019, 021 and 022, end to end on the real server (Tuesday 12:30 in Paris, frozen): the
 * board shows a customer's order within 1 s, ringing; staff accept it (+20 min), mark it ready,
 * then collected; a board cut from the network says so and shows every order placed meanwhile
 * within 5 s of coming back; two screens acting at once, one is told the order moved; the kitchen
 * ticket prints on 80 mm. Screenshots under /work/screens/board-ui/.
 */

const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
/** The ISO instant `minutes` after the server's frozen clock, as an accept action's `ready_at`. */
const readyAt = (minutes: number) => new Date(Date.parse(server.now) + minutes * 60_000).toISOString();
const shots = process.env.BOARD_SCREENS_DIR ?? '/work/screens/board-ui';

/** A browser context signed in as staff, with the board open and loaded (stream open: no banner). */
async function openBoard(browser: Browser, width = 1280): Promise<{ context: BrowserContext; board: Page; staff: StaffAccount; errors: string[] }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const board = await context.newPage();
  const staff = await signInStaff(board, base);
  // Aborted requests of a page going offline or closing are the browser's own words, not the board's.
  const errors = collectConsoleErrors(board, [/net::ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /EventSource/]);
  await board.goto('/restaurant/commandes');
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');
  await expect(board.getByTestId('connection-lost')).toBeHidden();
  return { context, board, staff, errors };
}

/** The card of order `orderId` on `board`. */
const card = (board: Page, orderId: number) => board.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`);

/** A customer orders through the storefront: pickup, cash (as e2e/order-pickup-cash.spec.ts). @returns the order's id and when the API answered (ms). */
async function customerOrders(page: Page): Promise<{ orderId: number; placedAt: number }> {
  await open(page, '/menu?product=105');
  await page.getByRole('dialog').getByRole('button', { name: 'Ajouter un' }).click();
  await page.getByRole('dialog').getByLabel('Une précision pour la cuisine ?').fill('Bien cuite');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await page.getByRole('complementary', { name: 'Panier' }).getByRole('link', { name: /Commander/ }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await page.locator('html[data-hydrated="true"]').waitFor();
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
  const created = page.waitForResponse((r) => r.url().endsWith('/v2/public/checkout') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  const response = await created;
  const placedAt = Date.now();
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { payload: { order_id: number } };
  return { orderId: body.payload.order_id, placedAt };
}

/** POST an action as `staff`, from the test (to fill the board's columns for the screenshots). */
async function act(staff: StaffAccount, orderId: number, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${base}/v2/restaurant/orders/${orderId}/actions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: staff.cookie, Origin: base },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

test('a customer’s order appears on the board without reloading, with its details, and rings until it is opened', async ({ browser }) => {
  const { context, board, staff, errors } = await openBoard(browser);
  // Orders earlier specs placed on this shared server are opened first: the ringing heard below is this order's.
  await openEveryUnopenedOrder(board);
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-ringing', 'false');
  // On a fresh server (this spec alone), the board is empty yet.
  for (const width of [390, 768, 1280]) {
    await board.setViewportSize({ width, height: 900 });
    await shot(board, `board-empty-${width}`);
  }
  await board.getByRole('button', { name: 'Démarrer le service' }).click();
  await expect(board.getByTestId('service-started')).toBeVisible();

  // A visitor who already answered the cookie question (as playwright.config.ts's default context).
  const customerContext = await browser.newContext({
    baseURL: base,
    userAgent: visitorUserAgent,
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'cookie-consent', value: 'false' }] }] },
  });
  const customer = await customerContext.newPage();
  await freezeClock(customer, 'tuesday');
  const { orderId, placedAt } = await customerOrders(customer);

  // On the board without reloading, ringing by the real audio loop, counted in the title. The time it
  // takes is noted, not asserted (a busy machine is not a defect): bench/board.bench.ts measures it.
  await expect(card(board, orderId)).toBeVisible();
  test.info().annotations.push({ type: 'commande → tableau (ms)', description: String(Date.now() - placedAt) });
  await expect(board.getByTestId('column-new').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-ringing', 'true');
  await expect(board).toHaveTitle(/^\(\d+\) Commandes — /);
  await expect(card(board, orderId)).toContainText('dès que possible');
  await expect(card(board, orderId)).toContainText('Camille Durand');
  await expect(card(board, orderId)).toContainText('à régler sur place');
  await expect(card(board, orderId).getByTestId('order-phone')).toHaveAttribute('href', 'tel:+33612345678');
  await expect(card(board, orderId)).toContainText('« Bien cuite »');

  // Opened: /opened once, the ring stops (no other unopened order on this fresh board).
  const openedCalls: string[] = [];
  board.on('request', (r) => {
    if (r.url().endsWith(`/orders/${orderId}/opened`)) openedCalls.push(r.url());
  });
  await card(board, orderId).getByTestId('order-number').click();
  const dialog = board.getByTestId('order-dialog');
  await expect(dialog.getByTestId('dialog-order-number')).toHaveText(`n° ${orderId}`);
  await expect(card(board, orderId)).not.toContainText('Non ouverte');
  await shot(board, 'order-open-1280', false);

  await dialog.getByRole('button', { name: 'Fermer' }).click();
  expect(openedCalls).toHaveLength(1);
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-ringing', 'false');
  expect(errors).toEqual([]);
  // Taken to the end through the API, as the next test does on the board: later specs find no order left in « Nouvelles ».
  await act(staff, orderId, { action: 'accept', expected_status: 'pending', ready_at: readyAt(20) });
  await act(staff, orderId, { action: 'mark_ready', expected_status: 'accepted' });
  await act(staff, orderId, { action: 'complete', expected_status: 'ready' });
  await customerContext.close();
  await context.close();
});

// The order's life on the board is a test of its own, on an order placed through the API: in one test
// with the customer's checkout above, the scenario hit the 60 s limit with two CI runs sharing the
// machine (docs/decisions/014).
test('an order opened on the board: accepted +20 min, ready (a double click is one call), collected', async ({ browser }) => {
  const { context, board, errors } = await openBoard(browser);
  await openEveryUnopenedOrder(board);
  const orderId = await placeCashOrder(base, server.now, 5, { first_name: 'Camille', last_name: 'Durand' });
  await expect(card(board, orderId)).toBeVisible();
  await card(board, orderId).getByTestId('order-number').click();
  const dialog = board.getByTestId('order-dialog');
  await expect(dialog.getByTestId('dialog-order-number')).toHaveText(`n° ${orderId}`);

  // Accept +20 min: the server's clock is 12:30 in Paris.
  await dialog.getByRole('button', { name: 'Accepter' }).click();
  await shot(board, 'accept-dialog-1280', false);
  await dialog.getByRole('button', { name: /^\+20 min/ }).click();
  await expect(board.getByTestId('column-in_progress').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await expect(dialog.getByTestId('order-ready-at')).toHaveText('prête vers 12:50');

  // Prête, double-clicked: one call.
  const actionCalls: string[] = [];
  board.on('request', (r) => {
    if (r.url().endsWith(`/orders/${orderId}/actions`) && r.method() === 'POST') actionCalls.push(r.postData() ?? '');
  });
  await dialog.getByRole('button', { name: 'Prête', exact: true }).dblclick();
  await expect(board.getByTestId('column-ready').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  expect(actionCalls).toHaveLength(1);

  await dialog.getByRole('button', { name: 'Récupérée', exact: true }).click();
  await expect(board.getByTestId('column-done').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-ringing', 'false');
  expect(errors).toEqual([]);
  await context.close();
});

test('a next-day order offers its slot with its day, no minutes from now; times not of today carry their day, finished orders their date', async ({ browser }) => {
  const { context, board, staff } = await openBoard(browser);
  // Wednesday's lunch, ordered on Tuesday at 12:30.
  const orderId = await placeCashOrder(base, server.now, 6, { first_name: 'Jules', last_name: 'Petit' }, undefined, { slot: { date: '2026-11-25', range: '12:30-12:45' } });
  await expect(card(board, orderId)).toContainText('le mercredi 25 novembre, 12:30–12:45');
  await card(board, orderId).getByTestId('order-number').click();
  const dialog = board.getByTestId('order-dialog');
  await dialog.getByRole('button', { name: 'Accepter' }).click();
  const panel = dialog.getByTestId('accept-panel');
  await expect(panel.getByRole('button', { name: 'Pour le créneau (demain 12:30)' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /min/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Pour le créneau (demain 12:30)' }).click();
  await expect(dialog.getByTestId('order-ready-at')).toHaveText('prête vers demain 12:30');
  await expect(card(board, orderId).getByTestId('order-ready-at')).toHaveText('prête vers demain 12:30');
  await dialog.getByRole('button', { name: 'Retarder' }).click();
  await expect(dialog.getByTestId('delay-panel').getByRole('button', { name: '+10 min (demain 12:40)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // A finished ASAP order says the day it was placed.
  const asap = await placeCashOrder(base, server.now, 8);
  await act(staff, asap, { action: 'accept', expected_status: 'pending', ready_at: readyAt(10) });
  await act(staff, asap, { action: 'mark_ready', expected_status: 'accepted' });
  await act(staff, asap, { action: 'complete', expected_status: 'ready' });
  await expect(board.getByTestId('column-done').locator(`[data-order-id="${asap}"]`).getByTestId('order-schedule')).toHaveText('dès que possible, le mardi 24 novembre');
  await act(staff, orderId, { action: 'mark_ready', expected_status: 'accepted' });
  await act(staff, orderId, { action: 'complete', expected_status: 'ready' });
  await context.close();
});

test('a board cut from the network says so, and shows every order placed meanwhile within 5 s of coming back', async ({ browser }) => {
  const { context, board } = await openBoard(browser);
  await context.setOffline(true);
  await expect(board.getByTestId('connection-lost')).toBeVisible({ timeout: 5_000 });
  await expect(board.getByTestId('connection-lost')).toContainText('Connexion perdue, reconnexion…');

  const placed: number[] = [];
  for (let i = 0; i < 3; i += 1) placed.push(await placeCashOrder(base, server.now, i + 1));
  // Still offline: still readable, still saying so.
  await expect(board.getByTestId('connection-lost')).toBeVisible();
  await expect(board.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');

  await context.setOffline(false);
  const back = Date.now();
  for (const orderId of placed) await expect(card(board, orderId)).toBeVisible({ timeout: Math.max(1, 5_000 - (Date.now() - back)) });
  await expect(board.getByTestId('connection-lost')).toBeHidden({ timeout: 5_000 });
  await context.close();
});

test('two screens accept the same order: one wins, the other is told and shows the order as it is now', async ({ browser }) => {
  const first = await openBoard(browser);
  const second = await openBoard(browser, 768);
  const orderId = await placeCashOrder(base, server.now, 7);
  for (const { board } of [first, second]) {
    await expect(card(board, orderId)).toBeVisible();
    await card(board, orderId).getByTestId('order-number').click();
    await board.getByTestId('order-dialog').getByRole('button', { name: 'Accepter' }).click();
  }
  await first.board.getByTestId('order-dialog').getByRole('button', { name: /^\+20 min/ }).click();
  await expect(first.board.getByTestId('column-in_progress').locator(`[data-order-id="${orderId}"]`)).toBeVisible();

  // The second screen still shows its accept choices (or has just seen the order move): it is refused with the French message.
  await second.board.getByTestId('order-dialog').getByRole('button', { name: /^\+10 min/ }).click();
  const refusal = second.board.getByTestId('action-error');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('La commande a changé sur un autre écran');
  await expect(second.board.getByTestId('order-dialog').getByTestId('order-ready-at')).toHaveText('prête vers 12:50');
  await expect(second.board.getByTestId('column-in_progress').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
  await first.context.close();
  await second.context.close();
});

test('refusing asks for a reason and a confirmation; « autre » needs words', async ({ browser }) => {
  const { context, board } = await openBoard(browser, 390);
  const orderId = await placeCashOrder(base, server.now, 4);
  await expect(board.getByTestId('tab-new')).toContainText('Nouvelles');
  await expect(card(board, orderId)).toBeVisible();
  await card(board, orderId).getByTestId('order-number').click();
  const dialog = board.getByTestId('order-dialog');
  await dialog.getByRole('button', { name: 'Refuser' }).click();
  await dialog.getByLabel('Autre').check();
  await dialog.getByRole('button', { name: 'Confirmer le refus' }).click();
  await expect(dialog.getByText('Précisez le motif.')).toBeVisible();
  await dialog.getByLabel('Précisez le motif').fill('Four en panne');
  await dialog.getByRole('button', { name: 'Confirmer le refus' }).click();
  await expect(dialog.getByTestId('order-reason')).toHaveText('Motif : Four en panne');
  await board.getByRole('button', { name: 'Fermer' }).click();
  await board.getByTestId('tab-done').click();
  await expect(board.getByTestId('column-done').locator(`[data-order-id="${orderId}"]`)).toContainText('Refusée');
  await context.close();
});

test('a refused card order whose refund the provider refuses says so, with « Relancer le remboursement »', async ({ browser }) => {
  const { context, board } = await openBoard(browser);
  const orderId = await placePaidCardOrder(base, server.now, '4000000000005126');
  await expect(card(board, orderId)).toContainText('payée par carte');
  await expect(card(board, orderId).getByTestId('order-test-mode')).toHaveText('mode test');
  await card(board, orderId).getByTestId('order-number').click();
  const dialog = board.getByTestId('order-dialog');
  await dialog.getByRole('button', { name: 'Refuser' }).click();
  await expect(dialog.getByText('La commande a été payée par carte : elle sera remboursée.')).toBeVisible();
  await dialog.getByLabel('Produit épuisé').check();
  await dialog.getByRole('button', { name: 'Confirmer le refus' }).click();
  await expect(dialog.getByTestId('order-reason')).toHaveText('Motif : Produit épuisé');
  // The refund is asked after the refusal's commit; its failure reaches the board by the stream or the 30 s full state.
  await expect(dialog.getByTestId('order-refund-failed')).toBeVisible({ timeout: 35_000 });
  const retried = board.waitForResponse((r) => r.url().endsWith(`/orders/${orderId}/refund`));
  await dialog.getByRole('button', { name: 'Relancer le remboursement' }).click();
  // The provider refuses this card's refunds every time: the retry answers 502 refund_failed, the order stays refused.
  expect((await retried).status()).toBe(502);
  await expect(dialog.getByTestId('order-refund-failed')).toBeVisible();
  await expect(dialog.getByTestId('order-reason')).toHaveText('Motif : Produit épuisé');
  await context.close();
});

test('the kitchen ticket prints on 80 mm from the board, and the board says it was printed', async ({ browser }) => {
  const { context, board } = await openBoard(browser);
  // A coupon on top of the weekday offer, and a note with a 60-letter word: the ticket explains the amount and keeps to its width.
  const longWord = 'Sansgluten'.repeat(6);
  const email = `ines.moreau.${Date.now().toString(36)}@example.fr`;
  const orderId = await placeCashOrder(base, server.now, 2, { first_name: 'Inès', last_name: 'Moreau' }, { code: 'BIENVENUE10', email }, { note: `Allergie ${longWord}` });
  await card(board, orderId).getByTestId('order-number').click();
  const dialog = board.getByTestId('order-dialog');
  // The panel's amount, line by line: subtotal, the coupon with its code and its reduction, the total.
  const amounts = dialog.getByTestId('order-amounts');
  await expect(amounts).toBeVisible();
  await expect(amounts).toContainText('Sous-total');
  await expect(amounts.getByText(/^Code BIENVENUE10 \(/)).toBeVisible();
  await expect(amounts.locator('div', { hasText: 'Code BIENVENUE10' })).toContainText(/−\d+,\d{2}\s€/);
  await expect(amounts).toContainText('Total');
  await dialog.getByRole('button', { name: 'Accepter' }).click();
  await dialog.getByRole('button', { name: /^\+30 min/ }).click();
  const printed = board.waitForResponse((r) => r.url().endsWith(`/orders/${orderId}/ticket-printed`));
  await dialog.getByTestId('print-ticket').click();
  expect((await printed).status()).toBe(200);
  await expect(card(board, orderId).getByTestId('ticket-printed')).toHaveText('ticket imprimé');
  await expect(dialog.getByTestId('print-ticket')).toHaveText('Réimprimer');

  // The ticket page itself, as the printer gets it.
  const ticket = await context.newPage();
  await ticket.setViewportSize({ width: 302, height: 900 });
  await ticket.goto(`/restaurant/commandes/${orderId}/ticket`);
  await expect(ticket.getByTestId('kitchen-ticket')).toContainText(`n° ${orderId}`);
  await expect(ticket.getByTestId('kitchen-ticket')).toContainText('Inès Moreau');
  await expect(ticket.getByTestId('kitchen-ticket')).toContainText('Prête vers 13:00');
  await expect(ticket.getByTestId('kitchen-ticket')).toContainText('à régler sur place');
  const ticketAmounts = ticket.getByTestId('ticket-amounts');
  await expect(ticketAmounts).toContainText('Sous-total');
  await expect(ticketAmounts.getByText(/^Code BIENVENUE10 \(/)).toBeVisible();
  await expect(ticketAmounts.locator('div', { hasText: 'Code BIENVENUE10' })).toContainText(/−\d+,\d{2}\s€/);
  // The figures add up: subtotal − reductions = total (a pickup order, prices including tax).
  const figures = (await ticketAmounts.locator('dd').allTextContents()).map((text) => (text.startsWith('−') ? -1 : 1) * Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
  const total = figures.pop() ?? 0;
  expect(Math.round(figures.reduce((a, b) => a + b, 0) * 100)).toBe(Math.round(total * 100));
  // The long word wraps inside the ticket's 72 mm: nothing runs past its right edge.
  const note = ticket.getByTestId('kitchen-ticket').getByText(longWord);
  await expect(note).toBeVisible();
  const overflow = await ticket.getByTestId('kitchen-ticket').evaluate((box) => {
    const right = box.getBoundingClientRect().right;
    const range = document.createRange();
    range.selectNodeContents(box);
    const rects = [...range.getClientRects()].map((r) => r.right);
    return { scroll: box.scrollWidth - box.clientWidth, beyond: Math.max(...rects) - right };
  });
  expect(overflow.scroll).toBeLessThanOrEqual(0);
  expect(overflow.beyond).toBeLessThanOrEqual(0.5);
  await shot(ticket, 'ticket-screen');
  await ticket.emulateMedia({ media: 'print' });
  await shot(ticket, 'ticket-print-preview');
  const pdf = await ticket.pdf({ preferCSSPageSize: true, printBackground: true, path: `${shots}/ticket.pdf` });
  expect(pdf.byteLength).toBeGreaterThan(1_000);
  await context.close();
});

test('screenshots of a busy board at 390, 768 and 1280 px', async ({ browser }) => {
  const { context, board, staff } = await openBoard(browser);
  // 12 orders over the four columns.
  const ids: number[] = [];
  for (let i = 0; i < 12; i += 1) ids.push(await placeCashOrder(base, server.now, i, { first_name: ['Léa', 'Hugo', 'Chloé', 'Nathan'][i % 4] ?? 'Léa', last_name: 'Martin' }));
  for (const [index, orderId] of ids.entries()) {
    if (index < 3) continue; // Nouvelles
    await act(staff, orderId, { action: 'accept', expected_status: 'pending', ready_at: readyAt(10 + index) });
    if (index < 6) continue; // En préparation
    await act(staff, orderId, { action: 'mark_ready', expected_status: 'accepted' });
    if (index < 9) continue; // Prêtes
    if (index === 11) await act(staff, orderId, { action: 'cancel', expected_status: 'ready', reason: 'too_many_orders' });
    else await act(staff, orderId, { action: 'complete', expected_status: 'ready' });
  }
  for (const orderId of ids) await expect(card(board, orderId)).toBeVisible();
  await shot(board, 'board-busy-1280');
  for (const width of [768, 390]) {
    await board.setViewportSize({ width, height: 900 });
    await shot(board, `board-busy-${width}`);
  }
  await card(board, ids[0] ?? 0)
    .getByTestId('order-number')
    .click();
  await shot(board, 'order-open-390', false);
  await board.getByTestId('order-dialog').getByRole('button', { name: 'Accepter' }).click();
  await shot(board, 'accept-dialog-390', false);
  await board.setViewportSize({ width: 768, height: 900 });
  await shot(board, 'accept-dialog-768', false);
  await context.close();
});
