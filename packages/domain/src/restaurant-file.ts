import { z } from './zod-fr.ts';
import { weekdays } from './catalogue.ts';
import { offerTypes } from './offers.ts';
import { allergens, diets } from './allergens.ts';
import { capacitySettingsShape } from './capacity.ts';
import { backOfficeSettingsShape } from './settings-fields.ts';

/**
 * The restaurant file: one JSON document describing settings, menus (with categories, items and
 * options), offers and coupons, imported by `npm run restaurant:import -- file.json`.
 * Prices in euros, tax rates in percent, times 'HH:MM' in Europe/Paris. Errors are French and
 * name their path (see formatRestaurantFileErrors).
 */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Heure attendue au format HH:MM (ex. 19:30).' });
export const timeRange = z.object({ start: hhmm, end: hhmm });
export const weeklyRanges = z.partialRecord(z.enum(weekdays), z.array(timeRange));
const euros = z
  .number({ error: 'Montant invalide : un nombre en euros est attendu (ex. 12,50).' })
  .min(0, { error: 'Un montant ne peut pas être négatif.' })
  .max(10_000, { error: 'Montant : 10 000 € au plus.' })
  .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), {
    error: 'Montant en euros avec 2 décimales au plus.',
  });
const taxRate = z.number({ error: 'Taux de TVA attendu en pourcentage (ex. 10).' }).min(0).max(100).nullable().default(null);
/** A name shown on the menu: required. */
const name = (max: number) => z.string().trim().min(1, { error: 'Le nom est obligatoire.' }).max(max, { error: `Nom : ${max} caractères au plus.` });
const id = z.number().int().positive();
/** A bundled image (/images/…) or one uploaded from the back office (/uploads/…, docs/decisions/023); never an external URL. */
const image = z
  .string()
  .regex(/^\/(images|uploads)\/(?!.*\.\.)[\w./-]+\.(svg|png|jpe?g|webp|avif)$/, { error: 'Image attendue sous /images/… ou /uploads/… (fichier du site, pas d’URL externe).' });

const allergenList = z.array(z.enum(allergens)).default([]);
export const OptionValueSchema = z.object({ id, name: name(80), price: euros.default(0), tax_rate: taxRate, allergens: allergenList });
/**
 * An option's fields without its cross-field checks, for the back office's dish form to extend
 * (ids optional on creation); every schema built from it applies `checkOption`.
 */
export const OptionFields = z.object({
  option_id: id,
  name: name(80),
  /** How many values the customer picks (at most; exactly when `required`). */
  selected: z.number({ error: 'Nombre de choix attendu (ex. 1).' }).int().min(1, { error: 'Au moins 1 choix.' }).max(20, { error: '20 choix au plus.' }),
  required: z.boolean().default(false),
  values: z.array(OptionValueSchema).min(1, { error: 'Une option a au moins une valeur.' }),
});

/**
 * An option's cross-field rules (docs/decisions/023, « an option asking for more values than it has »):
 * `selected` is at most its number of values. Issues carry the field's path (`selected`).
 */
export function checkOption(option: { selected: number; values: readonly unknown[] }, ctx: z.RefinementCtx): void {
  if (option.values.length > 0 && option.selected > option.values.length)
    ctx.addIssue({
      code: 'custom',
      path: ['selected'],
      message: `Cette option demande ${option.selected} choix mais n’a que ${option.values.length} valeur${option.values.length > 1 ? 's' : ''}.`,
    });
}

const OptionSchema = OptionFields.superRefine(checkOption);

export const ItemSchema = z.object({
  item_id: id,
  name: name(80),
  description: z.string().max(400).default(''),
  image,
  score: z.number().int().min(0).max(1000).default(0),
  price_delivery: euros,
  price_pickup: euros,
  tax_rate: taxRate,
  available: z.boolean().default(true),
  /** EU 1169/2011 annex II allergens of the dish (without options). */
  allergens: allergenList,
  diets: z.array(z.enum(diets)).default([]),
  /** An alcoholic drink: left out of what meal vouchers may pay (docs/decisions/012). */
  alcoholic: z.boolean().default(false),
  options: z.array(OptionSchema).default([]),
});

export const CategorySchema = z.object({
  category_id: id,
  name: name(60),
  description: z.string().max(300).default(''),
  items: z.array(ItemSchema),
});

export const MenuSchema = z.object({
  menu_id: id,
  name: name(60),
  description: z.string().max(300).default(''),
  available: z.boolean().default(true),
  active_times: weeklyRanges,
  time_ranges: weeklyRanges,
  pickup_time_ranges: weeklyRanges,
  categories: z.array(CategorySchema).min(1),
});

