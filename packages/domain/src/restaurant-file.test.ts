import { describe, test, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RestaurantFileSchema, formatRestaurantFileErrors } from './restaurant-file.ts';
import { readOrderHandlingSettings } from './settings.ts';
import { offerTypes } from './offers.ts';

/** Loose shape of a fixture: tests add, remove and break fields freely. */
type Loose = Record<string, unknown>;
type FixtureFile = Loose & { settings: Loose; menus: (Loose & { categories: (Loose & { items: Loose[] })[] })[] };

/** A minimal valid restaurant file: one menu, one category, one item. Fresh object on every call. */
function minimalFile(): FixtureFile {
  return {
    settings: { 'contacts.name': 'Chez Test', 'features.delivery.active': true },
    menus: [
      {
        menu_id: 1,
        name: 'La carte',
        active_times: { mon: [{ start: '11:30', end: '14:00' }] },
        time_ranges: { mon: [{ start: '11:30', end: '14:00' }] },
        pickup_time_ranges: {},
        categories: [
          {
            category_id: 1,
            name: 'Pizzas',
            items: [
              {
                item_id: 1,
                name: 'Pizza Reine',
                image: '/images/pizza-reine.webp',
                price_delivery: 12.5,
                price_pickup: 11,
              },
            ],
          },
        ],
      },
    ],
  };
}

function errorsOf(json: unknown): string[] {
  const result = RestaurantFileSchema.safeParse(json);
  expect(result.success).toBe(false);
  return result.success ? [] : formatRestaurantFileErrors(result.error);
}

function firstItem(file: FixtureFile): Loose {
  const item = file.menus[0]?.categories[0]?.items[0];
  if (!item) throw new Error('fixture without item');
  return item;
}

/** English words zod would print without the French locale. */
const english = /\b(invalid input|expected|received|required|too small|too big|unrecognized)\b/iu;

describe('RestaurantFileSchema: valid files (docs/decisions/016, section 5: the restaurant file)', () => {
  test('a minimal valid file parses, with defaults filled', () => {
    const result = RestaurantFileSchema.safeParse(minimalFile());
    expect(result.success).toBe(true);
    expect(result.data?.offers).toEqual([]);
    expect(result.data?.coupons).toEqual([]);
    expect(result.data?.menus[0]).toMatchObject({ description: '', available: true });
    expect(result.data?.menus[0]?.categories[0]?.items[0]).toEqual({
      item_id: 1,
      name: 'Pizza Reine',
      description: '',
      image: '/images/pizza-reine.webp',
      score: 0,
      price_delivery: 12.5,
      price_pickup: 11,
      tax_rate: null,
      available: true,
      allergens: [],
      diets: [],
      alcoholic: false,
      options: [],
    });
  });

  test('an item may be flagged alcoholic; the privacy and meal-voucher settings parse (docs/decisions/012)', () => {
    const file = minimalFile();
    Object.assign(firstItem(file), { alcoholic: true });
    Object.assign(file.settings, {
      'privacy.guest_data_retention_months': 24,
      'payments.meal_voucher.active': true,
      'payments.meal_voucher.daily_limit': 25,
    });
    const result = RestaurantFileSchema.safeParse(file);
    expect(result.success).toBe(true);
    expect(result.data?.menus[0]?.categories[0]?.items[0]?.alcoholic).toBe(true);
    expect(result.data?.settings['payments.meal_voucher.daily_limit']).toBe(25);
    expect(result.data?.settings['contacts.name']).toBe('Chez Test');
  });

  test('the demo file carries the order handling settings of docs/decisions/022, with their defaults', () => {
    const demo = JSON.parse(readFileSync(fileURLToPath(new URL('../../../apps/api/restaurant/demo-restaurant.json', import.meta.url)), 'utf8')) as FixtureFile;
    const result = RestaurantFileSchema.safeParse(demo);
    expect(result.success).toBe(true);
    const settings = Object.entries(result.data?.settings ?? {}).map(([name, value]) => ({ name, value }));
    expect(settings.filter((s) => s.name.startsWith('orders.')).map((s) => s.name).sort()).toEqual([
      'orders.auto_print',
      'orders.auto_reject_minutes',
      'orders.email_only',
      'orders.unseen_alert_minutes',
    ]);
    expect(readOrderHandlingSettings(settings)).toEqual({ unseenAlertMinutes: 2, autoRejectMinutes: 10, autoPrint: false, emailOnly: false });
  });

  test('options, offers and coupons of every type parse', () => {
    const file = minimalFile();
    Object.assign(firstItem(file), {
      tax_rate: 5.5,
      options: [{ option_id: 1, name: 'Taille', selected: 1, required: true, values: [{ id: 1, name: 'Grande', price: 3 }] }],
    });
    file.offers = offerTypes.map((type, index) => ({ id: index + 1, name: `Offre ${type}`, type, value: 10, items: [1], categories: [1], menus: [1] }));
    file.coupons = [
      { id: 50, name: 'Bienvenue', type: 'percentage', value: 10, code: 'BIENVENUE10', active_times: [{ days: ['mon', 'tue'], start: '00:00', end: '23:59' }] },
    ];
    const result = RestaurantFileSchema.safeParse(file);
    expect(result.success).toBe(true);
    expect(result.data?.coupons[0]).toMatchObject({ code: 'BIENVENUE10', auto_apply: 'No' });
    expect(result.data?.offers[0]).toMatchObject({ auto_apply: 'Yes', code: null, is_active: true, delivery_pickup: 'both' });
  });

  test('prices with 2 decimals are accepted, float noise included', () => {
    const file = minimalFile();
    Object.assign(firstItem(file), { price_delivery: 0.1 + 0.2, price_pickup: 19.99 });
    expect(RestaurantFileSchema.safeParse(file).success).toBe(true);
  });
});

