import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { expectRangeRefused } from './books-helpers.ts';
import { placeCashOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * The owner's sales report, /restaurant/ventes (docs/decisions/031), on the real server (Tuesday
 * 12:30 in Paris, frozen): a cash order placed now shows in today's figures at the next load; a
 * range ending before it starts is refused in French on its field, the typed dates kept.
 * The charts are drawn (an svg in each chart's role=img) and nothing overflows the screen.
 * Screenshots at 390 and 1280 px under /work/screens/reports/.
 */
const server = servers.tuesday;
const base = `http://localhost:${server.port}`;
const shots = process.env.REPORT_SCREENS_DIR ?? '/work/screens/reports';

/** A recharts chart's drawing (not its legend's icons, which are svgs too). */
const chartSvg = '.recharts-wrapper > svg.recharts-surface';

/** '1 234,50 €' → 1234.5 */
const euros = (text: string | null) => Number((text ?? '').replace(/[\s  €]/gu, '').replace(',', '.'));

for (const width of [390, 1280]) {
  test(`today's sales at ${width} px: a new cash order paid at the counter counts at once; a bad range is refused on its field`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
    const page = await context.newPage();
    // The server's HTML and the browser's first render agree (the charts come after hydration): React says nothing.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await signInStaff(page, base, 'owner');
    await page.goto('/restaurant/ventes');
    await expect(page.getByRole('heading', { level: 1, name: 'Ventes' })).toBeVisible();
    await expect(page.getByTestId('report-period')).toContainText('24 novembre 2026');
    const ordersBefore = Number(await page.getByTestId('report-orders').textContent());
    const salesBefore = euros(await page.getByTestId('report-total-ttc').textContent());

    const orderId = await placeCashOrder(base, server.now, width);
    // Paid at the counter with a 200 € note (the change given back): the means of payment have money to draw.
    const paid = await page.request.post(`${base}/v2/restaurant/orders/${orderId}/payments`, {
      data: { tenders: [{ means: 'cash', amount: 200 }], expected_paid: 0 },
    });
    expect(paid.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('report-orders')).toHaveText(String(ordersBefore + 1));
    expect(euros(await page.getByTestId('report-total-ttc').textContent())).toBeGreaterThan(salesBefore);
    await expect(page.getByTestId('report-period')).toContainText('En cours');
    await expect(page.getByTestId('report-dishes')).toBeVisible();
    // The charts (recharts, drawn after hydration) inside their role="img", whose name says the figures.
    const hours = page.getByRole('img', { name: /^Commandes par heure\. (.* ; )?12 h : \d+ commandes?( ; .*)?\.$/ });
    await expect(hours.locator(chartSvg)).toBeVisible();
    await expect(hours.locator('.recharts-bar-rectangle path').first()).toBeVisible();
    const means = page.getByTestId('chart-means');
    await expect(means).toHaveAttribute('aria-label', /Espèces : [1-9]\d*,\d\d\s€/);
    await expect(means.locator(chartSvg)).toContainText(/Espèces.*\d+,\d\d\s€/);
    const channels = page.getByRole('img', { name: /^Par canal\. À emporter : \d+,\d\d\s€ ; Livraison : / });
    await expect(channels.locator(chartSvg)).toBeVisible();
    await expect(channels.locator(chartSvg)).toContainText(/À emporter.*\d+,\d\d\s€/);
    await expect(page.getByTestId('chart-dishes').locator(chartSvg)).toBeVisible();
    await expect(page.getByTestId('chart-vat').locator(chartSvg)).toBeVisible();
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/ventes-${width}.png`, fullPage: true });
    // The exact figures stay in tables: the hours' behind their summary.
    await page.getByText('Les chiffres heure par heure').click();
    await expect(page.getByTestId('report-hours').getByRole('row', { name: /^12 h \d+$/ })).toBeVisible();
    // Nothing wider than the screen, on a phone too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(problems).toEqual([]);

    await expectRangeRefused(page);
    await context.close();
  });
}
