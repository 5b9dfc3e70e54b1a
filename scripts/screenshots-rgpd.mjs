// Screenshots of docs/decisions/012 at phone and desktop widths, in Debian's Chromium:
// the payment tab with the meal-voucher option, the footer's "Gérer les cookies" and its dialog,
// and ViewAccount's "Télécharger mes données".
//   BASE=http://localhost:3950 CLOCK_NOW=<the server's> OUTBOX=<DATA_DIR>/outbox node scripts/screenshots-rgpd.mjs   → .screenshots/rgpd-*.png
// The server must run without SMTP_URL (the sign-up code is read from DATA_DIR/outbox): set
// OUTBOX=<DATA_DIR>/outbox.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://localhost:3950';
const outbox = process.env.OUTBOX;
const out = new URL('../.screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** An account signed up and verified through the API, its code read from the outbox. */
async function account() {
  const email = `ecran.${Date.now()}@example.fr`;
  const signup = await fetch(`${base}/v2/public/auth/signup/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ first_name: 'Inès', last_name: 'Moreau', phone: '06 44 55 66 77', email, password: 'Une tarte aux pralines 2026' }),
  });
  if (!signup.ok) throw new Error(`signup ${signup.status}`);
  let code;
  for (let i = 0; i < 50 && !code; i += 1) {
    await new Promise((r) => setTimeout(r, 200));
    for (const file of readdirSync(outbox)) {
      const text = readFileSync(join(outbox, file), 'utf8');
      if (text.includes(email)) code = /\b(\d{6})\b/.exec(text)?.[1];
    }
  }
  const verified = await fetch(`${base}/v2/public/auth/verify-otp/?otp=${code}&email=${encodeURIComponent(email)}`);
  return (await verified.json()).payload;
}

const session = await account();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
for (const [label, width, height] of [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
]) {
  const context = await browser.newContext({ viewport: { width, height }, userAgent });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'false'));
  const page = await context.newPage();
  // The browser's clock at the server's (CLOCK_NOW), so both price the same day.
  if (process.env.CLOCK_NOW) await page.clock.setFixedTime(new Date(process.env.CLOCK_NOW));
  page.on('pageerror', (e) => console.log(label, 'pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log(label, 'console', m.text()));

  // Footer link, then the dialog it opens.
  await page.goto(`${base}/menu`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Gérer les cookies' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}rgpd-${label}-footer.png` });
  await page.getByRole('button', { name: 'Gérer les cookies' }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}rgpd-${label}-cookie-dialog.png` });
  await page.getByRole('button', { name: 'Refuser' }).click();

  // A pizza and a beer, then the payment tab with vouchers chosen.
  for (const product of [105, 128]) {
    await page.goto(`${base}/menu?product=${product}`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: /Ajouter ·/ }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }
  await page.goto(`${base}/checkout`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: /À emporter/ }).click();
  await page.waitForURL(/tab=personal/);
  await page.getByLabel('Prénom').fill('Hugo');
  await page.getByLabel('Nom', { exact: true }).fill('Bernard');
  await page.getByLabel('E-mail').fill('hugo.bernard@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL(/tab=payment/);
  await page.getByLabel(/Titre-restaurant/).check();
  await page.getByTestId('meal-voucher-amounts').waitFor();
  await page.screenshot({ path: `${out}rgpd-${label}-payment-voucher.png`, fullPage: true });
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL(/tab=confirmation/);
  await page.screenshot({ path: `${out}rgpd-${label}-confirmation-voucher.png`, fullPage: true });

  // The account page's download button.
  await page.evaluate((auth) => localStorage.setItem('auth', JSON.stringify({ state: auth, version: 1 })), session);
  await page.goto(`${base}/profile/ViewAccount`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('button', { name: 'Télécharger mes données' }).waitFor();
  await page.screenshot({ path: `${out}rgpd-${label}-account-download.png`, fullPage: true });
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
