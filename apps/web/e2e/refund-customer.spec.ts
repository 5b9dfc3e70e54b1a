import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { placePaidCardOrderWithSecret } from './board-orders.ts';
import { mailSink, servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * The customer's side of partial refunds (docs/decisions/035): a card order paid with the test
 * processor, partly refunded by staff from its page in the history; the customer's status page
 * (/suivi) lists the refund and « Remboursé : … sur … », and takes a second refund live; the
 * e-mails reach the mail sink. Then the provider refusing a refund: the French refusal on the staff
 * screen, the form keeping what was typed, nothing shown to the customer. Screenshots at 390, 768
 * and 1280 px under /work/screens/refund-mail (REFUND_MAIL_SCREENS_DIR), the e-mail's HTML too.
 */

const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
const shots = process.env.REFUND_MAIL_SCREENS_DIR ?? '/work/screens/refund-mail';
const customerEmail = 'paul.girard@example.fr';
/** The test processor's card whose refunds the bank refuses (packages/domain test cards). */
const refusingCard = '4000000000005126';

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

async function staffPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  await signInStaff(page, base, 'staff');
  return page;
}

async function customerPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'fr-FR' });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
  return context.newPage();
}

/** The refund e-mails of the order that reached the sink. */
async function refundMails(request: APIRequestContext, orderId: number) {
  const response = await request.get(`http://127.0.0.1:${mailSink.httpPort}/messages?to=${encodeURIComponent(customerEmail)}`);
  const mails = (await response.json()) as { subject: string; text: string; html: string }[];
  return mails.filter((mail) => mail.subject.endsWith(`sur votre commande n° ${orderId}`));
}

/** On the history page of the order: « Rembourser une partie », `fill` the form, « Continuer », « Rembourser ». */
async function refundFromHistory(page: Page, fill: (form: ReturnType<Page['getByTestId']>) => Promise<void>) {
  const panel = page.getByTestId('partial-refunds');
  await panel.getByRole('button', { name: 'Rembourser une partie' }).click();
  const form = panel.getByTestId('refund-form');
  await fill(form);
  await form.getByRole('button', { name: 'Continuer' }).click();
  await panel.getByTestId('refund-confirm').getByRole('button', { name: 'Rembourser', exact: true }).click();
}

