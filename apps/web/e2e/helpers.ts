import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SessionSchema } from '@resto/contract/auth';
import { payloadOf } from './api-answers.ts';
import { mailSink, servers } from './servers.ts';

/** Freezes the browser's clock to the instant the server runs at, so both price the same day. */
export async function freezeClock(page: Page, server: keyof typeof servers = 'sunday') {
  await page.clock.setFixedTime(new Date(servers[server].now));
}

/** Opens a page and waits until React has hydrated it and loaded the stored cart. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** '12,50 €' → 12.5 */
export const euros = (text: string | null) => Number((text ?? '').replace(/[^\d,-]/g, '').replace(',', '.'));

/** Collects console errors and page errors; a test expects this list to stay empty. */
export function collectConsoleErrors(page: Page, allowed: RegExp[] = []) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed.some((re) => re.test(message.text()))) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Headless Chromium says 'HeadlessChrome', which isbot counts as a crawler (and crawlers get no
 * error page, spec section 2): the tests browse as a visitor's Chrome; e2e/errors.spec.ts asks as Googlebot.
 */
export const visitorUserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** A location as the location panel stores it (docs/decisions/005), with a delivery address. */
export const savedLocation = JSON.stringify({
  is_pickup: false,
  query: '5 place Bellecour',
  _distance: { address: '5 place Bellecour, 69002 Lyon', city: 'Lyon', postal_code: '69002' },
});

/**
 * Installs Playwright's fake clock paused at `time`: only runFor() moves it afterwards, however
 * slow the machine is. The clock runs between install() and pauseAt(), so it is installed an hour
 * earlier: pausing at `time + 10` after installing at `time` failed with "Cannot fast-forward to
 * the past" when the two calls were more than 10 ms apart on a busy machine. Call before goto().
 */
export async function pauseClockAt(page: Page, time: number): Promise<void> {
  await page.clock.install({ time: time - 3_600_000 });
  await page.clock.pauseAt(time);
}

/** Waits (15 s at most) for an e-mail to `to` with this subject whose text matches `text`, in the SMTP sink (e2e/smtp-sink.ts). */
export async function expectMail(request: APIRequestContext, to: string, subject: string, text: RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`http://127.0.0.1:${mailSink.httpPort}/messages?to=${encodeURIComponent(to)}`)).json()) as {
          subject: string;
          text: string;
        }[];
        return mails.some((mail) => mail.subject === subject && text.test(mail.text));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * A confirmed account, made through the API as the sign-up form makes it: `POST
 * /v2/public/auth/signup/`, the 6-digit code read from the e-mail the SMTP sink received (15 s at
 * most), then `GET /v2/public/auth/verify-otp/`. Names and phone default to a plausible customer.
 * @returns the session the storefront keeps (token, user), parsed with the contract's schema.
 */
export async function signUpByApi(
  request: APIRequestContext,
  account: { email: string; password: string; first_name?: string; last_name?: string; phone?: string },
) {
  const signup = await request.post('/v2/public/auth/signup/', {
    data: { first_name: 'Inès', last_name: 'Moreau', phone: '06 44 55 66 77', ...account },
  });
  expect(signup.status()).toBe(200);
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`http://127.0.0.1:${mailSink.httpPort}/messages?to=${encodeURIComponent(account.email)}`)).json()) as {
          text: string;
        }[];
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  const verified = await request.get(`/v2/public/auth/verify-otp/?otp=${code}&email=${encodeURIComponent(account.email)}`);
  return payloadOf(verified, SessionSchema);
}

/** One Pizza Margherita (item 105) in the cart, then /checkout for pickup: on the personal tab. */
export async function margheritaForPickup(page: Page): Promise<void> {
  await open(page, '/menu?product=105');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await open(page, '/checkout');
  await page.getByRole('button', { name: /À emporter/ }).click();
  await expect(page).toHaveURL(/tab=personal/);
}

/** From the personal tab of a pickup order: Camille Durand's details, then the delivery tab as it is, to the payment tab. */
export async function personalToPayment(page: Page): Promise<void> {
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Durand');
  await page.getByLabel('E-mail').fill('camille.durand@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
}

/**
 * Whether the element painted on top at the centre of `target` is `target` (or inside it). A modal
 * dialog makes the page behind it ignore the pointer (`pointer-events: none` on the body), which
 * `elementFromPoint` skips: the probe turns the pointer on everywhere for its one read.
 */
export async function paintedOnTop(target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the element is not displayed');
  return target.evaluate(
    (element, point) => {
      const probe = document.createElement('style');
      probe.textContent = '* { pointer-events: auto !important; }';
      document.head.append(probe);
      try {
        const top = document.elementFromPoint(point.x, point.y);
        return top !== null && element.contains(top);
      } finally {
        probe.remove();
      }
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}
