import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SettingsPatchAnswer, VersionedSetting } from '@resto/contract/backoffice-settings';
import { SettingsPatchAnswerSchema, VersionedSettingsSchema } from '@resto/contract/backoffice-settings';
import type { DistanceAnswer } from '@resto/contract/locations';
import { auditLog, settings } from '../../db/schema.ts';
import { errorOf, getJson, looksFrench, payloadOf, request, type JsonResponse, type TestServer } from '../../test/harness.ts';
import { createTestStaff, startBackOfficeServer, type TestStaff } from '../../test/staff.ts';

/**
 * The settings and delivery of the back office over real HTTP
 * (docs/decisions/023-back-office.md): every section written and read back by the storefront's
 * GET /v2/public/settings, refusals per field with nothing written, stale versions, roles, the
 * audit log, and a delivery quote following a zone's new fee at once.
 */

// Tuesday 24 November 2026, 12:30 in Paris.
const now = new Date('2026-11-24T11:30:00Z');

let server: TestServer;
let margot: TestStaff;
let paul: TestStaff;
let karim: TestStaff;

beforeAll(async () => {
  ({ server, owner: margot, staff: karim } = await startBackOfficeServer(now));
  paul = await createTestStaff(server.db, { now, role: 'owner', name: 'Paul Lefèvre' });
});
afterAll(async () => server?.close());

type Change = { name: string; value: unknown; expected_version?: number };

function readSettings(who: TestStaff | null): Promise<JsonResponse<VersionedSetting[]>> {
  return request<VersionedSetting[]>(server.baseUrl, '/v2/restaurant/settings', { headers: who ? { Cookie: who.cookie } : {} });
}

/** The versions `who` reads now, by name (0 for a setting not stored). */
async function versionsOf(who: TestStaff): Promise<Map<string, number>> {
  const list = VersionedSettingsSchema.parse(payloadOf(await readSettings(who)));
  return new Map(list.map((s) => [s.name, s.version]));
}

