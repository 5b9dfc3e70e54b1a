import { expect, test } from './fixtures.ts';
import { collectConsoleErrors, freezeClock, open, paintedOnTop, pauseClockAt } from './helpers.ts';

/**
 * What lies over the page: a dialog a person opened shows all of itself. The cookie consent (shown
 * by itself 1 s after load) stays under the modal dialogs; the address suggestions are not clipped
 * by the location dialog, which scrolls.
 */

test.describe('the cookie consent under a dialog, on a phone', () => {
  test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 844 } });

  test('a dish opened before answering: its « Ajouter » is not hidden by the consent, which is there again once the dish is closed', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await pauseClockAt(page, new Date('2026-11-22T12:30:00+01:00').getTime());
    await open(page, '/menu?product=105');
    // Behind the open dish, the page (the consent with it) is out of the accessibility tree.
    const consentBehind = page.getByRole('dialog', { name: 'Consentement aux cookies', includeHidden: true });
    await page.clock.runFor(1100);
    await expect(consentBehind).toBeVisible();
    const dish = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /Ajouter ·/ }) });
    const add = dish.getByRole('button', { name: /Ajouter ·/ });
    await expect(add).toBeVisible();
    // The consent sits at the bottom of the screen, where the dish's sheet has its button.
    const [consentBox, addBox] = [await consentBehind.boundingBox(), await add.boundingBox()];
    expect(addBox!.y + addBox!.height).toBeGreaterThan(consentBox!.y);
    expect(await paintedOnTop(add)).toBe(true);
    await add.click();
    await expect(page.getByRole('link', { name: 'Commander, 1 article dans le panier' })).toBeAttached();

    if (await dish.count()) await page.keyboard.press('Escape');
    await expect(dish).toHaveCount(0);
    const consent = page.getByRole('dialog', { name: 'Consentement aux cookies' });
    await expect(consent).toBeVisible();
    const refuse = consent.getByRole('button', { name: 'Refuser' });
    expect(await paintedOnTop(refuse)).toBe(true);
    await refuse.click();
    await expect(consent).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('false');
    expect(errors).toEqual([]);
  });
});

test.describe('the location dialog on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an address typed in the dialog: its suggestions are shown whole, and the one chosen closes it', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await freezeClock(page);
    await open(page, '/menu');
    await page.getByRole('button', { name: /^À emporter ·/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Retrait ou livraison ?' });
    await dialog.getByRole('button', { name: 'Livraison', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Rechercher votre adresse' }).fill('8 rue Mercière 69002 Lyon');
    const options = dialog.getByRole('listbox', { name: 'Adresses proposées' }).getByRole('option');
    await expect(options.first()).toContainText('8 rue Mercière');
    // Clipped by the dialog (it scrolls), the last one would not be wholly in view.
    await expect(options.last()).toBeInViewport({ ratio: 1 });
    expect(await paintedOnTop(options.last())).toBe(true);
    await options.first().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /^Livraison · 8 rue Mercière/ })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
