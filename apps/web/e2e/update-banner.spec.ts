import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { servers } from './servers.ts';
import { startServerOnBuildCopy, type CopiedBuildServer } from './spawn-server.ts';

const webDir = fileURLToPath(new URL('..', import.meta.url));
let server: CopiedBuildServer;
// Its own server on a copied build, on a port no webServer of playwright.config.ts uses (+0..+2, +8, +9).
const port = servers.tuesday.port + 4;

/** Publishes a second build on the copied server: a new /builds/latest.json and its service worker. */
function deploySecondBuild(clientDir: string, id: string) {
  writeFileSync(join(clientDir, 'builds/latest.json'), JSON.stringify({ id, timestamp: Date.now() }));
  execFileSync(process.execPath, [join(webDir, 'scripts/generate-sw.mjs'), clientDir], { stdio: 'pipe' });
}

test.describe('new versions (spec section 4; docs/decisions/016, section 4.5)', () => {
  test.use({
    serviceWorkers: 'allow',
    storageState: { cookies: [], origins: [{ origin: `http://localhost:${port}`, localStorage: [{ name: 'cookie-consent', value: 'false' }] }] },
  });
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    server = await startServerOnBuildCopy(port);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a second build: the update banner appears, "Actualiser" activates the new worker and reloads; the next navigation loads the new version', async ({
    page,
  }) => {
    await page.goto(`${server.url}/`);
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated' && navigator.serviceWorker.controller !== null,
      undefined,
      {
        polling: 250,
        timeout: 30_000,
      },
    );
    const banner = page.getByRole('region', { name: 'Mise à jour disponible' });
    await expect(banner).toBeHidden();

    deploySecondBuild(server.clientDir, 'second-build');
    // Opening the page again makes the browser check /sw.js: the new worker installs and waits.
    await page.reload();
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner.getByText('Une nouvelle version est prête')).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Actualiser' }).click();
    await reloaded;
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(banner).toBeHidden();
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)));
      return urls.flat().filter((url) => url.includes('/builds/latest.json'));
    });
    expect(precached.some((url) => url.includes('second-build'))).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();

    // The page's code is still the first build's: /builds/latest.json says otherwise, so the next
    // navigation is a full load instead of a client-side one. The app marks <html> once its check
    // has read the new id: clicking before that would race the check (it failed so on a busy machine).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('html[data-new-version="true"]').waitFor({ timeout: 30_000 });
    // A document load fires 'load'; a client-side navigation does not.
    const fullLoad = page.waitForEvent('load', { timeout: 15_000 });
    await page.locator('header').getByRole('link', { name: 'La carte' }).click();
    await fullLoad;
    await expect(page).toHaveURL(/\/menu$/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false)).toBe(false);
  });
});
