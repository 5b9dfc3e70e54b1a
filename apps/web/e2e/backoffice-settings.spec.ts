import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures.ts';
import { collectConsoleErrors, open } from './helpers.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff } from './staff-helpers.ts';

/**
 * The settings and delivery pages of the back office (docs/decisions/023) in Chromium, on
 * the back office's server. The owner, on a phone, changes a delivery zone's fee: a refused value
 * (negative fee, duplicate postal code) keeps what was typed with the French message on its field;
 * the saved fee is the checkout's next quote. Each test puts back the settings it changed.
 */

const baseURL = `http://localhost:${servers.backOffice.port}`;
const shots = process.env.SHOTS_DIR ?? '/work/shots';
const quoteOf = (location: string) => `${baseURL}/v2/public/locations/distance?location=${encodeURIComponent(location)}`;

// Relative paths (open(page, '/restaurant/…')) go to the back office's server.
test.use({ baseURL });

type Setting = { name: string; value: unknown; version: number };

/** The stored settings, read as the owner (GET /v2/restaurant/settings). */
async function storedSettings(cookie: string): Promise<Setting[]> {
  const answer = await fetch(`${baseURL}/v2/restaurant/settings`, { headers: { Cookie: cookie } });
  return ((await answer.json()) as { payload: Setting[] }).payload;
}

/** Puts `names` back to the values of `before` (with today's versions). */
async function restore(cookie: string, before: Setting[], names: string[]): Promise<void> {
  const now = await storedSettings(cookie);
  const changes = names
    .map((name) => ({ name, value: before.find((s) => s.name === name)?.value, expected_version: now.find((s) => s.name === name)?.version ?? 0 }))
    .filter((c) => c.value !== undefined);
  if (!changes.length) return;
  const answer = await fetch(`${baseURL}/v2/restaurant/settings`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ changes }),
  });
  expect(answer.status).toBe(200);
}

