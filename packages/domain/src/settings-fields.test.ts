import { describe, expect, test } from 'vitest';
import { KnownSettingsSchema } from './restaurant-file.ts';
import { checkSettingChanges, describeSettingChange, isComputedSetting, sameSettingValue } from './settings-fields.ts';
import demo from '../../../apps/api/restaurant/demo-restaurant.json' with { type: 'json' };

const shape = KnownSettingsSchema.shape;
const zone = (postal_code: string, delivery_fee = 2, city = 'Lyon', name = `Lyon ${postal_code}`) => ({ name, city, postal_code, delivery_fee, flat_charge: 2, minimum_order: 15 });
const check = (name: string, value: unknown) => checkSettingChanges(shape, [{ name, value }]);
const issues = (result: ReturnType<typeof checkSettingChanges>) => (result.ok ? [] : result.issues);

/** docs/decisions/023: the back office's settings are checked by the restaurant file's own schema. */
describe('checkSettingChanges', () => {
  test('the demo restaurant’s settings pass the extended schema (the file import keeps working)', () => {
    expect(KnownSettingsSchema.loose().safeParse(demo.settings).success).toBe(true);
  });

  test.each([
    ['features.delivery.minimum_order', 20],
    ['features.delivery.zones', [zone('69002'), zone('69001', 0)]],
    ['features.delivery.distance_fees', [{ up_to: 3, fee: 0 }, { up_to: 8, fee: 2.5 }]],
    ['scheduling.minimum_time', 45],
    ['scheduling.pickup_remove_first_range_number', 2],
    ['tax.default_rate', 5.5],
    ['contacts.phone', '04 78 00 00 00'],
    ['contacts.instagram', ''],
    ['contacts.email', 'bonjour@chez-margot.fr'],
    ['payments.cod.active', false],
    ['orders.auto_reject_minutes', 15],
  ])('%s = %j is accepted', (name, value) => {
    expect(check(name, value).ok).toBe(true);
  });

  test.each([
    ['features.delivery.minimum_order', -1, 'features.delivery.minimum_order', 'négatif'],
    ['features.delivery.zones', [zone('69002', -2)], 'features.delivery.zones.0.delivery_fee', 'négatifs'],
    ['features.delivery.zones', [zone('6900')], 'features.delivery.zones.0.postal_code', '5 chiffres'],
    ['features.delivery.zones', [zone('')], 'features.delivery.zones.0.postal_code', '5 chiffres'],
    ['features.delivery.zones', [zone('69002'), zone('69002', 3, 'lyon', 'Bis')], 'features.delivery.zones.1.postal_code', 'déjà dans la zone « Lyon 69002 »'],
    ['features.delivery.distance_fees', [{ up_to: 3, fee: 1 }, { up_to: 3, fee: 2 }], 'features.delivery.distance_fees.1.up_to', 'Deux paliers'],
    ['scheduling.minimum_time', '30', 'scheduling.minimum_time', 'minutes'],
    ['scheduling.minimum_time', 12.5, 'scheduling.minimum_time', 'entier'],
    ['contacts.phone', 'pas un numéro', 'contacts.phone', 'téléphone'],
    ['contacts.facebook', 'facebook.com/x', 'contacts.facebook', 'https://'],
    ['features.delivery.unit', 'parsecs', 'features.delivery.unit', 'km ou miles'],
    ['contacts.name', '   ', 'contacts.name', 'obligatoire'],
  ])('%s = %j is refused on %s with a French message', (name, value, path, words) => {
    const found = issues(check(name, value));
    expect(found.map((i) => i.path)).toContain(path);
    expect(found.find((i) => i.path === path)?.message).toContain(words);
  });

  test('unknown, computed, duplicated and missing values are refused, each on its name, all at once', () => {
    const result = checkSettingChanges(shape, [
      { name: 'contacts.nom', value: 'x' },
      { name: 'orders.screen_connected', value: true },
      { name: 'ordering.paused_until', value: 'x' },
      { name: 'tax.enabled', value: true },
      { name: 'tax.enabled', value: false },
      { name: 'tax.inclusive', value: null },
    ]);
    expect(issues(result).map((i) => i.path)).toEqual(['contacts.nom', 'orders.screen_connected', 'ordering.paused_until', 'tax.enabled', 'tax.inclusive']);
    expect(issues(result)[0]!.message).toContain('Réglage inconnu');
    expect(issues(result)[1]!.message).toContain('calculé');
  });

  test('values come back parsed: strings trimmed, zone defaults filled', () => {
    const result = checkSettingChanges(shape, [
      { name: 'contacts.name', value: '  Chez Margot ' },
      { name: 'features.delivery.zones', value: [{ name: 'Centre', postal_code: '69002', delivery_fee: 1 }] },
    ]);
    expect(result).toEqual({
      ok: true,
      values: [
        { name: 'contacts.name', value: 'Chez Margot' },
        { name: 'features.delivery.zones', value: [{ name: 'Centre', city: '', postal_code: '69002', delivery_fee: 1, flat_charge: 0, minimum_order: 0 }] },
      ],
    });
  });

  test('amounts are stored to the cent, without binary noise', () => {
    expect(check('features.delivery.flat_charge', 1 + 0.14)).toEqual({ ok: true, values: [{ name: 'features.delivery.flat_charge', value: 1.14 }] });
    expect(issues(check('features.delivery.flat_charge', 1.145))[0]?.message).toContain('2 décimales');
  });

  test('computed settings: the screen presence, ordering.* and calendar.*', () => {
    expect(['orders.screen_connected', 'ordering.paused', 'calendar.closed_today'].every(isComputedSetting)).toBe(true);
    expect(isComputedSetting('orders.email_only')).toBe(false);
  });
});

