import { describe, expect, test } from 'vitest';
import { OfferEditSchema, checkOfferEdit, describeOffer, formatDays, normaliseOfferInput, offerTypeFields, type OfferEditInput } from './backoffice-offers.ts';
import { offerTypes } from './offers.ts';

/** The back office's offer rules (docs/decisions/023): fields per type, checks, canonical code, conditions in words. */

const names = {
  menus: new Map([[1, 'La carte']]),
  categories: new Map([
    [1, 'Pizzas'],
    [5, 'Desserts'],
  ]),
  items: new Map([
    [121, 'Tarte aux pralines roses'],
    [101, 'Œufs en meurette'],
  ]),
};

const parse = (fields: Partial<OfferEditInput>) => OfferEditSchema.parse({ name: 'Offre', type: 'percentage', value: 10, ...fields });

describe('offerTypeFields', () => {
  test('each type shows only the fields it uses', () => {
    expect(Object.fromEntries(offerTypes.map((type) => [type, offerTypeFields(type)]))).toEqual({
      percentage: { value: 'percent', gift: false, minUnits: false },
      fixed_amount: { value: 'euros', gift: false, minUnits: false },
      free_delivery: { value: null, gift: false, minUnits: false },
      free_item: { value: null, gift: true, minUnits: false },
      buy_one_get_one: { value: null, gift: false, minUnits: false },
      cheapest_item: { value: 'percent', gift: false, minUnits: true },
    });
  });
});

describe('checkOfferEdit', () => {
  test('a valid offer has no problem', () => {
    expect(checkOfferEdit(parse({}))).toEqual([]);
    expect(checkOfferEdit(parse({ type: 'free_delivery', value: 0 }))).toEqual([]);
    expect(checkOfferEdit(parse({ type: 'free_item', value: 0, items: [121] }))).toEqual([]);
  });

  test.each([
    [{ value: 101 }, ['value']],
    [{ type: 'cheapest_item', value: 100.5 }, ['value']],
    [{ type: 'fixed_amount', value: 0 }, ['value']],
    [{ auto_apply: 'No' }, ['code']],
    [{ auto_apply: 'Yes', code: 'ABC' }, ['code']],
    [{ type: 'free_item', value: 0, items: [121, 122] }, ['items']],
  ] as const)('%j → a problem on %j', (fields, paths) => {
    const offer = OfferEditSchema.safeParse({ name: 'Offre', type: 'percentage', value: 10, ...fields });
    expect(offer.success).toBe(false);
    expect(offer.error?.issues.map((i) => i.path.join('.'))).toEqual(paths);
    for (const issue of offer.error?.issues ?? []) expect(issue.message).toMatch(/[a-zé]/);
  });
});

describe('normaliseOfferInput', () => {
  test('the code is trimmed and upper-cased; an empty code is none; anything else is left alone', () => {
    expect(normaliseOfferInput({ code: '  bienvenue10 ', name: 'x' })).toEqual({ code: 'BIENVENUE10', name: 'x' });
    expect(normaliseOfferInput({ code: '   ' })).toEqual({ code: null });
    expect(normaliseOfferInput({ code: null })).toEqual({ code: null });
    expect(normaliseOfferInput({ code: 12 })).toEqual({ code: 12 });
    expect(normaliseOfferInput('texte')).toBe('texte');
    expect(normaliseOfferInput(null)).toBeNull();
  });
});

describe('formatDays', () => {
  test('consecutive days as a range, others listed in week order', () => {
    expect(formatDays(['thu', 'mon', 'tue', 'wed'])).toBe('lun. au jeu.');
    expect(formatDays(['sat', 'sun'])).toBe('sam., dim.');
    expect(formatDays(['fri', 'mon'])).toBe('lun., ven.');
  });
});

describe('describeOffer', () => {
  test('a coupon with every condition', () => {
    const offer = parse({
      value: 12.5,
      categories: [1],
      items: [101],
      active_times: [{ days: ['mon', 'tue', 'wed', 'thu'], start: '11:30', end: '14:00' }],
      delivery_pickup: 'pickup',
      minimum_amount: 20,
      allow_repeat: false,
      auto_apply: 'No',
      code: 'MIDI',
    });
    expect(describeOffer(offer, names)).toEqual([
      '12,5 % de remise',
      'Sur : Pizzas, Œufs en meurette',
      'lun. au jeu. de 11:30 à 14:00',
      'À emporter seulement',
      'Dès 20,00\u00a0€ d’achat',
      'Une fois par client',
      'Avec le code MIDI',
    ]);
  });

  test('each type says what it gives; scope follows the pricing’s rule', () => {
    const first = (fields: Partial<OfferEditInput>) => describeOffer(parse(fields), names).slice(0, 2);
    expect(first({ type: 'fixed_amount', value: 3 })).toEqual(['3,00\u00a0€ de remise', 'Toute la carte']);
    expect(first({ type: 'free_delivery', value: 0 })).toEqual(['Livraison offerte', 'Toute la carte']);
    expect(first({ type: 'free_item', value: 0, items: [121], categories: [5] })).toEqual(['Tarte aux pralines roses offert', 'Sur : Desserts']);
    expect(first({ type: 'buy_one_get_one', value: 0, items: [999] })).toEqual(['1 acheté = 1 offert', 'Sur : n° 999 (supprimé)']);
    expect(first({ type: 'cheapest_item', value: 50, min_units: 2, categories: [1] })).toEqual([
      '50 % sur l’article le moins cher, dès 2 articles concernés',
      'Sur : Pizzas',
    ]);
    expect(describeOffer(parse({ is_public: true }), names)).toEqual([
      '10 % de remise',
      'Aucun article (offre affichée sans portée)',
      'Tous les jours, à toute heure',
      'À emporter et en livraison',
      'Automatique',
      'Affichée sur la carte',
    ]);
  });
});
