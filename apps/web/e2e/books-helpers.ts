import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The books' period picker (the sales report, the exports; docs/decisions/031 and 032): a range
 * ending before it starts is refused in French, on the « Au » field, with both dates as typed.
 */
export async function expectRangeRefused(page: Page): Promise<void> {
  await page.locator('select[name="period"]').selectOption('range');
  await page.locator('input[name="from"]').fill('2026-11-20');
  await page.locator('input[name="to"]').fill('2026-11-10');
  await page.getByRole('button', { name: 'Afficher' }).click();
  await expect(page.getByRole('alert')).toHaveText('La fin de la période précède son début.');
  await expect(page.locator('input[name="to"]')).toHaveValue('2026-11-10');
  await expect(page.locator('input[name="to"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('input[name="from"]')).toHaveValue('2026-11-20');
}
