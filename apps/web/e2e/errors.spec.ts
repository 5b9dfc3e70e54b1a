import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';

const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

test.describe('error pages (spec sections 2 and 8)', () => {
  // No service worker: these tests reroute the network, which a worker would answer instead.
  test.use({ serviceWorkers: 'block' });

  for (const path of ['/cette-page-n-existe-pas', '/fr/nulle-part']) {
    test(`unmatched ${path}: non-fatal 404 inside the layout, '404 !' and a link home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404 !' })).toBeVisible();
      await expect(page.getByText("Désolé, cette page n'existe pas.")).toBeVisible();
      await expect(page.getByText(`Page introuvable : ${path}`)).toBeVisible();
      await expect(page.locator('footer')).toBeVisible();
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('route validation failure (unknown checkout tab) is a 404', async ({ page }) => {
    const response = await page.goto('/checkout?tab=dessert');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 !' })).toBeVisible();
    await expect(page.getByText("Cette étape de la commande n'existe pas.")).toBeVisible();
  });

  test('any other error shows the "Oups…" page with its message and a link home', async ({ page }) => {
    await open(page, '/');
    // The server fails while loading the next page's data.
    await page.route('**/*.data*', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Panne du serveur' }));
    await page.locator('header').getByRole('link', { name: 'La carte' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Oups…' })).toBeVisible();
    await expect(page.getByText('On dirait que quelque chose s’est cassé.')).toBeVisible();
    await expect(page.getByText('Toutes nos excuses.')).toBeVisible();
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
  });

  test('bots get the status without the error page', async ({ request }) => {
    const missing = await request.get('/cette-page-n-existe-pas', { headers: { 'User-Agent': googlebot } });
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toBe('');
    const badTab = await request.get('/checkout?tab=dessert', { headers: { 'User-Agent': googlebot } });
    expect(badTab.status()).toBe(404);
    expect(await badTab.text()).toBe('');
    // A page that exists is rendered for them as for anyone.
    const menu = await request.get('/menu', { headers: { 'User-Agent': googlebot } });
    expect(menu.status()).toBe(200);
    expect(await menu.text()).toContain('La carte');
  });
});
