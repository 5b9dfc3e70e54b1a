// Screenshots of the card payment screens (docs/decisions/007: payment tab, test card form, 3-D Secure dialog, decline) at phone and desktop widths.
// Start a server first: PAYMENT_TEST_MODE=1 PORT=3650 DATA_DIR=/tmp/resto-pay CLOCK_NOW=2026-11-22T12:30:00+01:00 npm run serve
// BASE=http://localhost:3650 CLOCK_NOW=2026-11-22T12:30:00+01:00 node scripts/screenshots-payments.mjs
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:3650';
const out = new URL('../.screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [label, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]]) {
  const page = await browser.newPage({ viewport: { width, height } });
  if (process.env.CLOCK_NOW) await page.clock.setFixedTime(new Date(process.env.CLOCK_NOW));
  page.on('pageerror', (e) => console.log(label, 'pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log(label, 'console', m.text()));
  const ready = () => page.locator('html[data-hydrated="true"]').waitFor();
  await page.goto(`${base}/menu?product=105`);
  await ready();
  await page.getByRole('dialog').getByRole('button', { name: /Ajouter ·/ }).click();
  await page.goto(`${base}/checkout`);
  await ready();
  await page.getByRole('button', { name: /À emporter/ }).click();
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('E-mail').fill('lea.martin@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel(/Paiement sur place/).waitFor();
  await page.screenshot({ path: `${out}${label}-payment-cash.png`, fullPage: true });
  await page.getByLabel(/Carte bancaire en ligne/).check();
  await page.screenshot({ path: `${out}${label}-payment-card.png`, fullPage: true });
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Numéro de carte').waitFor();
  await page.getByRole('button', { name: /^Payer / }).click();
  await page.screenshot({ path: `${out}${label}-card-form-errors.png`, fullPage: true });
  await page.getByLabel('Numéro de carte').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiration (MM/AA)').fill('12/34');
  await page.getByLabel('Cryptogramme (CVC)').fill('123');
  await page.screenshot({ path: `${out}${label}-card-form.png`, fullPage: true });
  await page.getByRole('button', { name: /^Payer / }).click();
  await page.getByRole('alert').filter({ hasText: 'Le paiement a échoué' }).waitFor();
  await page.screenshot({ path: `${out}${label}-card-declined.png` });
  await page.getByLabel('Numéro de carte').fill('4000 0027 6000 3184');
  await page.getByRole('button', { name: /^Payer / }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}${label}-card-3ds.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Refuser' }).click();
  await page.close();
}
await browser.close();