describe('RestaurantFileSchema: errors name their path and are French', () => {
  test.each([
    ['privacy.guest_data_retention_months', 0, 'Durée de conservation : 1 mois au moins.'],
    ['privacy.guest_data_retention_months', 2.5, 'Durée de conservation attendue en mois entiers.'],
    ['payments.meal_voucher.active', 'oui', 'Attendu : true ou false.'],
    ['payments.meal_voucher.daily_limit', -1, 'Le plafond journalier est positif.'],
    ['payments.meal_voucher.daily_limit', '25', 'Plafond journalier attendu en euros (ex. 25).'],
    ['orders.unseen_alert_minutes', 0, 'Alerte : 1 minute au moins.'],
    ['orders.unseen_alert_minutes', 1.5, 'Délai attendu en minutes entières.'],
    ['orders.auto_reject_minutes', 241, 'Refus automatique : 240 minutes au plus.'],
    ['orders.auto_print', 'oui', 'Attendu : true ou false.'],
    ['orders.email_only', 1, 'Attendu : true ou false.'],
  ])('setting %s = %j → "%s"', (name, value, message) => {
    const file = minimalFile();
    file.settings[name] = value;
    expect(errorsOf(file)).toEqual([`settings.${name} : ${message}`]);
  });

  test('missing price_pickup → a line starting "menus.0.categories.0.items.0.price_pickup : "', () => {
    const file = minimalFile();
    delete firstItem(file).price_pickup;
    const errors = errorsOf(file);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.startsWith('menus.0.categories.0.items.0.price_pickup : ')).toBe(true);
    expect(errors[0]).not.toMatch(english);
    expect(errors[0]).toMatch(/nombre|invalide/u);
  });

  test('an empty document names settings and menus at the top level', () => {
    const errors = errorsOf({});
    expect(errors.map((e) => e.split(' : ')[0])).toEqual(['settings', 'menus']);
    for (const error of errors) expect(error).not.toMatch(english);
  });

  test('a document that is not an object is reported at (racine)', () => {
    const errors = errorsOf([]);
    expect(errors[0]?.startsWith('(racine) : ')).toBe(true);
  });

  test('a price with more than 2 decimals → French message', () => {
    const file = minimalFile();
    firstItem(file).price_pickup = 12.345;
    expect(errorsOf(file)).toEqual(['menus.0.categories.0.items.0.price_pickup : Montant en euros avec 2 décimales au plus.']);
  });

  test('a negative price is refused in French', () => {
    const file = minimalFile();
    firstItem(file).price_delivery = -1;
    const errors = errorsOf(file);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.startsWith('menus.0.categories.0.items.0.price_delivery : ')).toBe(true);
    expect(errors[0]).not.toMatch(english);
  });

  test('times must be HH:MM and weekdays three-letter lowercase', () => {
    const file = minimalFile();
    Object.assign(file.menus[0] ?? {}, { time_ranges: { mon: [{ start: '24:00', end: '9:00' }], monday: [] } });
    const errors = errorsOf(file);
    expect(errors).toContain('menus.0.time_ranges.mon.0.start : Heure attendue au format HH:MM (ex. 19:30).');
    expect(errors).toContain('menus.0.time_ranges.mon.0.end : Heure attendue au format HH:MM (ex. 19:30).');
    expect(errors.some((e) => e.startsWith('menus.0.time_ranges : '))).toBe(true);
    for (const error of errors) expect(error).not.toMatch(english);
  });

  test('a coupon needs a code', () => {
    const file = minimalFile();
    file.coupons = [{ id: 9, name: 'Sans code', type: 'percentage', value: 10 }];
    const errors = errorsOf(file);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.startsWith('coupons.0.code : ')).toBe(true);
  });

  test('a coupon code is uppercase letters, digits, - or _', () => {
    const file = minimalFile();
    file.coupons = [{ id: 9, name: 'Minuscules', type: 'percentage', value: 10, code: 'bienvenue' }];
    expect(errorsOf(file)).toEqual(['coupons.0.code : Code attendu en majuscules, chiffres, - ou _ (3 à 30).']);
  });

  test('an unknown offer type is refused at its path', () => {
    const file = minimalFile();
    file.offers = [{ id: 1, name: 'Bizarre', type: 'bogo' }];
    const errors = errorsOf(file);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.startsWith('offers.0.type : ')).toBe(true);
    expect(errors[0]).not.toMatch(english);
  });
});

