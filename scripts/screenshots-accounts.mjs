// Screenshots of the account pages (docs/decisions/006) at 390 px and 1280 px, into .screenshots/.
// Start a server first (outbox mode, so the code is read from its folder), e.g.:
//   PORT=3450 DATA_DIR=/tmp/acc-shots DEMO_HISTORY=0 CLOCK_NOW=2026-11-22T12:30:00+01:00 npm run serve
//   BASE=http://localhost:3450 OUTBOX=/tmp/acc-shots/outbox node scripts/screenshots-accounts.mjs
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://localhost:3450';
const outbox = process.env.OUTBOX ?? '/tmp/acc-shots/outbox';
const out = join(process.cwd(), '.screenshots');
mkdirSync(out, { recursive: true });

/** The code of the latest e-mail to `to` in the outbox folder (.eml, quoted-printable subject-safe). */
function codeFor(to) {
  const files = readdirSync(outbox).sort().reverse();
  for (const file of files) {
    const eml = readFileSync(join(outbox, file), 'utf8');
    if (eml.includes(to)) {
      const code = /^\s+(\d{6})\s*$/m.exec(eml)?.[1];
      if (code) return code;
    }
  }
  throw new Error(`no code for ${to}`);
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
for (const [label, width, height] of [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
]) {
  const page = await browser.newPage({ viewport: { width, height } });
  if (process.env.CLOCK_NOW) await page.clock.setFixedTime(new Date(process.env.CLOCK_NOW));
  page.on('pageerror', (e) => console.log(label, 'pageerror', e.message));
  const shot = (name) => page.screenshot({ path: `${out}/${label}-${name}.png`, fullPage: true });
  const open = async (path) => {
    await page.goto(base + path);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.waitForTimeout(300);
  };
  const email = `camille.${label}.${Date.now()}@example.fr`;
  for (const [name, path] of [
    ['auth', '/auth'],
    ['auth-login', '/auth/login'],
    ['auth-forgot', '/auth/forgot'],
    ['auth-signup', '/auth/signup'],
  ]) {
    await open(path);
    await shot(name);
  }
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.waitForTimeout(300);
  await shot('auth-signup-errors');
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Durand');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('Une soirée à Lyon 2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.waitForURL(/auth\/verify/);
  await page.waitForTimeout(800);
  await shot('auth-verify');
  await page.getByLabel('Code reçu par e-mail').fill(codeFor(email));
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await open('/menu?product=105');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await open('/checkout');
  await page.getByRole('button', { name: /À emporter/ }).click();
  await page.waitForURL(/tab=personal/);
  await page.waitForTimeout(300);
  await shot('checkout-personal-prefilled');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.waitForURL(/tab=payment/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await page.waitForURL(/success/);
  for (const [name, path] of [
    ['profile', '/profile'],
    ['profile-orders', '/profile/ViewOrders'],
    ['profile-account', '/profile/ViewAccount'],
    ['profile-profile', '/profile/ViewProfile'],
    ['profile-security', '/profile/ViewSecurity'],
    ['profile-change-password', '/profile/ChangePassword'],
  ]) {
    await open(path);
    await page.waitForTimeout(500);
    await shot(name);
  }
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await page.waitForTimeout(300);
  await shot('profile-change-password-errors');
  await page.close();
}
await browser.close();
console.log('captures dans', out);