export const OfferSchema = z.object({
  id,
  name: z.string().min(1).max(80),
  description: z.string().max(300).default(''),
  code: z
    .string()
    .regex(/^[A-Z0-9_-]{3,30}$/, { error: 'Code attendu en majuscules, chiffres, - ou _ (3 à 30).' })
    .nullable()
    .default(null),
  is_public: z.boolean().default(false),
  is_active: z.boolean().default(true),
  type: z.enum(offerTypes),
  value: z.number().min(0).max(10_000).default(0),
  auto_apply: z.enum(['Yes', 'No']).default('Yes'),
  allow_repeat: z.boolean().default(true),
  delivery_pickup: z.enum(['both', 'pickup', 'delivery']).default('both'),
  minimum_amount: euros.default(0),
  menus: z.array(id).default([]),
  categories: z.array(id).default([]),
  items: z.array(id).default([]),
  active_times: z.array(z.object({ days: z.array(z.enum(weekdays)).min(1), start: hhmm, end: hhmm })).default([]),
  /** cheapest_item only: how many units in scope the cart needs (the promotion's "two or more"). */
  min_units: z.number().int().min(1).max(50).default(1),
});

/**
 * The settings whose shape the file checks (the others are free name/value pairs read with a
 * fallback). Personal data retention and meal vouchers: docs/decisions/012.
 */
export const KnownSettingsSchema = z.object({
  /** Months after which a guest order's name, e-mail, phone and address are anonymised (default 36). */
  'privacy.guest_data_retention_months': z
    .number({ error: 'Durée de conservation attendue en mois (ex. 36).' })
    .int({ error: 'Durée de conservation attendue en mois entiers.' })
    .min(1, { error: 'Durée de conservation : 1 mois au moins.' })
    .max(120, { error: 'Durée de conservation : 120 mois au plus.' })
    .optional(),
  'payments.meal_voucher.active': z.boolean({ error: 'Attendu : true ou false.' }).optional(),
  /** Euros per day and per person a voucher may pay (default 25). */
  'payments.meal_voucher.daily_limit': z
    .number({ error: 'Plafond journalier attendu en euros (ex. 25).' })
    .min(0, { error: 'Le plafond journalier est positif.' })
    .max(1000, { error: 'Plafond journalier : 1 000 € au plus.' })
    .optional(),
  /** docs/decisions/022-nothing-unseen.md: minutes before an unopened order is announced (default 2). */
  'orders.unseen_alert_minutes': z
    .number({ error: 'Délai attendu en minutes (ex. 2).' })
    .int({ error: 'Délai attendu en minutes entières.' })
    .min(1, { error: 'Alerte : 1 minute au moins.' })
    .max(60, { error: 'Alerte : 60 minutes au plus.' })
    .optional(),
  /** Minutes before an order nobody accepted is refused automatically (default 10). */
  'orders.auto_reject_minutes': z
    .number({ error: 'Délai attendu en minutes (ex. 10).' })
    .int({ error: 'Délai attendu en minutes entières.' })
    .min(1, { error: 'Refus automatique : 1 minute au moins.' })
    .max(240, { error: 'Refus automatique : 240 minutes au plus.' })
    .optional(),
  /** Print the kitchen ticket when an order is accepted (default false). */
  'orders.auto_print': z.boolean({ error: 'Attendu : true ou false.' }).optional(),
  /** Orders handled by e-mail, not on a board: no alert, no automatic refusal, ASAP kept (default false). */
  'orders.email_only': z.boolean({ error: 'Attendu : true ou false.' }).optional(),
  /** docs/decisions/023: orders and dishes per 15-minute slot (capacity.ts, capacitySettingsShape). */
  ...capacitySettingsShape,
  /** docs/decisions/023: payments, contacts, legal mentions, tax, scheduling, delivery (settings-fields.ts). */
  ...backOfficeSettingsShape,
});

/**
 * An exceptional closure or opening (docs/decisions/023; domain calendar.ts CalendarException):
 * `ranges` are that day's hours when open, empty when closed.
 */
export const CalendarExceptionSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date attendue au format AAAA-MM-JJ.' }),
    is_closed: z.boolean(),
    ranges: z.array(timeRange).default([]),
    message: z.string().max(200).default(''),
  })
  .refine((e) => e.is_closed || e.ranges.length > 0, { error: 'Une ouverture exceptionnelle a au moins une plage horaire.', path: ['ranges'] });