describe('RestaurantFileSchema: cross-checks', () => {
  test('duplicate item ids are refused, naming the second one', () => {
    const file = minimalFile();
    file.menus[0]?.categories[0]?.items.push({ ...firstItem(file), name: 'Pizza bis' });
    expect(errorsOf(file)).toEqual(['menus.0.categories.0.items.1.item_id : Le numéro de plat 1 est utilisé deux fois.']);
  });

  test('duplicate item ids across categories are refused too', () => {
    const file = minimalFile();
    file.menus[0]?.categories.push({ category_id: 2, name: 'Burgers', items: [{ ...firstItem(file) }] });
    expect(errorsOf(file)).toEqual(['menus.0.categories.1.items.0.item_id : Le numéro de plat 1 est utilisé deux fois.']);
  });

  test('duplicate category ids are refused', () => {
    const file = minimalFile();
    file.menus[0]?.categories.push({ category_id: 1, name: 'Encore', items: [] });
    expect(errorsOf(file)).toEqual(['menus.0.categories.1.category_id : Le numéro de catégorie 1 est utilisé deux fois.']);
  });

  test('duplicate option value ids are refused', () => {
    const file = minimalFile();
    firstItem(file).options = [
      { option_id: 1, name: 'Taille', selected: 1, values: [{ id: 7, name: 'M' }] },
      { option_id: 2, name: 'Pâte', selected: 1, values: [{ id: 7, name: 'Fine' }] },
    ];
    expect(errorsOf(file)).toEqual(['menus.0.categories.0.items.0.options.1.values.0.id : Le numéro de valeur d’option 7 est utilisé deux fois.']);
  });

  test('an option asking for more values than it has is refused, on its selected field (docs/decisions/023)', () => {
    const file = minimalFile();
    const sauces = { option_id: 1, name: 'Sauces', selected: 3, values: [{ id: 1, name: 'Ketchup' }, { id: 2, name: 'Mayonnaise' }] };
    firstItem(file).options = [sauces];
    expect(errorsOf(file)).toEqual(['menus.0.categories.0.items.0.options.0.selected : Cette option demande 3 choix mais n’a que 2 valeurs.']);
    sauces.selected = 2;
    expect(RestaurantFileSchema.safeParse(file).success).toBe(true);
  });

  test('an offer id shared between offers and coupons is refused', () => {
    const file = minimalFile();
    file.offers = [{ id: 3, name: 'Auto', type: 'percentage', value: 10 }];
    file.coupons = [{ id: 3, name: 'Code', type: 'percentage', value: 10, code: 'CODE10' }];
    expect(errorsOf(file)).toEqual(["coupons.0.id : Le numéro d'offre 3 est utilisé deux fois."]);
  });

  test.each([
    ['items', 42],
    ['categories', 42],
    ['menus', 42],
  ])('an offer referencing an unknown %s id is refused', (field, ref) => {
    const file = minimalFile();
    file.offers = [{ id: 1, name: 'Offre', type: 'percentage', value: 10, [field]: [1, ref] }];
    expect(errorsOf(file)).toEqual([`offers.0.${field}.1 : Référence inconnue : 42.`]);
  });

  test('a coupon referencing an unknown item is refused at its own path', () => {
    const file = minimalFile();
    file.coupons = [
      { id: 1, name: 'Ok', type: 'free_item', code: 'OK1', items: [1] },
      { id: 2, name: 'Ko', type: 'free_item', code: 'KO2', items: [99] },
    ];
    expect(errorsOf(file)).toEqual(['coupons.1.items.0 : Référence inconnue : 99.']);
  });

  test.each([
    'https://cdn.example.com/pizza.jpg',
    'http://example.com/images/pizza.png',
    '//cdn.example.com/images/pizza.png',
    'images/pizza.png',
    '/images/pizza.gif',
    '/images/pizza.png?w=300',
    '/uploads/../../etc/passwd.png',
  ])('external or unsupported image %j is refused', (image) => {
    const file = minimalFile();
    firstItem(file).image = image;
    expect(errorsOf(file)).toEqual(['menus.0.categories.0.items.0.image : Image attendue sous /images/… ou /uploads/… (fichier du site, pas d’URL externe).']);
  });

  test.each(['/images/pizza.svg', '/images/plats/pizza-reine.jpeg', '/images/a_b.avif', '/images/x.jpg', '/uploads/3f2a9c-800.webp'])('local image %j is accepted', (image) => {
    const file = minimalFile();
    firstItem(file).image = image;
    expect(RestaurantFileSchema.safeParse(file).success).toBe(true);
  });

  // A coupon is looked up by its code (docs/decisions/016, section 6.2) and offers.code is UNIQUE in the
  // database (apps/api/src/db/schema.ts): a repeated code must be a clear French error here,
  // not a database constraint failure in the middle of the import.
  test.each([
    [
      'two coupons',
      {
        coupons: [
          { id: 1, name: 'A', type: 'percentage', value: 10, code: 'PROMO10' },
          { id: 2, name: 'B', type: 'percentage', value: 20, code: 'PROMO10' },
        ],
      },
      'coupons.1.code',
    ],
    [
      'an offer and a coupon',
      {
        offers: [{ id: 1, name: 'A', type: 'percentage', value: 10, code: 'PROMO10' }],
        coupons: [{ id: 2, name: 'B', type: 'percentage', value: 20, code: 'PROMO10' }],
      },
      'coupons.0.code',
    ],
  ])('a coupon code used twice (%s) is refused at the second use', (_name, patch, path) => {
    const errors = errorsOf({ ...minimalFile(), ...patch });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.startsWith(`${path} : `)).toBe(true);
    expect(errors[0]).toContain('PROMO10');
  });
});

