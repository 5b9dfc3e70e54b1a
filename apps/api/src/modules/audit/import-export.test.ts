import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ImportPreviewSchema, type AuditPage, type ImportPreview, type ImportResult } from '@resto/contract/backoffice-audit';
import { RestaurantFileSchema, type RestaurantFile } from '@resto/domain/restaurant-file';
import { demoRestaurantPath } from '../../seeding/demo-restaurant.ts';
import { errorOf, fetchCatalogue, findItem, looksFrench, payloadOf, request, type TestServer } from '../../test/harness.ts';
import { staffRequest, startBackOfficeServer, type TestStaff } from '../../test/staff.ts';

/**
 * Export and import from the browser over real HTTP (docs/decisions/023): the export is the
 * restaurant file, a round trip gives the same catalogue, the preview lists what would change,
 * an invalid file gives French errors by path and changes nothing, a stale import is refused.
 */

const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let owner: TestStaff;
let staff: TestStaff;

/** The demo file as the harness seeds it (orders handled by e-mail). */
function demoFile(): RestaurantFile {
  const demo = JSON.parse(readFileSync(demoRestaurantPath, 'utf8')) as { settings: Record<string, unknown> };
  return withFullWeeks(RestaurantFileSchema.parse({ ...demo, settings: { ...demo.settings, 'orders.email_only': true } }));
}

/** The file with every weekday in each menu's active_times (a missing day and `[]` both mean closed; the export writes all seven). */
function withFullWeeks(file: RestaurantFile): RestaurantFile {
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
  return { ...file, menus: file.menus.map((menu) => ({ ...menu, active_times: Object.fromEntries(days.map((d) => [d, menu.active_times[d] ?? []])) })) };
}

async function exportFile(cookie = owner.cookie) {
  const response = await fetch(`${server.baseUrl}/v2/restaurant/export`, { headers: { Cookie: cookie } });
  return { response, file: response.ok ? ((await response.json()) as RestaurantFile) : null };
}
const preview = (file: unknown, cookie = owner.cookie) => staffRequest<ImportPreview>(server, cookie, 'POST', '/v2/restaurant/import/preview', file);
const importFile = (file: unknown, version: number, cookie = owner.cookie) =>
  staffRequest<ImportResult>(server, cookie, 'POST', `/v2/restaurant/import?expected_catalog_version=${version}`, file);
const firstItem = (file: RestaurantFile) => file.menus[0]!.categories[0]!.items[0]!;

beforeAll(async () => {
  ({ server, owner, staff } = await startBackOfficeServer(now));
});
afterAll(async () => server?.close());

describe('GET /v2/restaurant/export', () => {
  test('the demo restaurant exported is the demo file (defaults filled), as an attachment named by the day in Paris', async () => {
    const { response, file } = await exportFile();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="restaurant-2026-11-24.json"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(file).toEqual(demoFile());
    expect(RestaurantFileSchema.parse(file)).toEqual(file);
  });

  test('staff may not export (403)', async () => {
    const { response } = await exportFile(staff.cookie);
    expect(response.status).toBe(403);
  });
});

