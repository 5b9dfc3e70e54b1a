import type { ChosenOptionValue, Menu, MenuItem, Weekday } from '@resto/domain/catalogue';
import { restaurantTimeZone } from '@resto/domain/clock';
import { readDeliverySettings, type DeliveryZone } from '@resto/domain/delivery';
import { normalizeForSearch } from '@resto/domain/search';
import type { SettingsList } from '@resto/domain/settings';

/**
 * The carts of a realistic, deterministic order history for the demo restaurant, so that
 * recommendations and popular dishes have something to say on a fresh install
 * (docs/decisions/004-discovery.md). Carts only: what was ordered, when, by whom, how, and what
 * became of it; pricing them into orders is the orders module's work (demo-history.ts).
 *
 * Orders fall in the 60 days before `now`, at the demo's opening hours in Europe/Paris (closed on
 * Mondays; lunch 11:30–14:30 peaking around 12:45, dinner 18:30–22:30 peaking around 20:00; brunch
 * on Saturdays and Sundays 10:00–14:30), with more orders on Fridays and Saturdays. Carts follow
 * what people order together: a burger with a beer or a soft drink (and fries as its side), a pizza
 * with a tiramisu and a glass of wine, pasta after a salad or a starter, brunch dishes together on
 * weekend mornings only. Pseudo-random from `seed` only: the same input gives the same carts.
 */

/** What a dish is for the generator, read from its category's name (or its own name). */
export type DemoKind = 'pizza' | 'burger' | 'pasta' | 'salad' | 'starter' | 'dessert' | 'beer' | 'wine' | 'soft' | 'brunch' | 'other';

export interface DemoHistoryInput {
  /** The dishes as GET /v2/public/menus serves them (unavailable ones are never ordered). */
  items: readonly MenuItem[];
  /** Orders are placed in the 60 days before this instant. */
  now: Date;
  /** How many orders to generate. */
  orders: number;
  /** Any integer: the same seed gives the same orders. */
  seed: number;
  /** The site settings (tax, delivery zones); without them: spec tax defaults and pickup only. */
  settings?: SettingsList;
  /** Category names by category id, to tell pizzas from burgers; without them, item names are read. */
  categoryNames?: ReadonlyMap<number, string>;
}