const demoPath = fileURLToPath(new URL('../../../apps/api/restaurant/demo-restaurant.json', import.meta.url));

describe('the shipped demo restaurant (apps/api/restaurant/demo-restaurant.json)', () => {
  const parse = () => RestaurantFileSchema.safeParse(JSON.parse(readFileSync(demoPath, 'utf8')));

  test('parses without errors', () => {
    const result = parse();
    expect(result.success ? [] : formatRestaurantFileErrors(result.error)).toEqual([]);
  });

  test('has categories 1, 2 and 9 (section 9 promotion) and at least 25 items', () => {
    const result = parse();
    if (!result.success) throw new Error('demo file does not parse');
    const categories = result.data.menus.flatMap((menu) => menu.categories);
    const ids = categories.map((category) => category.category_id);
    expect(ids).toEqual(expect.arrayContaining([1, 2, 9]));
    for (const id of [1, 2, 9]) expect(categories.find((c) => c.category_id === id)?.items.length ?? 0).toBeGreaterThan(0);
    expect(categories.reduce((sum, category) => sum + category.items.length, 0)).toBeGreaterThanOrEqual(25);
  });

  test('has options, offers and coupons of every type (docs/decisions/016, section 5)', () => {
    const result = parse();
    if (!result.success) throw new Error('demo file does not parse');
    const items = result.data.menus.flatMap((menu) => menu.categories.flatMap((category) => category.items));
    expect(items.some((item) => item.options.length > 0)).toBe(true);
    const types = new Set([...result.data.offers, ...result.data.coupons].map((offer) => offer.type));
    expect([...types].sort()).toEqual([...offerTypes].sort());
    expect(result.data.coupons.length).toBeGreaterThan(0);
  });
});
