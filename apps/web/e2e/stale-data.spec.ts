import { expect, test, type Page } from './fixtures.ts';
import { open } from './helpers.ts';

const firstVisit = new Date('2026-11-22T12:30:00+01:00').getTime();
const hour = 3_600_000;

async function seedVisitorData(page: Page) {
  await page.evaluate(() => {
    localStorage.setItem('cart', JSON.stringify({ state: { lines: [] }, version: 1 }));
    localStorage.setItem('location', JSON.stringify({ is_pickup: true, _distance: { address: '' } }));
    sessionStorage.setItem('chunk-reload-log', '{}');
    document.cookie = 'visitor-note=1; path=/; max-age=3600';
  });
}

test.describe('stale data (spec section 4: 48 h)', () => {
  test('back after 49 h: local and session storage and cookies cleared, then a reload', async ({ page, context }) => {
    await page.clock.setFixedTime(firstVisit);
    await open(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('last-visit'))).toBe(String(firstVisit));
    await seedVisitorData(page);

    await page.clock.setFixedTime(firstVisit + 49 * hour);
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await page.reload();
    await reloaded; // the reload we asked for
    await page.waitForEvent('load', { timeout: 15_000 }); // the app's own reload, 0.5 s after clearing
    await page.locator('html[data-hydrated="true"]').waitFor();
    const left = await page.evaluate(() => ({
      cart: localStorage.getItem('cart'),
      location: localStorage.getItem('location'),
      consent: localStorage.getItem('cookie-consent'),
      lastVisit: localStorage.getItem('last-visit'),
      session: sessionStorage.getItem('chunk-reload-log'),
    }));
    expect(left.cart).toBeNull();
    expect(left.location).toBeNull();
    expect(left.consent).toBeNull();
    expect(left.session).toBeNull();
    expect(left.lastVisit).toBe(String(firstVisit + 49 * hour));
    expect((await context.cookies()).find((c) => c.name === 'visitor-note')).toBeUndefined();
  });

  test('back after 47 h: everything kept, the last visit refreshed', async ({ page }) => {
    await page.clock.setFixedTime(firstVisit);
    await open(page, '/');
    await seedVisitorData(page);
    await page.clock.setFixedTime(firstVisit + 47 * hour);
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('location'))).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('last-visit'))).toBe(String(firstVisit + 47 * hour));
  });

  test('start-up cleanup removes cache-, pwa- and workbox- keys but keeps pwa-installed', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(() => {
      for (const key of ['cache-old', 'pwa-prompt-state', 'workbox-expiration']) localStorage.setItem(key, 'x');
      localStorage.setItem('pwa-installed', 'true');
    });
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).not.toContain('cache-old');
    expect(keys).not.toContain('pwa-prompt-state');
    expect(keys).not.toContain('workbox-expiration');
    expect(keys).toContain('pwa-installed');
  });
});