test('a paid card order partly refunded by staff: the customer’s page shows it, live, and the e-mails are sent', async ({ browser, request }) => {
  const { orderId, secret } = await placePaidCardOrderWithSecret(base, server.now);
  const staff = await staffPage(browser, 1280);
  await staff.goto(`/restaurant/commandes/historique/${orderId}`);
  await staff.locator('html[data-hydrated="true"]').waitFor();
  const panel = staff.getByTestId('partial-refunds');

  // One unit of the first line, « Produit manquant » (the form's first reason).
  await refundFromHistory(staff, async (form) => {
    await form
      .getByRole('button', { name: /^Un de plus/ })
      .first()
      .click();
  });
  await expect(panel.getByTestId('refund-item').first()).toHaveAttribute('data-status', 'succeeded');
  const lineLabel = ((await panel.getByTestId('refund-item').first().textContent()) ?? '').trim();
  expect(lineLabel).toContain('Produit manquant');

  // The customer's page.
  const customer = await customerPage(browser, 390);
  const problems: string[] = [];
  customer.on('pageerror', (error) => problems.push(error.message));
  await customer.goto(`/suivi?commande=${secret}`);
  await customer.locator('html[data-hydrated="true"]').waitFor();
  const refunds = customer.getByTestId('tracking-refunds');
  await expect(refunds.getByTestId('tracking-refund-item')).toHaveCount(1);
  const first = refunds.getByTestId('tracking-refund-item').first();
  await expect(first).toContainText(/^Remboursement de \d+,\d\d\s€, le mardi 24 novembre à \d\d:\d\d/u);
  await expect(first).toContainText('Motif : Produit manquant');
  await expect(first).toContainText(/1 × .+ — \d+,\d\d/u);
  await expect(refunds.getByTestId('tracking-refunded')).toHaveText(/^Remboursé : \d+,\d\d\s€ sur \d+,\d\d\s€$/u);
  await expect(customer.getByTestId('tracking-title')).toHaveText('Commande reçue');

  // A second refund while the page is open: it comes live (the order's stream), no reload.
  await customer.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await refundFromHistory(staff, async (form) => {
    await form.getByText('Un montant').click();
    await form.getByLabel('Montant à rembourser (€)').fill('1,00');
    await form.getByText('Geste commercial').click();
  });
  await expect(panel.getByTestId('refund-item')).toHaveCount(2);
  await expect(refunds.getByTestId('tracking-refund-item')).toHaveCount(2, { timeout: 15_000 });
  await expect(refunds.getByTestId('tracking-refund-item').nth(1)).toContainText('1,00');
  await expect(refunds.getByTestId('tracking-refund-item').nth(1)).toContainText('Motif : Geste commercial');
  expect(await customer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  for (const width of [390, 768, 1280]) {
    await customer.setViewportSize({ width, height: 900 });
    await customer.screenshot({ path: join(shots, `tracking-partial-refunds-${width}.png`), fullPage: true });
    expect(await customer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
  expect(problems).toEqual([]);

  // The e-mails, one per refund, in the mail sink.
  await expect.poll(async () => (await refundMails(request, orderId)).length, { timeout: 15_000 }).toBe(2);
  const [perLine, byAmount] = (await refundMails(request, orderId)).sort((a, b) => Number(a.subject.includes('1,00')) - Number(b.subject.includes('1,00')));
  expect(perLine!.subject).toMatch(new RegExp(`^Remboursement de \\d+,\\d\\d\\s€ sur votre commande n° ${orderId}$`, 'u'));
  expect(perLine!.text).toContain('Raison : Produit manquant.');
  expect(perLine!.text).toContain('Articles remboursés :');
  expect(perLine!.text).toContain('Payé par carte :');
  expect(perLine!.text).toContain('Le montant apparaîtra sur votre carte d’ici quelques jours');
  expect(perLine!.text).toContain(`/suivi?commande=${secret}`);
  expect(byAmount!.subject).toBe(`Remboursement de 1,00\u00a0€ sur votre commande n° ${orderId}`);
  expect(byAmount!.text).toContain('Raison : Geste commercial.');
  expect(byAmount!.text).toContain('Remboursé en tout :');

  // The e-mail as a mail client shows its HTML.
  const mailPage = await customerPage(browser, 390);
  await mailPage.setContent(byAmount!.html);
  for (const width of [390, 768, 1280]) {
    await mailPage.setViewportSize({ width, height: 800 });
    await mailPage.screenshot({ path: join(shots, `mail-partial-refund-${width}.png`), fullPage: true });
  }
  await expect(mailPage.getByText(`Le restaurant vous a remboursé 1,00\u00a0€ sur votre commande n° ${orderId}.`)).toBeVisible();
});

test('the provider refuses a partial refund: the French refusal on the staff screen, the form keeps what was typed, nothing for the customer', async ({
  browser,
  request,
}) => {
  const { orderId, secret } = await placePaidCardOrderWithSecret(base, server.now, refusingCard);
  const staff = await staffPage(browser, 390);
  await staff.goto(`/restaurant/commandes/historique/${orderId}`);
  await staff.locator('html[data-hydrated="true"]').waitFor();
  const panel = staff.getByTestId('partial-refunds');
  await refundFromHistory(staff, async (form) => {
    await form.getByText('Un montant').click();
    await form.getByLabel('Montant à rembourser (€)').fill('2,50');
    await form.getByText('Autre', { exact: true }).click();
    await form.getByLabel('Précisez la raison').fill('Dessert oublié');
  });
  const error = panel.getByTestId('refund-error');
  await expect(error).toHaveText(/^Le prestataire de paiement a refusé le remboursement : .+ Rien n’a été remboursé ; vous pouvez réessayer\.$/u);
  await expect(panel.getByTestId('refund-item').first()).toHaveAttribute('data-status', 'failed');
  await expect(panel.getByTestId('refund-item').first()).toContainText('Refusé par le prestataire');
  await staff.screenshot({ path: join(shots, 'staff-refund-refused-390.png'), fullPage: true });
  // Back to the form: what was typed is still there.
  await panel.getByTestId('refund-confirm').getByRole('button', { name: 'Modifier' }).click();
  const form = panel.getByTestId('refund-form');
  await expect(form.getByLabel('Montant à rembourser (€)')).toHaveValue('2,50');
  await expect(form.getByLabel('Précisez la raison')).toHaveValue('Dessert oublié');
  await staff.screenshot({ path: join(shots, 'staff-refund-refused-form-390.png'), fullPage: true });

  // The customer sees no refund and gets no e-mail.
  const customer = await customerPage(browser, 390);
  await customer.goto(`/suivi?commande=${secret}`);
  await expect(customer.getByTestId('tracking-title')).toHaveText('Commande reçue');
  await expect(customer.getByTestId('tracking-refunds')).toHaveCount(0);
  expect(await refundMails(request, orderId)).toEqual([]);
});
