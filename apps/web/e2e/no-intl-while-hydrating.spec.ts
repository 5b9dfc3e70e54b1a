import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';
import { servers } from './servers.ts';

/**
 * `/` and `/menu` use no Intl while they load and hydrate (docs/decisions/029): the first
 * use of Intl costs its whole initialisation (20 to 57 ms of a desktop's main thread, four times
 * that on a mid-range phone) inside the page's longest task. The server sends the Paris offset with
 * the page and the span it holds for (`restaurantOffsetSpan`), so the page reads in Paris both the
 * instant it was rendered at and the device's own clock, the same minute or days later, without
 * Intl. Counted: every Intl object made, and the Date and Number locale methods, until the browser
 * is idle after hydration.
 */

declare global {
  interface Window {
    intlUses?: string[];
  }
}

/** Runs in the page before its scripts: records each Intl object made and each locale method called. */
function countIntlUses() {
  const uses: string[] = [];
  window.intlUses = uses;
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'ListFormat', 'Segmenter', 'DisplayNames']) {
    const original = intl[name] as (new (...args: unknown[]) => object) | undefined;
    if (!original) continue;
    intl[name] = new Proxy(original, {
      construct(target, args) {
        uses.push(`Intl.${name}`);
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args) {
        uses.push(`Intl.${name}`);
        return Reflect.apply(target, self, args) as unknown;
      },
    });
  }
  for (const [prototype, names] of [
    [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    [Number.prototype, ['toLocaleString']],
  ] as const) {
    for (const name of names) {
      const original = (prototype as unknown as Record<string, (...args: unknown[]) => string>)[name]!;
      (prototype as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        uses.push(`${prototype === Date.prototype ? 'Date' : 'Number'}.${name}`);
        return original.apply(this, args);
      };
    }
  }
}

const rendered = Date.parse(servers.sunday.now);

for (const [label, deviceTime] of [
  ['at the instant the server rendered', rendered],
  ['three days after it', rendered + 3 * 86_400_000],
] as const) {
  test(`/ and /menu use no Intl while they load and hydrate, the device's clock ${label}`, async ({ page }) => {
    await page.clock.setFixedTime(new Date(deviceTime));
    await page.addInitScript(countIntlUses);
    for (const path of ['/', '/menu']) {
      await open(page, path);
      // Past hydration's own follow-up (the device's clock replaces the rendered instant) and the idle preloads.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
      expect(await page.evaluate(() => window.intlUses), path).toEqual([]);
    }
  });
}
