// Screenshots of the app shell's pages and overlays at phone and desktop widths, in Debian's
/* global Event, navigator */
// Chromium: BASE=http://localhost:3600 node scripts/screenshots-shell.mjs  → .screenshots/shell-*.png
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://localhost:3600';
const out = new URL('../.screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
// Headless Chromium announces itself as 'HeadlessChrome', which isbot counts as a bot (bots get no error page).
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const location = JSON.stringify({ is_pickup: false, _distance: { address: '5 place Bellecour, 69002 Lyon' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
for (const [label, width, height] of [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
]) {
  const context = await browser.newContext({ viewport: { width, height }, userAgent });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(label, 'pageerror', e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(label, 'console', m.text());
  });
  await page.goto(base + '/');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}${label}-shell-cookie.png` });
  await page.getByRole('button', { name: 'Accepter' }).click();
  await page.screenshot({ path: `${out}${label}-shell-home.png` });
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}${label}-shell-home-scrolled.png` });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}${label}-shell-footer.png` });
  for (const path of ['terms-of-service', 'privacy-policy', 'cookie-policy', 'nope', 'checkout?tab=zzz']) {
    await page.goto(`${base}/${path}`);
    await page.screenshot({ path: `${out}${label}-shell-${path.replace(/\W/g, '_')}.png` });
  }
  await page.goto(base + '/offline');
  await page.screenshot({ path: `${out}${label}-shell-offline.png` });
  // Install banner: consent + saved address + a simulated install prompt.
  await page.evaluate((loc) => localStorage.setItem('location', loc), location);
  await page.goto(base + '/menu');
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt');
    Object.assign(event, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(event);
  });
  await page.getByRole('button', { name: 'Installer maintenant' }).waitFor({ timeout: 8000 });
  await page.screenshot({ path: `${out}${label}-shell-install.png` });
  await context.close();
  // iOS guide.
  const ios = await browser.newContext({
    viewport: { width, height },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  await ios.addInitScript((loc) => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem('location', loc);
  }, location);
  const iosPage = await ios.newPage();
  await iosPage.goto(base + '/');
  await iosPage.getByRole('button', { name: 'Installer maintenant' }).click({ timeout: 8000 });
  await iosPage.waitForTimeout(300);
  await iosPage.screenshot({ path: `${out}${label}-shell-ios-guide.png` });
  await ios.close();
}
// The "Oups…" page: the server fails while loading the next page's data.
{
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'false'));
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.route('**/*.data*', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Panne' }));
  await page.locator('header').getByRole('link', { name: 'La carte' }).click();
  await page.getByRole('heading', { name: 'Oups…' }).waitFor();
  await page.screenshot({ path: `${out}phone-shell-error.png` });
  await context.close();
}
// The update banner: with CLIENT_DIR (the served build/client), a second build is deployed into it
// (new latest.json and sw.js), then put back.
if (process.env.CLIENT_DIR) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { execFileSync } = await import('node:child_process');
  const latest = `${process.env.CLIENT_DIR}/builds/latest.json`;
  const original = readFileSync(latest, 'utf8');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'false'));
  const page = await context.newPage();
  await page.goto(base + '/menu');
  // The first worker controls the page once activated (clientsClaim). A sync predicate: waitForFunction does not await a Promise.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30000 });
  try {
    writeFileSync(latest, JSON.stringify({ id: 'capture', timestamp: Date.now() }));
    execFileSync(process.execPath, ['apps/web/scripts/generate-sw.mjs', process.env.CLIENT_DIR]);
    await page.reload();
    await page.getByRole('region', { name: 'Mise à jour disponible' }).waitFor({ timeout: 30000 });
    await page.screenshot({ path: `${out}phone-shell-update.png` });
  } finally {
    writeFileSync(latest, original);
    execFileSync(process.execPath, ['apps/web/scripts/generate-sw.mjs', process.env.CLIENT_DIR]);
  }
  await context.close();
}
await browser.close();
console.log('captures dans', out);