describe('describeSettingChange (the audit log’s sentence)', () => {
  test.each([
    ['features.delivery.minimum_order', 15, 20, 'Commande minimum en livraison : 15,00\u00a0€ → 20,00\u00a0€'],
    ['payments.cod.active', true, false, 'Paiement sur place (espèces) : oui → non'],
    ['scheduling.minimum_time', 30, 45, 'Livraison : délai minimum (minutes) : 30 min → 45 min'],
    ['contacts.latitude', 45.7578, 45.76012, 'Latitude du restaurant : 45,7578 → 45,76012'],
    ['tax.default_rate', 10, 5.5, 'Taux de TVA par défaut (%) : 10 % → 5,5 %'],
    ['contacts.twitter', undefined, 'https://x.com/margot', 'X (Twitter) : (non renseigné) → « https://x.com/margot »'],
    ['features.delivery.calculation_type', 'zone_based', 'distance', 'Calcul des frais de livraison : par zones (codes postaux) → par distance (paliers)'],
    ['features.delivery.distance_fees', [], [{ up_to: 3, fee: 0 }], 'Paliers de distance : aucun palier → jusqu’à 3 : 0,00\u00a0€'],
  ])('%s %j → %j', (name, before, after, sentence) => {
    expect(describeSettingChange(name, before, after).replace(/\u202f/g, '\u00a0')).toBe(sentence);
  });

  test('a zone list names what was added, removed and changed', () => {
    const sentence = describeSettingChange('features.delivery.zones', [zone('69001'), zone('69002', 1.5)], [zone('69002', 2), zone('69007')]);
    expect(sentence.replace(/\u202f/g, ' ')).toBe('Zones de livraison : 69002 Lyon (frais 1,50 € → 2,00 €) ; ajout de 69007 Lyon ; retrait de 69001 Lyon'.replace(/ €/g, '\u00a0€'));
  });
});

test('sameSettingValue ignores key order, not values', () => {
  expect(sameSettingValue([{ a: 1, b: 'x' }], [{ b: 'x', a: 1 }])).toBe(true);
  expect(sameSettingValue([{ a: 1 }], [{ a: 2 }])).toBe(false);
  expect(sameSettingValue(15, 15)).toBe(true);
  expect(sameSettingValue('15', 15)).toBe(false);
});
