// Screenshots of the delivery screens (docs/decisions/005: location panel, slots, refusals) at phone and desktop widths.
// BASE=http://localhost:3350 CLOCK_NOW=2026-11-24T12:30:00+01:00 node scripts/screenshots-delivery.mjs
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:3350';
const out = new URL('../.screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [label, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]]) {
  const page = await browser.newPage({ viewport: { width, height }, timezoneId: 'America/New_York' });
  if (process.env.CLOCK_NOW) await page.clock.setFixedTime(new Date(process.env.CLOCK_NOW));
  page.on('pageerror', (e) => console.log(label, 'pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log(label, 'console', m.text()));
  const ready = () => page.locator('html[data-hydrated="true"]').waitFor();
  await page.goto(`${base}/menu?product=105`);
  await ready();
  await page.getByRole('dialog').getByRole('button', { name: /Ajouter ·/ }).click();
  await page.goto(`${base}/checkout`);
  await ready();
  await page.getByRole('button', { name: /Livraison/ }).click();
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('E-mail').fill('lea.martin@example.fr');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();
  const search = page.getByRole('combobox', { name: 'Rechercher votre adresse' });
  await search.fill('8 rue Mercière lyon');
  await page.getByRole('option').first().waitFor();
  await page.screenshot({ path: `${out}${label}-delivery-suggestions.png` });
  await search.press('Enter');
  await page.getByText(/Livraison 1,50/).waitFor();
  await page.getByRole('radio', { name: 'Planifier' }).check();
  await page.screenshot({ path: `${out}${label}-delivery-chosen.png`, fullPage: true });
  await page.waitForTimeout(1200);
  await search.fill('1 rue de Rivoli 75001 Paris');
  await page.getByRole('listbox', { name: 'Adresses proposées' }).getByRole('option').first().click();
  await page.getByRole('alert').first().waitFor();
  await page.screenshot({ path: `${out}${label}-delivery-too-far.png` });
  await page.close();
}
await browser.close();