async function screenshot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the owner changes a zone’s fee; refused values keep what was typed, with the message on the field', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const owner = await signInStaff(page, baseURL, 'owner');
    const before = await storedSettings(owner.cookie);
    try {
      await open(page, '/restaurant/livraison');
      const zones = page.getByTestId('delivery-zone');
      const first = zones.first();
      const postalCode = await first.getByLabel('Code postal').inputValue();
      const fee = first.getByLabel('Frais de livraison (€)');
      const save = page.getByRole('button', { name: 'Enregistrer · Zones de livraison' });

      // A negative fee: refused in the browser, the typed value stays, the message is on the field.
      await fee.fill('-2');
      await save.click();
      await expect(first.getByRole('alert')).toHaveText('Les frais de livraison ne peuvent pas être négatifs.');
      await expect(fee).toHaveValue('-2');
      await expect(fee).toHaveAttribute('aria-invalid', 'true');

      // A new zone with the same postal code: refused on the new row's postal code.
      await page.getByRole('button', { name: 'Ajouter une zone' }).click();
      const added = zones.last();
      await added.getByLabel('Nom', { exact: true }).fill('Doublon');
      await added.getByLabel('Code postal').fill(postalCode);
      await added.getByLabel('Frais de livraison (€)').fill('1');
      await fee.fill('3,40');
      await save.click();
      await expect(added.getByRole('alert')).toContainText(`Le code postal ${postalCode} est déjà dans la zone`);
      await expect(added.getByLabel('Code postal')).toHaveValue(postalCode);
      await expect(fee).toHaveValue('3,40');
      await screenshot(page, 'settings-delivery-refused-390');

      // The new row removed, the fee saved: the checkout's quote for that postal code follows at once.
      await added.getByRole('button', { name: /Retirer la zone/ }).click();
      await save.click();
      await expect(page.getByText('Zones de livraison : enregistré.')).toBeVisible();
      const zone = ((await storedSettings(owner.cookie)).find((s) => s.name === 'features.delivery.zones')!.value as { postal_code: string; delivery_fee: number }[]).find(
        (z) => z.postal_code === postalCode,
      );
      expect(zone?.delivery_fee).toBe(3.4);
      if (postalCode === '69002') {
        const quote = (await (await fetch(quoteOf('commune:69382:69002:8 rue Mercière'))).json()) as { payload: { delivery_cost: number } };
        expect(quote.payload.delivery_cost).toBe(3.4);
      }
      // Read again after a reload: the form shows what is stored.
      await open(page, '/restaurant/livraison');
      await expect(page.getByTestId('delivery-zone').first().getByLabel('Frais de livraison (€)')).toHaveValue('3,4');
      expect(errors).toEqual([]);
    } finally {
      await restore(owner.cookie, before, ['features.delivery.zones']);
    }
  });

  test('settings: a refused minimum time keeps what was typed; a saved one is what the storefront reads', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const owner = await signInStaff(page, baseURL, 'owner');
    const before = await storedSettings(owner.cookie);
    try {
      await open(page, '/restaurant/reglages');
      const section = page.getByTestId('section-delivery_scheduling');
      const minimum = section.getByLabel('Délai minimum (minutes)');
      await minimum.fill('trente');
      await section.getByRole('button', { name: /^Enregistrer/ }).click();
      await expect(section.getByRole('alert').first()).toHaveText('Nombre de minutes attendu (ex. 30).');
      await expect(minimum).toHaveValue('trente');
      await minimum.fill('40');
      await section.getByRole('button', { name: /^Enregistrer/ }).click();
      await expect(section.getByText('Créneaux de livraison : enregistré.')).toBeVisible();
      const settings = (await (await fetch(`${baseURL}/v2/public/settings`)).json()) as { payload: { name: string; value: unknown }[] };
      expect(settings.payload.find((s) => s.name === 'scheduling.minimum_time')?.value).toBe(40);
      await screenshot(page, 'settings-settings-saved-390');
      expect(errors).toEqual([]);
    } finally {
      await restore(owner.cookie, before, ['scheduling.minimum_time']);
    }
  });

  test('the books’ settings: a month 13 refused with its message; July and the evening e-mail saved (docs/decisions/031)', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const owner = await signInStaff(page, baseURL, 'owner');
    const before = await storedSettings(owner.cookie);
    try {
      await open(page, '/restaurant/reglages');
      const section = page.getByTestId('section-books');
      const month = section.getByLabel('Premier mois de l’exercice comptable');
      await expect(month).toHaveValue('1');
      await month.fill('13');
      await section.getByRole('button', { name: /^Enregistrer/ }).click();
      await expect(section.getByRole('alert').first()).toHaveText('Mois attendu de 1 (janvier) à 12 (décembre).');
      await expect(month).toHaveValue('13');
      await month.fill('7');
      await section.getByLabel('Recevoir la clôture de chaque journée par e-mail').check();
      await section.getByRole('button', { name: /^Enregistrer/ }).click();
      await expect(section.getByText('Comptabilité : enregistré.')).toBeVisible();
      const stored = await storedSettings(owner.cookie);
      expect(stored.find((s) => s.name === 'books.fiscal_year_first_month')?.value).toBe(7);
      expect(stored.find((s) => s.name === 'books.closure_email')?.value).toBe(true);
      await section.scrollIntoViewIfNeeded();
      mkdirSync(shots, { recursive: true });
      await section.screenshot({ path: `${shots}/settings-books-390.png` });
      expect(errors).toEqual([]);
    } finally {
      // Absent before: put back as their defaults (January, no e-mail).
      const defaults = [
        { name: 'books.fiscal_year_first_month', value: 1, version: 0 },
        { name: 'books.closure_email', value: false, version: 0 },
      ].map((d) => before.find((s) => s.name === d.name) ?? d);
      await restore(owner.cookie, defaults, ['books.fiscal_year_first_month', 'books.closure_email']);
    }
  });

  test('another owner saved meanwhile: 409, the current value is shown, what was typed is kept, saving again wins', async ({ page }) => {
    const owner = await signInStaff(page, baseURL, 'owner');
    const before = await storedSettings(owner.cookie);
    try {
      await open(page, '/restaurant/livraison');
      const minimum = page.getByLabel('Commande minimum en livraison');
      // Someone else changes the same setting after the page was read.
      const other = await ownerSession(baseURL);
      const version = before.find((s) => s.name === 'features.delivery.minimum_order')?.version ?? 0;
      const changed = await fetch(`${baseURL}/v2/restaurant/settings`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Cookie: other.cookie },
        body: JSON.stringify({ changes: [{ name: 'features.delivery.minimum_order', value: 27, expected_version: version }] }),
      });
      expect(changed.status).toBe(200);
      await minimum.fill('22');
      const save = page.getByRole('button', { name: 'Enregistrer · Livraison' });
      await save.click();
      await expect(page.getByRole('alert').filter({ hasText: 'Quelqu’un a modifié ces réglages entre-temps' })).toBeVisible();
      await expect(page.getByText(/Valeur enregistrée par quelqu’un d’autre : 27,00/)).toBeVisible();
      await expect(minimum).toHaveValue('22');
      await save.click();
      await expect(page.getByText('Livraison : enregistré.')).toBeVisible();
      expect((await storedSettings(owner.cookie)).find((s) => s.name === 'features.delivery.minimum_order')?.value).toBe(22);
    } finally {
      await restore(owner.cookie, before, ['features.delivery.minimum_order']);
    }
  });

  test('the restaurant’s position is filled from an address search, then saved', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const owner = await signInStaff(page, baseURL, 'owner');
    const before = await storedSettings(owner.cookie);
    try {
      await open(page, '/restaurant/livraison');
      await page.getByLabel('Chercher l’adresse du restaurant', { exact: true }).first().fill('8 rue Mercière, 69002 Lyon');
      await page.getByRole('button', { name: 'Chercher l’adresse du restaurant' }).click();
      await page.getByRole('button', { name: /8 rue Mercière/ }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Position de « 8 rue Mercière, 69002 Lyon » reprise' })).toBeVisible();
      await expect(page.getByLabel('Latitude du restaurant')).toHaveValue(/^45,75/);
      await page.getByRole('button', { name: 'Enregistrer · Position du restaurant' }).click();
      await expect(page.getByText('Position du restaurant : enregistré.')).toBeVisible();
      const latitude = (await storedSettings(owner.cookie)).find((s) => s.name === 'contacts.latitude')?.value as number;
      expect(latitude).toBeCloseTo(45.754, 2);
      expect(errors).toEqual([]);
    } finally {
      await restore(owner.cookie, before, ['contacts.latitude', 'contacts.longitude']);
    }
  });

  test('a staff member is told the pages are the owner’s', async ({ page }) => {
    await signInStaff(page, baseURL, 'staff');
    await open(page, '/restaurant/reglages');
    await expect(page.getByTestId('settings-forbidden').getByRole('alert')).toHaveText('Les réglages sont réservés au propriétaire.');
    await open(page, '/restaurant/livraison');
    await expect(page.getByTestId('delivery-forbidden').getByRole('alert')).toHaveText('La livraison se règle par le propriétaire.');
  });
});

test('screenshots of both pages at 390 and 1280 px', async ({ page }) => {
  await signInStaff(page, baseURL, 'owner');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name, title] of [
      ['/restaurant/reglages', 'settings', 'Réglages'],
      ['/restaurant/livraison', 'delivery', 'Livraison'],
    ] as const) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await screenshot(page, `settings-${name}-${width}`);
    }
  }
});
