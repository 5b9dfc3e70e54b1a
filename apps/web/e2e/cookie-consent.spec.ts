import { expect, test } from './fixtures.ts';
import { pauseClockAt } from './helpers.ts';

const start = new Date('2026-11-22T12:30:00+01:00').getTime();

test.describe('cookie consent (spec section 2; docs/decisions/016, section 4.4)', () => {
  // A first visit: nothing answered yet.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('appears about 1 s after load, links to the policies, and "Accepter" stores true for good', async ({ page }) => {
    await pauseClockAt(page, start);
    await page.goto('/');
    await page.locator('html[data-hydrated="true"]').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Consentement aux cookies' });
    await page.clock.runFor(800);
    await expect(dialog).toBeHidden();
    await page.clock.runFor(300);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/privacy-policy');
    await expect(dialog.getByRole('link', { name: 'Politique cookies' })).toHaveAttribute('href', '/cookie-policy');
    // Escape does not dismiss it without an answer.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Accepter' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('true');

    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.clock.runFor(3000);
    await expect(dialog).toBeHidden();
  });

  test('"Refuser" is as easy and stores false; the cookie policy can reopen the choice', async ({ page }) => {
    await page.goto('/fr/menu');
    const dialog = page.getByRole('dialog', { name: 'Consentement aux cookies' });
    await dialog.getByRole('button', { name: 'Refuser' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('false');

    await page.goto('/fr/cookie-policy');
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(page.getByRole('cell', { name: 'cookie-consent' })).toBeVisible();
    await page.getByRole('button', { name: 'Modifier mon choix' }).click();
    await dialog.getByRole('button', { name: 'Accepter' }).click();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('true');
  });
});
