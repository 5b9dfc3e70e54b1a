// Screenshots of menu discovery (search, allergen filter, allergens in the dialog, popular, often with), phone and desktop.
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:3200';
const out = new URL('../.screenshots/', import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [label, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]]) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('pageerror', (e) => console.log(label, 'pageerror', e.message));
  await page.goto(base + '/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('heading', { name: 'Les plus populaires' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/${label}-home-popular.png` });
  await page.goto(base + '/menu');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByLabel('Rechercher un plat').fill('creme');
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${out}/${label}-search.png` });
  await page.getByLabel('Rechercher un plat').fill('');
  await page.getByText('Allergènes', { exact: true }).click();
  await page.getByLabel('Lait').check();
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${out}/${label}-allergen-filter.png` });
  await page.getByLabel('Lait').uncheck();
  await page.goto(base + '/menu?product=105');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.screenshot({ path: `${out}/${label}-product-allergens.png` });
  await page.getByRole('dialog').getByRole('button', { name: /Ajouter ·/ }).click();
  if (label === 'phone') { await page.getByRole('button', { name: /Voir le panier/ }).click(); }
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${label}-often-with.png` });
  await page.close();
}
await browser.close();
console.log('done');