export const RestaurantFileSchema = z
  .object({
    settings: z.record(z.string().regex(/^[a-z_]+(\.[a-z_]+)*$/), z.unknown()).pipe(KnownSettingsSchema.loose()),
    menus: z.array(MenuSchema).min(1),
    offers: z.array(OfferSchema).default([]),
    coupons: z.array(OfferSchema.extend({ code: OfferSchema.shape.code.unwrap().unwrap(), auto_apply: z.literal('No').default('No') })).default([]),
    /** Exceptional closures and openings (docs/decisions/023); absent in older files. */
    exceptions: z.array(CalendarExceptionSchema).default([]),
  })
  .superRefine((file, ctx) => {
    const seen = {
      menu: new Set<number>(),
      category: new Set<number>(),
      item: new Set<number>(),
      option: new Set<number>(),
      value: new Set<number>(),
      offer: new Set<number>(),
    };
    const unique = (kind: keyof typeof seen, value: number, path: (string | number)[], label: string) => {
      if (seen[kind].has(value)) ctx.addIssue({ code: 'custom', path, message: `${label} ${value} est utilisé deux fois.` });
      seen[kind].add(value);
    };
    file.menus.forEach((menu, m) => {
      unique('menu', menu.menu_id, ['menus', m, 'menu_id'], 'Le numéro de carte');
      menu.categories.forEach((category, c) => {
        unique('category', category.category_id, ['menus', m, 'categories', c, 'category_id'], 'Le numéro de catégorie');
        category.items.forEach((item, i) => {
          const itemPath = ['menus', m, 'categories', c, 'items', i];
          unique('item', item.item_id, [...itemPath, 'item_id'], 'Le numéro de plat');
          item.options.forEach((option, o) => {
            unique('option', option.option_id, [...itemPath, 'options', o, 'option_id'], "Le numéro d'option");
            option.values.forEach((value, v) => unique('value', value.id, [...itemPath, 'options', o, 'values', v, 'id'], 'Le numéro de valeur d’option'));
          });
        });
      });
    });
    const offers = [...file.offers.map((o) => ['offers', o] as const), ...file.coupons.map((o) => ['coupons', o] as const)];
    const codes = new Set<string>();
    offers.forEach(([list, offer]) => {
      const index = (list === 'offers' ? file.offers : file.coupons).indexOf(offer);
      unique('offer', offer.id, [list, index, 'id'], "Le numéro d'offre");
      if (offer.code !== null) {
        if (codes.has(offer.code)) ctx.addIssue({ code: 'custom', path: [list, index, 'code'], message: `Le code ${offer.code} est utilisé deux fois.` });
        codes.add(offer.code);
      }
      for (const problem of offerProblems(offer, { menus: seen.menu, categories: seen.category, items: seen.item }))
        ctx.addIssue({ code: 'custom', path: [list, index, ...problem.path], message: problem.message });
    });
  });

export type RestaurantFile = z.output<typeof RestaurantFileSchema>;

/** An offer's problem the schema alone cannot see: `path` inside the offer (['value'], ['items', 2]), a French message. */
export interface OfferProblem {
  path: (string | number)[];
  message: string;
}

/** The ids an offer may name: the menus, categories and dishes that exist (not archived). */
export interface OfferReferences {
  menus: ReadonlySet<number>;
  categories: ReadonlySet<number>;
  items: ReadonlySet<number>;
}

/**
 * The cross-checks of an offer against the rest of the restaurant, shared by the restaurant file
 * and the back office (docs/decisions/023): a percentage (percentage, cheapest_item) is at most
 * 100, and every menu, category and dish it names exists (not checked when `known` is null: a
 * form without the restaurant's ids). @returns the problems, [] when none.
 */
export function offerProblems(offer: Pick<z.output<typeof OfferSchema>, 'type' | 'value' | 'menus' | 'categories' | 'items'>, known: OfferReferences | null): OfferProblem[] {
  const problems: OfferProblem[] = [];
  if ((offer.type === 'percentage' || offer.type === 'cheapest_item') && offer.value > 100) problems.push({ path: ['value'], message: 'Un pourcentage ne dépasse pas 100.' });
  if (!known) return problems;
  for (const [field, kind] of [
    ['menus', 'menus'],
    ['categories', 'categories'],
    ['items', 'items'],
  ] as const) {
    offer[field].forEach((ref, r) => {
      if (!known[kind].has(ref)) problems.push({ path: [field, r], message: `Référence inconnue : ${ref}.` });
    });
  }
  return problems;
}

/** One line per problem: 'menus.0.categories.1.items.3.price_pickup : <French message>'. */
export function formatRestaurantFileErrors(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(racine)'} : ${issue.message}`);
}
