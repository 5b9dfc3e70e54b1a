import { createRequire } from 'node:module';
import { expect, test, type Page } from './fixtures.ts';
import { freezeClock, open } from './helpers.ts';
import { servers } from './servers.ts';
import { placeCashOrder } from './board-orders.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * docs/decisions/027: no WCAG 2.2 A/AA violation (axe-core, the copy Lighthouse installs) on the storefront's
 * pages at 390 px, on Tuesday (the offers' badges show). The signed-in account pages are in
 * `npm run bench:axe`, which signs up with the code the server logs.
 */
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const base = `http://localhost:${servers.tuesday.port}`;

// axe is injected as an inline script, which the pages' CSP (nonces) refuses.
test.use({ viewport: { width: 390, height: 844 }, bypassCSP: true });

/** The violations axe finds on the page as it is, one line per rule: 'rule: selector, selector…'. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async (runTags) => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: runTags }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, tags);
}

// One test per page: the thirteen pages in one test took 37–56 s when two CI runs shared the
// machine, and once went past the 60 s limit (docs/decisions/014); a failure now also names its page.
const paths = [
  ...['/', '/menu', '/success', '/auth/login', '/auth/signup', '/auth/forgot', '/auth/verify?email=lea%40example.fr'],
  ...['/cookie-policy', '/privacy-policy', '/terms-of-service', '/cette-page-n-existe-pas'],
];

for (const path of paths) {
  test(`${path} has no WCAG 2.2 A/AA violation at 390 px`, async ({ page }) => {
    await freezeClock(page, 'tuesday');
    await open(page, base + path);
    expect(await violations(page)).toEqual([]);
  });
}

test('a dish dialog, then /checkout with that dish in the cart, have no WCAG 2.2 A/AA violation at 390 px', async ({ page }) => {
  await freezeClock(page, 'tuesday');
  await open(page, `${base}/menu`);
  await page.locator('a[href*="?product="]').first().click();
  const dish = page.getByRole('dialog');
  await dish.getByRole('button', { name: /^Ajouter ·/ }).waitFor();
  expect(await violations(page)).toEqual([]);
  await dish.getByRole('button', { name: /^Ajouter ·/ }).click();
  await expect(dish).toBeHidden();
  await open(page, `${base}/checkout`);
  expect(await violations(page)).toEqual([]);
});

test.describe('a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the cookie consent has no WCAG 2.2 A/AA violation either', async ({ page }) => {
    await open(page, `${base}/menu`);
    await page.getByRole('dialog', { name: 'Consentement aux cookies' }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});

test('the staff pages, signed in as the owner with an order on the board, have no WCAG 2.2 A/AA violation at 768 px; every section of the navigation is in sight at 768 and 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signInStaff(page, base, 'owner');
  await placeCashOrder(base, servers.tuesday.now, 3);
  for (const path of ['/restaurant/commandes', '/restaurant/disponibilites']) {
    await page.goto(base + path);
    await page.locator('html[data-hydrated="true"]').waitFor();
    if (path === '/restaurant/commandes') await expect(page.getByTestId('orders-board')).toHaveAttribute('data-loaded', 'true');
    else await expect(page.getByRole('group').first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 1024 });
    const nav = page.getByRole('navigation', { name: 'Navigation de l’espace restaurant' });
    const links = nav.getByRole('link');
    expect(await links.count()).toBeGreaterThan(8);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      expect(box, await link.innerText()).not.toBeNull();
      expect(box!.x, await link.innerText()).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${await link.innerText()} at ${width} px`).toBeLessThanOrEqual(width);
    }
    expect(await nav.evaluate((n) => n.scrollWidth - n.clientWidth)).toBeLessThanOrEqual(0);
  }
});
