import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';

test.describe('offline (spec section 1: installable, offline-capable)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit the menu stays browsable offline; a page never visited falls back to /offline', async ({ page, context }) => {
    await open(page, '/');
    // The worker installs (precaching every build file), takes control and keeps the home and the
    // menu for later. Polled with page.evaluate: waitForFunction does not await an async predicate
    // (a Promise is truthy), so it returned at once, while the worker was still installing, and
    // under load the install ate the 15 s of the next step (docs/decisions/027).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            if (registration?.active?.state !== 'activated' || !navigator.serviceWorker.controller) return false;
            return Boolean(await (await caches.open('pages')).match('/menu'));
          }),
        { timeout: 30_000, intervals: [250] },
      )
      .toBe(true);
    // One visit of the menu, once the worker answers this tab's navigations.
    await expect(async () => expect((await page.goto('/menu'))?.fromServiceWorker()).toBe(true)).toPass({ timeout: 15_000 });

    await context.setOffline(true);
    await expect(async () => {
      await page.goto('/menu');
      await expect(page.getByRole('heading', { level: 1, name: 'La carte' })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000, intervals: [1000] });
    await page.locator('html[data-hydrated="true"]').waitFor();
    // The scripts the menu ran offline, compared with the precache at the end.
    const loadedScripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/') && path.endsWith('.js')),
    );
    // Browsing: open a dish, read its price, close it.
    await page
      .getByRole('link', { name: /Pizza Margherita/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Pizza Margherita' })).toBeVisible();
    await expect(dialog.getByText('11,00 €').first()).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
    await expect(page).toHaveURL(/\/terms-of-service$/);

    // Checkout is never served from a cache, even once visited.
    await context.setOffline(false);
    await open(page, '/checkout');
    await context.setOffline(true);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.filter((url) => /^\/(fr\/)?checkout|^\/v2\/public\/checkout/.test(url))).toEqual([]);
    expect(cached).toContain('/offline');
    // The precache holds every script the menu loaded, and none of the staff area's route chunks
    // (docs/decisions/027: a customer's first visit does not download the back office).
    expect(loadedScripts.length).toBeGreaterThan(0);
    expect(loadedScripts.filter((path) => !cached.includes(path))).toEqual([]);
    expect(cached.filter((path) => /^\/assets\/(restaurant-|staff-shell-)/.test(path))).toEqual([]);
  });
});
