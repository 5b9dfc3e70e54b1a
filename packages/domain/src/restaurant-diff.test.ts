import { describe, expect, test } from 'vitest';
import { RestaurantFileSchema } from './restaurant-file.ts';
import { auditFieldLines, diffRestaurantFiles, formatFieldValue } from './restaurant-diff.ts';

const file = (patch: { price?: number; days?: Record<string, unknown>; setting?: number; extraItem?: boolean } = {}) =>
  RestaurantFileSchema.parse({
    settings: { 'orders.auto_reject_minutes': patch.setting ?? 10 },
    menus: [
      {
        menu_id: 1,
        name: 'Carte',
        active_times: patch.days ?? { tue: [{ start: '11:30', end: '14:30' }] },
        time_ranges: {},
        pickup_time_ranges: {},
        categories: [
          {
            category_id: 1,
            name: 'Pizzas',
            items: [
              { item_id: 10, name: 'Margherita', image: '/images/a.svg', price_pickup: patch.price ?? 11.5, price_delivery: 12.5 },
              ...(patch.extraItem ? [{ item_id: 11, name: 'Regina', image: '/images/b.svg', price_pickup: 13, price_delivery: 14 }] : []),
            ],
          },
        ],
      },
    ],
  });

describe('diffRestaurantFiles', () => {
  test('the same restaurant: nothing, even when a closed day is written [] on one side and missing on the other', () => {
    const diff = diffRestaurantFiles(file(), file({ days: { mon: [], tue: [{ start: '11:30', end: '14:30' }] } }));
    expect(diff).toEqual({ changes: [], settings: [], pricesChanged: 0, summary: 'aucun changement' });
  });

  test('a price changed, a dish added and removed, a setting changed, in French', () => {
    const diff = diffRestaurantFiles(file(), file({ price: 12.5, extraItem: true, setting: 12 }));
    expect(diff.changes).toEqual([
      {
        kind: 'item',
        change: 'changed',
        id: '10',
        name: 'Margherita',
        fields: [
          { field: 'price_pickup', label: 'Prix à emporter', before: formatFieldValue('price_pickup', 11.5), after: formatFieldValue('price_pickup', 12.5) },
        ],
      },
      { kind: 'item', change: 'added', id: '11', name: 'Regina', fields: [] },
    ]);
    expect(formatFieldValue('price_pickup', 11.5)).toMatch(/^11,50\s€$/u);
    expect(diff.settings).toEqual([{ name: 'orders.auto_reject_minutes', before: '10', after: '12' }]);
    expect(diff.summary).toBe('1 plat ajouté, 1 prix changé, 1 réglage changé');
    expect(diffRestaurantFiles(file({ extraItem: true }), file()).summary).toBe('1 plat supprimé');
  });
});

describe('auditFieldLines', () => {
  test('flattens nested values, labels known fields and marks what changed', () => {
    const lines = auditFieldLines(
      { name: 'Margherita', price_pickup: 11.5, options: [{ name: 'Taille' }] },
      { name: 'Margherita', price_pickup: 12.5, options: [{ name: 'Tailles' }] },
    );
    expect(lines.map((l) => [l.label, l.changed])).toEqual([
      ['Nom', false],
      ['Prix à emporter', true],
      ['options.0.name', true],
    ]);
    expect(lines[1]!.after).toMatch(/^12,50\s€$/u);
  });

  test('a creation has nothing before, a deletion nothing after', () => {
    expect(auditFieldLines(null, { available: true })).toEqual([{ path: 'available', label: 'Disponible', before: '—', after: 'Oui', changed: true }]);
    expect(auditFieldLines({ available: false }, null)).toEqual([{ path: 'available', label: 'Disponible', before: 'Non', after: '—', changed: true }]);
  });
});