/** A customer of the demo: a made-up name, an @example.fr e-mail, a French mobile number. */
interface DemoCustomer {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/** One generated cart with everything an order needs beside its prices. */
export interface DemoCart {
  /** `demo-<seed>-<n>`, n growing with createdAt. */
  localId: string;
  createdAt: Date;
  customer: DemoCustomer;
  /** The delivery zone the address lies in; null for a pickup order. */
  zone: DeliveryZone | null;
  /** The delivery address (spec section 4's location); null for a pickup order. */
  location: { address: string; city: string; postal_code: string; country: string } | null;
  paymentMethod: 'card' | 'cash';
  /** `demo_pi_<seed>_<n>` for a card order, null for cash. */
  transactionId: string | null;
  /** Dishes, chosen option values and quantities, in cart order: 1 to 5 distinct dishes. */
  lines: { item: MenuItem; choices: ChosenOptionValue[]; quantity: number }[];
  /** Status changes, oldest first: 'pending' at createdAt, the last one is the order's status. */
  history: { status: string; at: Date }[];
}

/** The history covers the days before `now`, this many. */
const demoHistoryDays = 60;

// ---------------------------------------------------------------------------------------------
// Pseudo-random numbers (mulberry32): small, fast, good enough for demo data, and seeded.

type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const chance = (random: Random, p: number) => random() < p;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

function pick<T>(random: Random, values: readonly T[]): T | undefined {
  return values.length ? values[Math.floor(random() * values.length)] : undefined;
}

function weighted<T>(random: Random, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

/** Triangular distribution on [min, max] with its mode at `mode`. */
function triangular(random: Random, min: number, mode: number, max: number): number {
  const u = random();
  const split = (mode - min) / (max - min);
  return u < split ? min + Math.sqrt(u * (max - min) * (mode - min)) : max - Math.sqrt((1 - u) * (max - min) * (max - mode));
}

/** Line quantities: mostly 1, often 2, sometimes 3. */
const quantity = (random: Random) =>
  weighted(random, [
    [1, 72],
    [2, 23],
    [3, 5],
  ] as const);

// ---------------------------------------------------------------------------------------------
// Dishes

/** The kind of a dish from its category name when known, else from its own name. */
export function demoKindOf(item: MenuItem, categoryName?: string): DemoKind {
  const name = normalizeForSearch(item.item_name);
  const category = normalizeForSearch(categoryName ?? '');
  const text = `${category} ${name}`;
  if (/\bbrunch\b/.test(category)) return 'brunch';
  if (/\bboissons?\b|\bdrinks?\b/.test(category) || (!category && /\b(biere|vin|verre|coca|eau|citronnade|jus|soda)\b/.test(name))) {
    if (/\b(biere|beer|ipa|pression)\b/.test(name)) return 'beer';
    if (/\b(vin|verre|cotes|rhone|beaujolais|wine|rose|champagne)\b/.test(name)) return 'wine';
    return 'soft';
  }
  if (/\bpizzas?\b/.test(text)) return 'pizza';
  if (/\bburgers?\b/.test(text)) return 'burger';
  if (/\bpates?\b|\bpasta\b|tagliatell|pappardell|linguine|spaghett|raviol|lasagn/.test(text)) return 'pasta';
  if (/\bsalades?\b/.test(text)) return 'salad';
  if (/\bentrees?\b|\bstarters?\b/.test(category)) return 'starter';
  if (/\bdesserts?\b|tiramisu|panna|mousse|tarte|glace|fondant/.test(text)) return 'dessert';
  if (/\bbrunch\b|pancake|benedicte/.test(name)) return 'brunch';
  return 'other';
}

/** The generator's input from the menus as the API serves them: every dish and its category's name. */
export function demoInputFromMenus(menus: readonly Menu[]): { items: MenuItem[]; categoryNames: Map<number, string> } {
  const categoryNames = new Map<number, string>();
  const items: MenuItem[] = [];
  for (const menu of menus) {
    if (!menu.menu_is_available) continue;
    for (const category of menu.categories) {
      categoryNames.set(category.category_id, /\bbrunch\b/i.test(menu.menu_name) ? `${category.category_name} brunch` : category.category_name);
      items.push(...category.items);
    }
  }
  return { items, categoryNames };
}

type Kinds = Record<DemoKind, MenuItem[]>;

function groupByKind(items: readonly MenuItem[], categoryNames: ReadonlyMap<number, string> | undefined): Kinds {
  const kinds: Kinds = { pizza: [], burger: [], pasta: [], salad: [], starter: [], dessert: [], beer: [], wine: [], soft: [], brunch: [], other: [] };
  for (const item of items) {
    if (!item.item_is_available) continue;
    kinds[demoKindOf(item, categoryNames?.get(item.item_category_id))].push(item);
  }
  return kinds;
}

/** Option values a customer picks: every required option, and sometimes an extra. */
function chooseOptions(random: Random, item: MenuItem): ChosenOptionValue[] {
  const chosen: ChosenOptionValue[] = [];
  for (const option of item.options) {
    if (option.option_options.length === 0) continue;
    if (option.required) {
      // Fries as the side and "à point" as the cooking are what most people take.
      const value = weighted(
        random,
        option.option_options.map(
          (v) => [v, /frites maison|a point/.test(normalizeForSearch(v.name)) ? 5 : /saignant|patate/.test(normalizeForSearch(v.name)) ? 2 : 1] as const,
        ),
      );
      chosen.push({ option_id: option.option_id, option_option_id: value.id, quantity: 1 });
    } else if (chance(random, 0.22)) {
      const count = Math.min(option.selected, chance(random, 0.25) ? 2 : 1, option.option_options.length);
      const values = [...option.option_options];
      for (let n = 0; n < count; n++) {
        const value = values.splice(Math.floor(random() * values.length), 1)[0]!;
        chosen.push({ option_id: option.option_id, option_option_id: value.id, quantity: 1 });
      }
    }
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// When: Paris days and hours

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: restaurantTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});
const weekdayOfUtcDay: Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface ParisDay {
  /** Midnight of the day in Paris local time written as UTC milliseconds (Date.UTC(y, m, d)). */
  localMidnight: number;
  /** Paris offset from UTC that day, in ms (CET 1 h, CEST 2 h; read at noon, the opening hours never cross a change). */
  offsetMs: number;
  weekday: Weekday;
}

function parisParts(instant: number): { y: number; m: number; d: number; h: number } {
  const parts = Object.fromEntries(dayFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour) };
}

function parisDays(now: Date, count: number): ParisDay[] {
  const today = parisParts(now.getTime());
  return Array.from({ length: count }, (_, back) => {
    const localMidnight = Date.UTC(today.y, today.m - 1, today.d - back);
    const noonUtc = localMidnight + 12 * 3_600_000;
    const offsetMs = (parisParts(noonUtc).h - 12) * 3_600_000;
    return { localMidnight, offsetMs, weekday: weekdayOfUtcDay[new Date(localMidnight).getUTCDay()]! };
  });
}

/** How busy each weekday is (the restaurant is closed on Mondays; Fridays and Saturdays are the big nights). */
const dayWeight: Record<Weekday, number> = { mon: 0, tue: 0.75, wed: 0.85, thu: 0.95, fri: 1.45, sat: 1.6, sun: 1.05 };

type Service = 'lunch' | 'dinner' | 'brunch';

/** Minutes after local midnight: [start, mode, end). */
const serviceMinutes: Record<Service, readonly [number, number, number]> = {
  brunch: [10 * 60, 11 * 60 + 45, 14 * 60 + 30],
  lunch: [11 * 60 + 30, 12 * 60 + 45, 14 * 60 + 30],
  dinner: [18 * 60 + 30, 20 * 60, 22 * 60 + 30],
};

function chooseService(random: Random, weekday: Weekday, hasBrunch: boolean): Service {
  const weekend = weekday === 'sat' || weekday === 'sun';
  if (weekend && hasBrunch)
    return weighted(random, [
      ['brunch', 22],
      ['lunch', 26],
      ['dinner', weekday === 'sat' ? 52 : 36],
    ] as const);
  return weighted(random, [
    ['lunch', weekday === 'fri' ? 38 : 45],
    ['dinner', weekday === 'fri' ? 62 : 55],
  ] as const);
}

// ---------------------------------------------------------------------------------------------
// What: carts

interface Pick {
  item: MenuItem;
  quantity: number;
}

function buildCart(random: Random, kinds: Kinds, service: Service): Pick[] {
  const cart: Pick[] = [];
  const add = (item: MenuItem | undefined, qty = quantity(random)) => {
    if (!item || cart.length >= 5 || cart.some((p) => p.item.item_id === item.item_id)) return;
    cart.push({ item, quantity: qty });
  };
  const anyOf = (...names: DemoKind[]) => names.flatMap((k) => kinds[k]);
  const named = (list: readonly MenuItem[], pattern: RegExp) => list.filter((i) => pattern.test(normalizeForSearch(i.item_name)));

  if (service === 'brunch' && kinds.brunch.length) {
    const dishes = Math.min(
      weighted(random, [
        [1, 45],
        [2, 42],
        [3, 13],
      ] as const),
      kinds.brunch.length,
    );
    for (let n = 0; n < dishes; n++)
      add(
        pick(
          random,
          kinds.brunch.filter((i) => !cart.some((p) => p.item.item_id === i.item_id)),
        ),
      );
    return cart;
  }

  const mains: [DemoKind, number][] = [
    ['pizza', 34],
    ['burger', 28],
    ['pasta', 18],
    ['salad', 11],
    ['other', 9],
  ];
  const main = weighted(
    random,
    mains.filter(([k]) => kinds[k].length || k === 'other'),
  );
  const softDrink = () =>
    pick(
      random,
      kinds.soft.filter((i) => !/\beau\b/.test(normalizeForSearch(i.item_name))),
    ) ?? pick(random, kinds.soft);

  switch (main) {
    case 'burger': {
      const qty = quantity(random);
      add(pick(random, kinds.burger), qty);
      if (chance(random, 0.2)) add(pick(random, kinds.burger));
      if (chance(random, 0.8))
        add(chance(random, 0.55) ? (pick(random, kinds.beer) ?? softDrink()) : softDrink(), chance(random, 0.7) ? qty : quantity(random));
      if (chance(random, 0.15)) add(softDrink());
      if (chance(random, 0.18)) add(pick(random, kinds.dessert), 1);
      break;
    }
    case 'pizza': {
      const qty = quantity(random);
      add(pick(random, kinds.pizza), qty);
      if (chance(random, 0.35)) add(pick(random, kinds.pizza), 1);
      if (chance(random, 0.5))
        add(chance(random, 0.75) ? (pick(random, named(kinds.dessert, /tiramisu|panna/)) ?? pick(random, kinds.dessert)) : pick(random, kinds.dessert));
      if (chance(random, 0.45)) add(pick(random, kinds.wine) ?? softDrink(), chance(random, 0.6) ? qty : quantity(random));
      else if (chance(random, 0.3)) add(softDrink());
      if (chance(random, 0.12)) add(pick(random, anyOf('starter')), 1);
      break;
    }
    case 'pasta': {
      if (chance(random, 0.6)) add(pick(random, chance(random, 0.55) ? kinds.salad : kinds.starter) ?? pick(random, anyOf('salad', 'starter')), 1);
      add(pick(random, kinds.pasta));
      if (chance(random, 0.4)) add(chance(random, 0.5) ? pick(random, kinds.wine) : pick(random, kinds.soft));
      if (chance(random, 0.25)) add(pick(random, kinds.dessert), 1);
      break;
    }
    case 'salad': {
      add(pick(random, kinds.salad));
      if (chance(random, 0.55)) add(pick(random, kinds.soft));
      if (chance(random, 0.2)) add(pick(random, kinds.dessert), 1);
      break;
    }
    default: {
      const everything = anyOf('starter', 'pizza', 'burger', 'pasta', 'salad', 'dessert', 'beer', 'wine', 'soft', 'other');
      const lines = between(random, 1, 4);
      for (let n = 0; n < lines; n++) add(pick(random, everything));
    }
  }
  if (cart.length === 0) add(pick(random, anyOf('starter', 'pizza', 'burger', 'pasta', 'salad', 'dessert', 'soft', 'other')));
  return cart;
}

// ---------------------------------------------------------------------------------------------
// Who

const firstNames = [
  'Camille',
  'Léa',
  'Manon',
  'Chloé',
  'Inès',
  'Emma',
  'Jade',
  'Louise',
  'Hugo',
  'Lucas',
  'Théo',
  'Nathan',
  'Louis',
  'Jules',
  'Arthur',
  'Gabriel',
  'Sarah',
  'Yanis',
  'Karim',
  'Amina',
  'Julien',
  'Sophie',
  'Thomas',
  'Margaux',
];
const lastNames = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'Fournier',
  'Girard',
  'Bonnet',
  'Mercier',
  'Benali',
  'Nguyen',
  'Rousseau',
];
const streets = [
  'rue de la République',
  'rue Mercière',
  'quai Saint-Antoine',
  'rue Victor-Hugo',
  'rue de Brest',
  'cours Franklin-Roosevelt',
  'rue Paul-Bert',
  'avenue Jean-Jaurès',
  'rue de la Part-Dieu',
  'montée de la Grande-Côte',
];