/** PATCH with the versions read just before, unless a change names its own. */
async function patch(who: TestStaff | null, changes: Change[], versions?: Map<string, number>): Promise<JsonResponse<SettingsPatchAnswer>> {
  const read = versions ?? (who ? await versionsOf(who) : new Map<string, number>());
  const body = { changes: changes.map((c) => ({ name: c.name, value: c.value, expected_version: c.expected_version ?? read.get(c.name) ?? 0 })) };
  return request<SettingsPatchAnswer>(server.baseUrl, '/v2/restaurant/settings', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...(who ? { Cookie: who.cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** What the storefront reads: GET /v2/public/settings as name → value. */
async function publicSettings(): Promise<Map<string, unknown>> {
  const list = payloadOf(await getJson<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
  return new Map(list.map((s) => [s.name, s.value]));
}

async function storedRows() {
  return server.db.select().from(settings).orderBy(settings.name);
}

async function auditCount() {
  return (await server.db.select({ id: auditLog.id }).from(auditLog)).length;
}

const zone = (postal_code: string, delivery_fee: number, name = `Lyon ${postal_code}`) => ({ name, city: 'Lyon', postal_code, delivery_fee, flat_charge: 2, minimum_order: 15 });

describe('every section is saved and read back by the storefront', () => {
  test.each<[string, Change[]]>([
    [
      'payments',
      [
        { name: 'payments.cod.active', value: false },
        { name: 'payments.stripe.active', value: true },
        { name: 'payments.meal_voucher.active', value: true },
        { name: 'payments.meal_voucher.daily_limit', value: 19 },
      ],
    ],
    [
      'contacts and social links',
      [
        { name: 'contacts.name', value: 'Chez Margot' },
        { name: 'contacts.address', value: '14 rue des Marronniers, 69002 Lyon' },
        { name: 'contacts.phone', value: '04 78 11 22 33' },
        { name: 'contacts.email', value: 'contact@chez-margot.example' },
        { name: 'contacts.twitter', value: 'https://x.com/chezmargot' },
        { name: 'contacts.tiktok', value: 'https://www.tiktok.com/@chezmargot' },
        { name: 'contacts.instagram', value: '' },
      ],
    ],
    [
      'legal mentions',
      [
        { name: 'legal.company_name', value: 'Margot Restauration SARL' },
        { name: 'legal.siret', value: '123 456 789 00012' },
        { name: 'legal.mediator', value: 'Médiateur du tourisme et du voyage' },
        { name: 'privacy.guest_data_retention_months', value: 24 },
      ],
    ],
    [
      'tax',
      [
        { name: 'tax.enabled', value: true },
        { name: 'tax.inclusive', value: false },
        { name: 'tax.default_rate', value: 5.5 },
      ],
    ],
    [
      'scheduling, delivery and pickup',
      [
        { name: 'scheduling.show_range', value: false },
        { name: 'scheduling.remove_first_range', value: true },
        { name: 'scheduling.remove_first_range_number', value: 2 },
        { name: 'scheduling.remove_last_range', value: true },
        { name: 'scheduling.remove_last_range_number', value: 1 },
        { name: 'scheduling.minimum_time', value: 45 },
        { name: 'scheduling.pickup_show_range', value: false },
        { name: 'scheduling.pickup_remove_first_range', value: true },
        { name: 'scheduling.pickup_remove_first_range_number', value: 1 },
        { name: 'scheduling.pickup_remove_last_range', value: true },
        { name: 'scheduling.pickup_remove_last_range_number', value: 3 },
        { name: 'scheduling.pickup_minimum_time', value: 25 },
      ],
    ],
    [
      'order handling',
      [
        { name: 'orders.email_only', value: false },
        { name: 'orders.unseen_alert_minutes', value: 3 },
        { name: 'orders.auto_reject_minutes', value: 12 },
        { name: 'orders.auto_print', value: true },
      ],
    ],
    [
      'delivery: distance-based, tiers and the restaurant’s position',
      [
        { name: 'features.delivery.active', value: true },
        { name: 'features.delivery.calculation_type', value: 'distance' },
        { name: 'features.delivery.unit', value: 'km' },
        { name: 'features.delivery.max_distance', value: 6 },
        { name: 'features.delivery.minimum_order', value: 18 },
        { name: 'features.delivery.flat_charge', value: 1.5 },
        { name: 'features.delivery.distance_fees', value: [{ up_to: 5, fee: 3 }, { up_to: 2, fee: 1 }] },
        { name: 'contacts.latitude', value: 45.76 },
        { name: 'contacts.longitude', value: 4.8357 },
      ],
    ],
  ])('%s', async (_section, changes) => {
    const before = await publicSettings();
    const answer = payloadOf(await patch(margot, changes));
    const expected = changes.filter((c) => JSON.stringify(before.get(c.name)) !== JSON.stringify(c.value)).map((c) => c.name);
    expect(expected.length).toBeGreaterThan(0);
    expect(SettingsPatchAnswerSchema.parse(answer).changed.sort()).toEqual(expected.sort());
    const storefront = await publicSettings();
    for (const change of changes) expect([change.name, storefront.get(change.name)]).toEqual([change.name, change.value]);
    // The answer carries the new versions: the same form can be saved again at once.
    const versions = new Map(answer.settings.map((s) => [s.name, s.version]));
    expect(payloadOf(await patch(margot, changes, versions)).changed).toEqual([]);
  });

  test('a setting the restaurant did not have is created with expected_version 0', async () => {
    expect((await storedRows()).some((row) => row.name === 'contacts.pinterest')).toBe(false);
    const answer = payloadOf(await patch(margot, [{ name: 'contacts.pinterest', value: 'https://www.pinterest.fr/chezmargot', expected_version: 0 }]));
    expect(answer.changed).toEqual(['contacts.pinterest']);
    expect((await publicSettings()).get('contacts.pinterest')).toBe('https://www.pinterest.fr/chezmargot');
  });

  test('strings are stored trimmed and zones with their defaults', async () => {
    await patch(margot, [
      { name: 'contacts.name', value: '  Chez Margot — Bistro  ' },
      { name: 'features.delivery.zones', value: [{ name: 'Presqu’île', postal_code: '69002', delivery_fee: 1.5 }] },
    ]);
    const storefront = await publicSettings();
    expect(storefront.get('contacts.name')).toBe('Chez Margot — Bistro');
    expect(storefront.get('features.delivery.zones')).toEqual([{ name: 'Presqu’île', city: '', postal_code: '69002', delivery_fee: 1.5, flat_charge: 0, minimum_order: 0 }]);
  });
});

describe('refusals: a French message on each field, nothing written', () => {
  test.each<[string, Change[], string[]]>([
    ['a negative zone fee', [{ name: 'features.delivery.zones', value: [zone('69002', 2), zone('69001', -1)] }], ['features.delivery.zones.1.delivery_fee']],
    ['an empty postal code', [{ name: 'features.delivery.zones', value: [zone('', 2)] }], ['features.delivery.zones.0.postal_code']],
    ['a postal code twice', [{ name: 'features.delivery.zones', value: [zone('69002', 2), zone('69002', 3, 'Bis')] }], ['features.delivery.zones.1.postal_code']],
    ['a negative minimum order', [{ name: 'features.delivery.minimum_order', value: -5 }], ['features.delivery.minimum_order']],
    ['minimum_time not a number', [{ name: 'scheduling.minimum_time', value: 'trente' }], ['scheduling.minimum_time']],
    ['an unknown setting', [{ name: 'contacts.fax', value: '04 78 00 00 01' }], ['contacts.fax']],
    ['a computed setting', [{ name: 'orders.screen_connected', value: false }], ['orders.screen_connected']],
    ['a pause written as a setting', [{ name: 'ordering.paused_until', value: '2026-11-24T12:00:00Z' }], ['ordering.paused_until']],
    [
      'one good field and two bad ones: every bad one reported, the good one not written',
      [
        { name: 'contacts.phone', value: '04 78 99 99 99' },
        { name: 'contacts.email', value: 'pas-une-adresse' },
        { name: 'tax.default_rate', value: 150 },
      ],
      ['contacts.email', 'tax.default_rate'],
    ],
  ])('%s', async (_case, changes, paths) => {
    const before = await storedRows();
    const audits = await auditCount();
    const refused = await patch(margot, changes);
    expect(refused.status).toBe(400);
    const error = errorOf(refused);
    expect(error.code).toBe('invalid_request');
    expect(looksFrench(error.message)).toBe(true);
    expect(error.errors.map((e) => e.path)).toEqual(paths);
    for (const e of error.errors) expect(looksFrench(e.message)).toBe(true);
    expect(await storedRows()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  test('the messages say what is wrong, in the words of the form', async () => {
    const error = errorOf(await patch(margot, [{ name: 'features.delivery.zones', value: [zone('69002', 2), zone('69002', -1, 'Bis')] }]));
    expect(error.errors).toEqual([
      { path: 'features.delivery.zones.1.delivery_fee', message: 'Les frais de livraison ne peuvent pas être négatifs.' },
      { path: 'features.delivery.zones.1.postal_code', message: 'Le code postal 69002 est déjà dans la zone « Lyon 69002 ».' },
    ]);
    expect(errorOf(await patch(margot, [{ name: 'contacts.fax', value: 'x' }])).errors[0]!.message).toContain('Réglage inconnu');
    expect(errorOf(await patch(margot, [{ name: 'orders.screen_connected', value: true }])).errors[0]!.message).toContain('calculé par le serveur');
  });

  test('a body that is not a list of changes: 400', async () => {
    const bad = await request(server.baseUrl, '/v2/restaurant/settings', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: margot.cookie },
      body: JSON.stringify({ changes: [{ name: 'tax.enabled', value: true }] }),
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).errors.map((e) => e.path)).toContain('changes.0.expected_version');
  });
});

describe('two owners at once', () => {
  test('the same setting: the second is refused with 409 and the current value, nothing written', async () => {
    const margotRead = await versionsOf(margot);
    const paulRead = await versionsOf(paul);
    expect(payloadOf(await patch(margot, [{ name: 'features.delivery.flat_charge', value: 2.5 }], margotRead)).changed).toEqual(['features.delivery.flat_charge']);
    const audits = await auditCount();
    const stale = await patch(paul, [{ name: 'features.delivery.flat_charge', value: 3 }, { name: 'contacts.phone', value: '04 78 55 55 55' }], paulRead);
    expect(stale.status).toBe(409);
    const error = errorOf(stale);
    expect(error.code).toBe('stale_edit');
    expect(looksFrench(error.message)).toBe(true);
    const current = (error as { payload?: { current: VersionedSetting[] } }).payload!.current;
    expect(current).toEqual([{ name: 'features.delivery.flat_charge', value: 2.5, version: expect.any(Number) }]);
    expect(current[0]!.version).toBeGreaterThan(paulRead.get('features.delivery.flat_charge')!);
    expect((await publicSettings()).get('features.delivery.flat_charge')).toBe(2.5);
    expect((await publicSettings()).get('contacts.phone')).not.toBe('04 78 55 55 55');
    expect(await auditCount()).toBe(audits);
    // Paul saves again on the version he was shown: his value wins, knowingly.
    const retry = new Map(paulRead).set('features.delivery.flat_charge', current[0]!.version);
    expect(payloadOf(await patch(paul, [{ name: 'features.delivery.flat_charge', value: 3 }], retry)).changed).toEqual(['features.delivery.flat_charge']);
    expect((await publicSettings()).get('features.delivery.flat_charge')).toBe(3);
  });

  test('different settings: both succeed', async () => {
    const margotRead = await versionsOf(margot);
    const paulRead = await versionsOf(paul);
    expect((await patch(margot, [{ name: 'legal.host', value: 'OVH, 2 rue Kellermann, Roubaix' }], margotRead)).status).toBe(200);
    expect((await patch(paul, [{ name: 'legal.vat_number', value: 'FR12345678901' }], paulRead)).status).toBe(200);
    const storefront = await publicSettings();
    expect(storefront.get('legal.host')).toBe('OVH, 2 rue Kellermann, Roubaix');
    expect(storefront.get('legal.vat_number')).toBe('FR12345678901');
  });

  test('creating the same new setting twice: the second sees it exists', async () => {
    expect((await patch(margot, [{ name: 'contacts.youtube', value: 'https://youtube.com/@margot', expected_version: 0 }])).status).toBe(200);
    const second = await patch(paul, [{ name: 'contacts.youtube', value: 'https://youtube.com/@paul', expected_version: 0 }]);
    expect(second.status).toBe(409);
    expect((errorOf(second) as { payload?: { current: VersionedSetting[] } }).payload!.current[0]!.value).toBe('https://youtube.com/@margot');
  });
});

describe('roles', () => {
  test('a staff member may neither read nor change the settings (403), nobody without a session (401)', async () => {
    const before = await storedRows();
    for (const answer of [await readSettings(karim), await patch(karim, [{ name: 'payments.cod.active', value: true, expected_version: 0 }], new Map())]) {
      expect(answer.status).toBe(403);
      expect(errorOf(answer).code).toBe('staff_forbidden');
      expect(looksFrench(errorOf(answer).message)).toBe(true);
    }
    expect((await readSettings(null)).status).toBe(401);
    expect((await patch(null, [{ name: 'payments.cod.active', value: true, expected_version: 0 }])).status).toBe(401);
    expect(await storedRows()).toEqual(before);
  });

  test('answers are never cached', async () => {
    expect((await readSettings(margot)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('the audit log', () => {
  test('one entry per changed setting: who, the sentence, before and after', async () => {
    await patch(margot, [{ name: 'features.delivery.minimum_order', value: 15 }]);
    const lastId = Math.max(0, ...(await server.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id));
    const answer = payloadOf(
      await patch(margot, [
        { name: 'features.delivery.minimum_order', value: 20 },
        { name: 'payments.cod.active', value: true },
        { name: 'contacts.email', value: (await publicSettings()).get('contacts.email') },
      ]),
    );
    expect(answer.changed.sort()).toEqual(['features.delivery.minimum_order', 'payments.cod.active']);
    const last = (await server.db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(auditLog.id));
    expect(last.map((e) => e.summary.replace(/\u202f|\u00a0/g, ' '))).toEqual(['Commande minimum en livraison : 15,00 € → 20,00 €', 'Paiement sur place (espèces) : non → oui']);
    expect(last[0]).toMatchObject({ staffId: margot.staffId, staffName: 'Margot Lefèvre', entityId: 'features.delivery.minimum_order', action: 'update', before: 15, after: 20 });
  });

  test('a new setting is logged as created; a zone change names the zone', async () => {
    await patch(margot, [{ name: 'contacts.linkedin', value: 'https://www.linkedin.com/company/margot', expected_version: 0 }]);
    await patch(margot, [{ name: 'features.delivery.zones', value: [zone('69002', 1.5), zone('69003', 3)] }]);
    await patch(margot, [{ name: 'features.delivery.zones', value: [zone('69002', 2), zone('69003', 3)] }]);
    const entries = await server.db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(auditLog.id);
    expect(entries.find((e) => e.entityId === 'contacts.linkedin')).toMatchObject({ action: 'create', before: null });
    expect(entries.at(-1)!.summary.replace(/\u202f|\u00a0/g, ' ')).toBe('Zones de livraison : 69002 Lyon (frais 1,50 € → 2,00 €)');
  });
});

describe('the delivery quote follows the settings at once', () => {
  const quote = async () =>
    payloadOf(await getJson<DistanceAnswer>(server.baseUrl, `/v2/public/locations/distance?location=${encodeURIComponent('commune:69382:69002:8 rue Mercière')}`));

  test('a zone’s new fee is the next quote’s', async () => {
    await patch(margot, [
      { name: 'features.delivery.active', value: true },
      { name: 'features.delivery.calculation_type', value: 'zone_based' },
      { name: 'features.delivery.max_distance', value: 8 },
      { name: 'contacts.latitude', value: 45.7578 },
      { name: 'contacts.longitude', value: 4.832 },
      { name: 'features.delivery.zones', value: [zone('69002', 1.5, 'Presqu’île')] },
    ]);
    expect(await quote()).toMatchObject({ delivery_cost: 1.5, zone: 'Presqu’île', refusal: null });
    await patch(margot, [{ name: 'features.delivery.zones', value: [zone('69002', 4.2, 'Presqu’île')] }]);
    expect(await quote()).toMatchObject({ delivery_cost: 4.2, zone: 'Presqu’île', refusal: null });
    await patch(margot, [{ name: 'features.delivery.zones', value: [zone('69003', 3)] }]);
    expect((await quote()).refusal?.reason).toBe('outside_zones');
  });

  test('distance-based: the tier covering the distance, refused past the last tier', async () => {
    await patch(margot, [
      { name: 'features.delivery.calculation_type', value: 'distance' },
      { name: 'features.delivery.distance_fees', value: [{ up_to: 1, fee: 0.5 }, { up_to: 3, fee: 2.75 }] },
    ]);
    const record = await quote();
    expect(record.distance).toBeGreaterThan(0);
    expect(record.delivery_cost).toBe(record.distance <= 1 ? 0.5 : 2.75);
    await patch(margot, [{ name: 'features.delivery.distance_fees', value: [{ up_to: 0.1, fee: 1 }] }]);
    expect((await quote()).refusal?.reason).toBe('too_far');
  });
});
