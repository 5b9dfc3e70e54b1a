import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { freezeClock } from './helpers.ts';
import { OwnServer } from './own-server.ts';
import { servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * A card payment link (docs/decisions/038-payment-links.md), end to end on a server of its own
 * (Tuesday 12:30 in Paris, frozen; the test payment processor): staff take a phone order with
 * « Lien de paiement par carte », the screen shows the SMS text to copy and that it was e-mailed;
 * on the board, « Envoyer un lien de paiement » gives the same link. The customer opens it on a
 * phone (390 px, a fresh browser), a declined card first (the form kept, an error in French), then
 * the test card: « Merci, votre commande est réglée » with the tracking link; the board, open all
 * along, shows the order paid by « carte en ligne » without a reload. Screenshots of the page at
 * 390, 768 and 1280 px and of the board's dialog under /work/screens/paylink/.
 */
const port = Number(process.env.E2E_PORT ?? 3300) + 20;
const base = `http://localhost:${port}`;
const shots = process.env.PAYLINK_SCREENS_DIR ?? '/work/screens/paylink';

let dataDir: string;
let own: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'resto-paylink-e2e-'));
  own = new OwnServer(port, dataDir);
  await own.start(servers.tuesday.now);
});
test.afterAll(async () => {
  await own?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** A fresh browser, as the customer's phone or computer: nothing shared with the staff's. */
async function customerPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width < 500 ? 844 : 900 },
    isMobile: width < 500,
    hasTouch: width < 500,
  });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
  const page = await context.newPage();
  await freezeClock(page, 'tuesday');
  return page;
}

test('a phone order paid by a card payment link: the text to copy, the customer pays on a phone, the board shows it paid', async ({ browser }) => {
  test.setTimeout(180_000);
  const staffContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await freezeClock(staff, 'tuesday');
  await signInStaff(staff, base);

  // The phone order: the customer, a pizza, « Lien de paiement par carte ».
  await staff.goto('/restaurant/commandes/nouvelle');
  await expect(staff.getByTestId('phone-order')).toBeVisible();
  // Typing before hydration is phone-order.spec's own case; here the screen is ready, as staff see it.
  await staff.locator('html[data-hydrated="true"]').waitFor();
  await staff.locator('#phone-first-name').fill('Marie');
  await staff.locator('#phone-last-name').fill('Dupont');
  await staff.locator('#phone-phone').fill('06 12 34 56 78');
  await staff.locator('#phone-email').fill('marie.dupont@example.fr');
  await staff.locator('#phone-search').fill('pizza');
  await staff.locator('#phone-search').press('Enter');
  await expect(staff.getByTestId('phone-options')).toBeVisible();
  await staff.getByTestId('phone-options-add').click();
  await expect(staff.getByTestId('phone-cart').locator('li')).toHaveCount(1);
  await staff.getByTestId('phone-pay-by-link').check();
  const total = (await staff.getByTestId('phone-total').textContent())!.trim();
  await staff.getByTestId('phone-submit').click();
  const created = staff.getByTestId('phone-order-created');
  // The order made, or the screen's refusal: which one, said by the failure.
  await expect(created.or(staff.getByTestId('phone-refusal')).first()).toBeVisible();
  expect(await staff.getByTestId('phone-refusal').allTextContents()).toEqual([]);
  await expect(created).toBeVisible();
  const orderId = Number(/n° (\d+)/.exec((await created.textContent())!)![1]);
  const text = created.getByTestId('payment-link-text');
  await expect(text).toHaveValue(
    new RegExp(
      `^Bonjour Marie, voici le lien pour régler votre commande n° ${orderId} \\(${total.replace(/\s/g, '\\s')}\\) : https?://\\S+/payer/[A-Za-z0-9_-]{32}$`,
    ),
  );
  await expect(created.getByTestId('payment-link-emailed')).toHaveText('Lien envoyé à marie.dupont@example.fr');
  const sms = await text.inputValue();
  const path = new URL(/https?:\/\/\S+$/.exec(sms)![0]).pathname;
  await shot(staff, 'phone-order-link-1280');

  // The board: unpaid, « Envoyer un lien de paiement » gives the same link.
  await staff.goto('/restaurant/commandes');
  const card = staff.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`);
  await card.getByTestId('order-number').click();
  const dialog = staff.getByTestId('order-dialog');
  await expect(dialog.getByTestId('order-payment')).toHaveText('à régler sur place');
  await dialog.getByTestId('send-payment-link').click();
  await expect(dialog.getByTestId('payment-link-text')).toHaveValue(sms);
  await dialog.getByTestId('payment-link-copy').click();
  await expect(dialog.getByTestId('payment-link-copy')).toContainText(/Copié|Copier/);
  await shot(staff, 'board-dialog-link-1280');

  // The page at 768 and 1280 px (another device of the customer), before paying.
  for (const width of [768, 1280]) {
    const page = await customerPage(browser, width);
    await page.goto(path);
    await expect(page.getByTestId('pay-link')).toHaveAttribute('data-state', 'payable');
    await expect(page.locator('#card-number')).toBeVisible();
    await shot(page, `pay-link-${width}`);
    await page.context().close();
  }

  // The customer's phone: the order, its lines and the amount due, the card form.
  const phone = await customerPage(browser, 390);
  await phone.goto(path);
  await phone.locator('html[data-hydrated="true"]').waitFor();
  await expect(phone.getByTestId('pay-link-order')).toHaveText(`Commande n° ${orderId}`);
  await expect(phone.getByTestId('pay-link-due')).toContainText(total);
  await expect(phone.getByTestId('pay-link')).toContainText('Pizza');
  await shot(phone, 'pay-link-390');
  // A declined card: a French error, the form as typed, another try possible.
  await phone.locator('#card-number').fill('4000 0000 0000 0002');
  await phone.locator('#card-expiry').fill('12/34');
  await phone.locator('#card-cvc').fill('123');
  await phone.getByTestId('pay-link-submit').click();
  await expect(phone.getByTestId('pay-link-error')).toHaveText('Le paiement a échoué, veuillez réessayer');
  await expect(phone.locator('#card-expiry')).toHaveValue('12/34');
  await shot(phone, 'pay-link-declined-390');
  await phone.locator('#card-number').fill('4242 4242 4242 4242');
  await phone.getByTestId('pay-link-submit').click();
  await expect(phone.getByTestId('pay-link-paid')).toContainText('Merci, votre commande est réglée');
  await expect(phone.getByTestId('pay-link-track')).toHaveAttribute('href', /^\/suivi\?commande=[0-9a-f]+$/);
  await shot(phone, 'pay-link-paid-390');

  // The board, never reloaded: paid by the online card.
  await expect(dialog.getByTestId('order-payment')).toHaveText(`payée — carte en ligne ${total}`, { timeout: 15_000 });
  await expect(dialog.getByTestId('send-payment-link')).toHaveCount(0);
  // Paid by a card, part of it can be refunded (on the link's payment): what is left is its total.
  await expect(dialog.getByTestId('refund-left')).toContainText(total);
  await shot(staff, 'board-dialog-paid-1280');

  // Opened again: already paid.
  await phone.reload();
  await expect(phone.getByTestId('pay-link')).toHaveAttribute('data-state', 'paid');
  await phone.context().close();
  await staffContext.close();
});