function makeCustomer(random: Random, n: number): DemoCustomer {
  return {
    first_name: pick(random, firstNames)!,
    last_name: pick(random, lastNames)!,
    email: `client-${n}@example.fr`,
    phone: `+336${String(between(random, 0, 99_999_999)).padStart(8, '0')}`,
  };
}

// ---------------------------------------------------------------------------------------------

/** Generates the carts of `orders` past orders (see the module comment), in time order. Deterministic for a given input. */
export function generateDemoCarts(input: DemoHistoryInput): DemoCart[] {
  const random = mulberry32(input.seed);
  const delivery = readDeliverySettings(input.settings ?? []);
  const zones: DeliveryZone[] = delivery.active ? delivery.zones : [];
  const kinds = groupByKind(input.items, input.categoryNames);
  const hasFood = Object.entries(kinds).some(([k, list]) => k !== 'brunch' && list.length > 0);
  if (!hasFood && kinds.brunch.length === 0) return [];

  const nowMs = input.now.getTime();
  const oldest = nowMs - demoHistoryDays * 86_400_000;
  const days = parisDays(input.now, demoHistoryDays + 1);
  // A day's weight: its weekday's, give or take 15 % (weather, events). A brunch-only menu opens on weekends only.
  const dayEntries = days
    .filter((day) => hasFood || day.weekday === 'sat' || day.weekday === 'sun')
    .map((day) => [day, dayWeight[day.weekday] * (0.85 + 0.3 * random())] as const);
  const customers: DemoCustomer[] = [];
  const customerCount = Math.max(1, Math.round(input.orders / 3.5));

  const result: DemoCart[] = [];
  for (let index = 0; index < input.orders; index++) {
    // When: a weighted day, a service, a time around its peak; inside the 60 days before now.
    let createdAt = 0;
    let service: Service = 'lunch';
    for (let attempt = 0; attempt < 50; attempt++) {
      const day = weighted(random, dayEntries);
      service = chooseService(random, day.weekday, kinds.brunch.length > 0);
      if (!hasFood) service = 'brunch';
      const [start, mode, end] = serviceMinutes[service];
      const minutes = triangular(random, start, mode, end);
      createdAt = day.localMidnight - day.offsetMs + Math.floor(minutes * 60_000);
      if (createdAt < nowMs && createdAt >= oldest) break;
    }
    createdAt = Math.min(Math.max(createdAt, oldest), nowMs - 1); // only today and the 60th day are partly out: 50 misses in a row do not happen
    const at = new Date(createdAt);

    // Who (regulars come back: about 3.5 orders per customer) and how.
    let customer = pick(random, customers);
    if (!customer || (customers.length < customerCount && chance(random, 0.4))) {
      customer = makeCustomer(random, customers.length + 1);
      customers.push(customer);
    }
    const zone = zones.length && chance(random, 0.38) ? pick(random, zones)! : null;
    const isPickup = zone === null;
    const paymentMethod = chance(random, 0.58) ? 'card' : 'cash';

    // What: dishes, then their options.
    const cart = buildCart(random, kinds, service);
    const lines = cart.map((p) => ({ item: p.item, choices: chooseOptions(random, p.item), quantity: p.quantity }));

    // Then: what became of it.
    const outcome = weighted(random, [
      ['completed', 93],
      ['cancelled', 5],
      ['rejected', 2],
    ] as const);
    const history: { status: string; at: Date }[] = [{ status: 'pending', at }];
    let t = createdAt;
    const next = (status: string, minMinutes: number, maxMinutes: number) => {
      t += between(random, minMinutes * 60, maxMinutes * 60) * 1000;
      history.push({ status, at: new Date(t) });
    };
    if (paymentMethod === 'card' && outcome !== 'rejected') next('paid', 0, 1);
    if (outcome === 'completed') {
      next('accepted', 1, 4);
      next('ready', 12, 30);
      next('completed', isPickup ? 3 : 15, isPickup ? 20 : 35);
    } else {
      next(outcome, 2, 12);
    }
    const number = String(between(random, 1, 120));

    result.push({
      localId: '', // numbered below, in time order
      createdAt: at,
      customer,
      zone,
      location: zone ? { address: `${number} ${pick(random, streets)!}`, city: zone.city || 'Lyon', postal_code: zone.postal_code, country: 'France' } : null,
      paymentMethod,
      transactionId: paymentMethod === 'card' ? '' : null,
      lines,
      history,
    });
  }
  // In time order, as real orders are numbered: order_id then grows with created_at.
  result.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  result.forEach((cart, index) => {
    cart.localId = `demo-${input.seed}-${index + 1}`;
    if (cart.transactionId !== null) cart.transactionId = `demo_pi_${input.seed}_${index + 1}`;
  });
  return result;
}