describe('import from the browser', () => {
  test('export → import of the same file changes nothing but the version; the preview says so', async () => {
    const { file } = await exportFile();
    const seen = payloadOf(await preview(file));
    expect(ImportPreviewSchema.parse(seen)).toEqual(seen);
    expect(seen).toMatchObject({ changes: [], settings: [], prices_changed: 0, summary: 'aucun changement' });
    const done = payloadOf(await importFile(file, seen.catalog_version));
    expect(done.catalog_version).toBe(seen.catalog_version + 1);
    expect((await exportFile()).file).toEqual(file);
  });

  test('the preview lists dishes added, removed and changed (price old → new), offers and settings; the import applies them with one audit entry', async () => {
    const { file } = await exportFile();
    const edited = structuredClone(file!);
    const category = edited.menus[0]!.categories[0]!;
    const changed = category.items[0]!;
    const removed = category.items.pop()!;
    const oldPrice = changed.price_pickup;
    changed.price_pickup = oldPrice + 1;
    changed.name = `${changed.name} maison`;
    category.items.push({ ...structuredClone(changed), item_id: 9001, name: 'Pizza du test', options: [] });
    edited.coupons = edited.coupons.filter((c) => c.code !== 'EXPIRE');
    edited.settings['orders.auto_reject_minutes'] = 12;

    const seen = payloadOf(await preview(edited));
    expect(seen.changes).toContainEqual({ kind: 'item', change: 'added', id: '9001', name: 'Pizza du test', fields: [] });
    expect(seen.changes).toContainEqual({ kind: 'item', change: 'removed', id: String(removed.item_id), name: removed.name, fields: [] });
    const change = seen.changes.find((c) => c.id === String(changed.item_id) && c.kind === 'item')!;
    expect(change.change).toBe('changed');
    expect(change.fields).toContainEqual({
      field: 'price_pickup',
      label: 'Prix à emporter',
      before: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(oldPrice),
      after: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(oldPrice + 1),
    });
    expect(change.fields.map((f) => f.field).sort()).toEqual(['name', 'price_pickup']);
    expect(seen.changes.find((c) => c.kind === 'offer')).toMatchObject({ change: 'removed', name: 'Offre de lancement (terminée)' });
    expect(seen.settings).toEqual([{ name: 'orders.auto_reject_minutes', before: '10', after: '12' }]);
    expect(seen.prices_changed).toBe(1);
    expect(seen.summary).toBe('1 plat ajouté, 1 plat supprimé, 1 prix changé, 1 plat modifié, 1 offre supprimée, 1 réglage changé');

    const done = payloadOf(await importFile(edited, seen.catalog_version));
    expect(done.summary).toBe(`Restaurant importé : ${seen.summary}.`);
    const catalogue = await fetchCatalogue(server.baseUrl);
    expect(findItem(catalogue, changed.item_id).item_price.price_pickup).toBe(oldPrice + 1);
    expect(findItem(catalogue, 9001).item_name).toBe('Pizza du test');
    expect((await exportFile()).file).toEqual(edited);

    const log = payloadOf(await staffRequest<AuditPage>(server, owner.cookie, 'GET', '/v2/restaurant/audit?entity=restaurant'));
    expect(log.entries[0]).toMatchObject({ action: 'import', staff_name: 'Margot Lefèvre', summary: done.summary });
    expect(log.entries[0]!.after).toMatchObject({ changes: seen.changes, settings: seen.settings });

    // Back to the demo restaurant for the next tests.
    const back = payloadOf(await preview(demoFile()));
    payloadOf(await importFile(demoFile(), back.catalog_version));
  });

  test('an invalid file: French errors by path, and nothing changed', async () => {
    const { file: before } = await exportFile();
    const broken = structuredClone(before!) as unknown as { menus: { name: string; categories: { items: { price_pickup: unknown }[] }[] }[] };
    broken.menus[0]!.categories[1]!.items[2]!.price_pickup = -3;
    broken.menus[1]!.name = '';
    for (const call of [() => preview(broken), () => importFile(broken, 0)]) {
      const answer = await call();
      expect(answer.status).toBe(400);
      const error = errorOf(answer);
      expect(error.code).toBe('restaurant_file_invalid');
      expect(looksFrench(error.message)).toBe(true);
      expect(error.errors.map((e) => e.path)).toEqual(['menus.0.categories.1.items.2.price_pickup', 'menus.1.name']);
      for (const e of error.errors) expect(looksFrench(e.message)).toBe(true);
    }
    expect((await exportFile()).file).toEqual(before);
    const notJson = await request(server.baseUrl, '/v2/restaurant/import/preview', {
      method: 'POST',
      headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
      body: '{"menus": [',
    });
    expect(errorOf(notJson).code).toBe('invalid_json');
  });

  test('an import made on a stale preview is refused with 409 and the current version, nothing written', async () => {
    const { file } = await exportFile();
    const seen = payloadOf(await preview(file));
    payloadOf(await importFile(file, seen.catalog_version)); // someone else's change meanwhile
    const edited = structuredClone(file!);
    firstItem(edited).price_pickup += 5;
    const stale = await importFile(edited, seen.catalog_version);
    expect(stale.status).toBe(409);
    const error = errorOf(stale);
    expect(error.code).toBe('stale_edit');
    expect(looksFrench(error.message)).toBe(true);
    expect(error.payload).toEqual({ current: { catalog_version: seen.catalog_version + 1 } });
    expect((await exportFile()).file).toEqual(file);
  });

  test('a file of more than 1 MB (up to 5 MB) is read; past 5 MB it is refused', async () => {
    const { file } = await exportFile();
    const big = { ...file!, settings: { ...file!.settings, 'notes.padding': 'x'.repeat(2 * 1024 * 1024) } };
    const seen = payloadOf(await preview(big));
    expect(seen.settings.map((s) => s.name)).toEqual(['notes.padding']);
    const huge = { ...file!, settings: { ...file!.settings, 'notes.padding': 'x'.repeat(6 * 1024 * 1024) } };
    const refused = await preview(huge).catch((error: unknown) => error);
    // The server answers 413 and closes the connection; fetch may see either.
    if (refused instanceof Error) expect(refused.message).toMatch(/fetch failed|socket|reset/i);
    else expect((refused as { status: number }).status).toBe(413);
  });

  test('staff may neither preview nor import (403)', async () => {
    const { file } = await exportFile();
    expect((await preview(file, staff.cookie)).status).toBe(403);
    expect(errorOf(await importFile(file, 0, staff.cookie)).code).toBe('staff_forbidden');
  });
});
