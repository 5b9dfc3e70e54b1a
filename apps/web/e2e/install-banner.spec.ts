import { expect, test, type Page } from './fixtures.ts';
import { paintedOnTop, pauseClockAt, personalToPayment, savedLocation } from './helpers.ts';

/** Chromium's install prompt, as a page sees it; `outcome` is what the visitor answers. */
async function offerInstallPrompt(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed') {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    let resolveChoice: (value: { outcome: string }) => void = () => {};
    const userChoice = new Promise<{ outcome: string }>((resolve) => (resolveChoice = resolve));
    Object.assign(event, { prompt: async () => resolveChoice({ outcome: answer }), userChoice });
    window.dispatchEvent(event);
  }, outcome);
}

async function start(page: Page, storage: Record<string, string>) {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  await pauseClockAt(page, new Date('2026-11-22T12:30:00+01:00').getTime());
  await page.goto('/menu');
  await page.locator('html[data-hydrated="true"]').waitFor();
}

const banner = (page: Page) => page.getByRole('region', { name: 'Installer l’application' });

test.describe('install banner (spec section 4)', () => {
  // No service worker, so Chromium offers no real prompt of its own: the test decides when one exists.
  test.use({ serviceWorkers: 'block' });

  test('consent, saved address and a prompt: checked at 2 s, shown 1.5 s later; "Plus tard" hides it for good', async ({ page }) => {
    await start(page, { 'cookie-consent': 'true', location: savedLocation });
    await offerInstallPrompt(page);
    await page.clock.runFor(3300);
    await expect(banner(page)).toBeHidden();
    await page.clock.runFor(400);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Installer maintenant' })).toBeVisible();
    await banner(page).getByRole('button', { name: 'Plus tard' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('vite-pwa:hide-install'))).toBe('true');

    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await offerInstallPrompt(page);
    await page.clock.runFor(16_000);
    await expect(banner(page)).toBeHidden();
  });

  test('"Installer maintenant" shows the loading label, then hides and remembers the installation', async ({ page }) => {
    await start(page, { 'cookie-consent': 'true', location: savedLocation });
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      let answer: (v: { outcome: string }) => void = () => {};
      (window as unknown as { answerInstall: () => void }).answerInstall = () => answer({ outcome: 'accepted' });
      Object.assign(event, { prompt: async () => {}, userChoice: new Promise((resolve) => (answer = resolve)) });
      window.dispatchEvent(event);
    });
    await page.clock.runFor(3600);
    await banner(page).getByRole('button', { name: 'Installer maintenant' }).click();
    await expect(banner(page).getByRole('button', { name: 'Installation...' })).toBeVisible();
    await page.evaluate(() => (window as unknown as { answerInstall: () => void }).answerInstall());
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => [localStorage.getItem('pwa-installed'), localStorage.getItem('vite-pwa:hide-install')])).toEqual(['true', 'true']);
  });

  for (const [label, storage] of [
    ['consent refused', { 'cookie-consent': 'false', location: savedLocation }],
    ['no saved location', { 'cookie-consent': 'true' }],
    ['a location without an address (pickup)', { 'cookie-consent': 'true', location: JSON.stringify({ is_pickup: true, _distance: { address: '' } }) }],
  ] as const) {
    test(`never shown with ${label}`, async ({ page }) => {
      await start(page, storage);
      await offerInstallPrompt(page);
      await page.clock.runFor(20_000);
      await expect(banner(page)).toBeHidden();
    });
  }

  test('a prompt arriving at 10 s is picked up by the polling; one arriving after 15 s is not', async ({ page }) => {
    await start(page, { 'cookie-consent': 'true', location: savedLocation });
    await page.clock.runFor(10_000);
    await expect(banner(page)).toBeHidden();
    await offerInstallPrompt(page);
    await page.clock.runFor(2600); // next check at 11 s, shown at 12.5 s
    await expect(banner(page)).toBeVisible();

    await page.evaluate(() => sessionStorage.removeItem('seeded'));
    await page.evaluate(() => localStorage.removeItem('vite-pwa:hide-install'));
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.clock.runFor(15_500);
    await offerInstallPrompt(page);
    await page.clock.runFor(5000);
    await expect(banner(page)).toBeHidden();
  });

  test('an installed app (standalone display) never shows it and is stored as pwa-installed', async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)' ? ({ ...original(query), matches: true } as MediaQueryList) : original(query);
    });
    await start(page, { 'cookie-consent': 'true', location: savedLocation });
    await offerInstallPrompt(page);
    await page.clock.runFor(5000);
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('pwa-installed'))).toBe('true');
  });
});

test.describe('iOS / Safari install guide (spec section 2)', () => {
  test.use({
    serviceWorkers: 'block',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('never over the checkout at 390 px: the payment choices and « Continuer » stay uncovered', async ({ page }) => {
    await start(page, { 'cookie-consent': 'true', location: savedLocation });
    await page.clock.runFor(3600);
    await expect(banner(page)).toBeVisible(); // due, on the menu

    await page.goto('/menu?product=105');
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Ajouter ·/ })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.goto('/checkout');
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('button', { name: /À emporter/ }).click();
    await page.clock.runFor(600);
    await expect(page).toHaveURL(/tab=personal/);
    await personalToPayment(page);
    // Long past the banner's 3.5 s: still not shown, and nothing covers what the visitor taps.
    await page.clock.runFor(5000);
    await expect(banner(page)).toBeHidden();
    expect(await paintedOnTop(page.getByLabel(/Paiement sur place/))).toBe(true);
    expect(await paintedOnTop(page.getByRole('button', { name: 'Continuer' }))).toBe(true);
  });

  test('an iPhone gets the banner, then the three French steps; "J\'ai compris" sets ios-pwa-prompt-shown', async ({ page }) => {
    await start(page, { 'cookie-consent': 'true', location: savedLocation });
    await page.clock.runFor(3600);
    await banner(page).getByRole('button', { name: 'Installer maintenant' }).click();
    const guide = page.getByRole('dialog', { name: 'Installer l’application' });
    await expect(guide).toBeVisible();
    const steps = guide.getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Partager');
    await expect(steps.nth(1)).toContainText('Sur l’écran d’accueil');
    await expect(steps.nth(1)).toContainText('Ajouter au Dock');
    await expect(steps.nth(2)).toContainText('Ajouter');
    await guide.getByRole('button', { name: "J'ai compris" }).click();
    await expect(guide).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('ios-pwa-prompt-shown'))).toBe('true');

    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.clock.runFor(16_000);
    await expect(banner(page)).toBeHidden();
  });
});
