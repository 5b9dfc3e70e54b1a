import type { Category, ItemOption, Menu, MenuItem } from '@resto/domain/catalogue';
import { menuIsOpen } from '@resto/domain/scheduling';
import { isOnSale } from '@resto/domain/sold-out';
import { centsToEuros } from '@resto/domain/money';
import type { Offer, OfferType } from '@resto/domain/offers';
import { busyExtraMinutes, isPaused, type RestaurantCalendar } from '@resto/domain/calendar';
import { toRestaurantDate } from '@resto/domain/clock';
import type { Database } from '../../db/client.ts';
import { prepareJson, type PreparedAnswer } from '../../http/fast-path/prepared-answer.ts';
import { readCatalogRows, readCatalogVersion, type CatalogRows } from './repository.ts';

export interface Catalog {
  version: number;
  menus: Menu[];
  itemsById: Map<number, MenuItem>;
  settings: { name: string; value: unknown }[];
  /** Automatic offers (public ones and auto_apply Yes), as GET /v2/public/offers serves them. */
  offers: Offer[];
  /** Coupons by code (upper case). */
  couponsByCode: Map<string, Offer>;
  /** Exceptional closures/openings and the ordering state (pause, busy mode): docs/decisions/023. */
  calendar: RestaurantCalendar;
  /**
   * « Épuisé aujourd'hui » instants by item_id (docs/decisions/023): the dish is unavailable until
   * then. Applied per request by time (an instant passing brings the dish back without an edit).
   */
  soldOutUntil: Map<number, Date>;
}

/** An `offers` row as the API shows it (euros and percent; the back office adds its version and usage). */
export function offerFromRow(offer: CatalogRows['offerRows'][number]): Offer {
  return {
    id: offer.id,
    name: offer.name,
    description: offer.description,
    code: offer.code,
    is_public: offer.isPublic,
    is_active: offer.isActive,
    type: offer.type as OfferType,
    value: offer.value / 100,
    auto_apply: offer.autoApply ? 'Yes' : 'No',
    allow_repeat: offer.allowRepeat,
    delivery_pickup: offer.deliveryPickup as Offer['delivery_pickup'],
    minimum_amount: centsToEuros(offer.minimumAmountCents),
    menus: offer.menus,
    categories: offer.categories,
    items: offer.items,
    active_times: offer.activeTimes,
    min_units: offer.minUnits,
  };
}

/** Map.groupBy is Node 21+; the machines run Node 20. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const basisPointsToPercent = (bp: number | null) => (bp === null ? null : bp / 100);

function buildCatalog(version: number, rows: CatalogRows): Catalog {
  const valuesByOption = groupBy(rows.valueRows, (v) => v.optionId);
  const optionsByItem = groupBy(rows.optionRows, (o) => o.itemId);
  const itemsByCategory = groupBy(rows.itemRows, (i) => i.categoryId);
  const categoriesByMenu = groupBy(rows.categoryRows, (c) => c.menuId);
  const itemsById = new Map<number, MenuItem>();

  const menus: Menu[] = rows.menuRows.map((menu) => ({
    menu_id: menu.menuId,
    menu_name: menu.name,
    menu_description: menu.description,
    menu_is_open: false,
    menu_is_available: menu.isAvailable,
    active_times: menu.activeTimes,
    time_ranges: menu.timeRanges,
    pickup_time_ranges: menu.pickupTimeRanges,
    categories: (categoriesByMenu.get(menu.menuId) ?? []).map((category): Category => ({
      category_id: category.categoryId,
      category_name: category.name,
      category_description: category.description,
      items: (itemsByCategory.get(category.categoryId) ?? []).map((item): MenuItem => {
        const options: ItemOption[] = (optionsByItem.get(item.itemId) ?? []).map((option) => ({
          option_id: option.optionId,
          option_name: option.name,
          selected: option.selected,
          required: option.required,
          option_options: (valuesByOption.get(option.optionId) ?? []).map((value) => ({
            id: value.id,
            name: value.name,
            price: centsToEuros(value.priceCents),
            tax_rate: basisPointsToPercent(value.taxRateBp),
            allergens: value.allergens,
          })),
        }));
        const built: MenuItem = {
          item_id: item.itemId,
          item_menu_id: item.menuId,
          item_category_id: item.categoryId,
          item_name: item.name,
          item_description: item.description,
          item_image: item.image,
          item_score: item.score,
          item_price: {
            price_delivery: centsToEuros(item.priceDeliveryCents),
            price_pickup: centsToEuros(item.pricePickupCents),
            tax_rate: basisPointsToPercent(item.taxRateBp),
          },
          item_is_available: item.isAvailable,
          item_allergens: item.allergens,
          item_diets: item.diets,
          item_is_alcoholic: item.isAlcoholic,
          options,
        };
        itemsById.set(built.item_id, built);
        return built;
      }),
    })),
  }));

  const allOffers = rows.offerRows.map(offerFromRow);
  // Coupon codes stay secret: a coupon is served only to whoever types its code.
  const offers = allOffers.filter((o) => o.code === null && (o.is_public || o.auto_apply === 'Yes'));
  const couponsByCode = new Map(allOffers.filter((o) => o.code !== null).map((o) => [o.code!.toUpperCase(), o]));

  const settings = rows.settingRows.map((row) => ({ name: row.name, value: row.value }));
  const calendar: RestaurantCalendar = {
    exceptions: rows.exceptionRows.map((e) => ({ date: e.date, is_closed: e.isClosed, ranges: e.ranges, message: e.message })),
    ordering: {
      paused_until: rows.orderingRow?.pausedUntil?.toISOString() ?? null,
      busy_until: rows.orderingRow?.busyUntil?.toISOString() ?? null,
      busy_extra_minutes: rows.orderingRow?.busyExtraMinutes ?? 0,
    },
  };
  const soldOutUntil = new Map(rows.itemRows.flatMap((item) => (item.soldOutUntil ? [[item.itemId, item.soldOutUntil] as const] : [])));
  return { version, menus, itemsById, settings, offers, couponsByCode, calendar, soldOutUntil };
}

/** Dishes « épuisé aujourd'hui » at `now` (their sold_out_until not passed yet), by item_id. */
function soldOutNow(catalog: Catalog, now: Date): Set<number> {
  const ids = new Set<number>();
  for (const [itemId, until] of catalog.soldOutUntil) if (!isOnSale(true, until, now)) ids.add(itemId);
  return ids;
}

/** The menus at `now`: menu_is_open by the clock and the calendar, sold-out dishes unavailable. */
function menusAt(catalog: Catalog, now: Date, soldOut: ReadonlySet<number>): Menu[] {
  return catalog.menus.map((menu) => ({
    ...menu,
    menu_is_open: menuIsOpen(menu, now, catalog.calendar),
    categories: soldOut.size
      ? menu.categories.map((category) => ({
          ...category,
          items: category.items.map((item) => (soldOut.has(item.item_id) ? { ...item, item_is_available: false } : item)),
        }))
      : menu.categories,
  }));
}

/** How many prepared answers a catalogue service keeps (a few per document and moment of the day). */
const maxAnswers = 32;

/** See CatalogService.moment. `from`/`until`: the window, epoch ms, in which the keys hold. */
export interface CatalogMoment {
  catalog: Catalog;
  from: number;
  until: number;
  soldOut: ReadonlySet<number>;
  /** The catalogue's version, the open menus and the sold-out dishes: what GET /v2/public/menus depends on. */
  menusKey: string;
  /** `menus:` and menusKey: the prepared answer's key, made once per moment. */
  menusAnswerKey: string;
  /** The version, pause, busy minutes and the restaurant's date: what GET /v2/public/settings depends on (with the route's own). */
  settingsKey: string;
}

/** In-process notice that an import replaced the catalogue (other processes see catalog_version). */
export const catalogChanged = new EventTarget();

/**
 * The PostgreSQL channel a back-office change NOTIFYs at commit (audit/edits.ts, payload the
 * new catalogue version): instances LISTENing rebuild at once (docs/decisions/023).
 */
export const catalogChangedChannel = 'catalog_changed';

/**
 * The catalogue as the API serves it. It is rebuilt when an import bumps catalog_version: an
 * import in this process is seen at once, one in another API instance within `refreshMs`
 * (docs/decisions/017, section 1.3: nothing in process memory that another instance needs). Between checks no query
 * runs, so GET /v2/public/menus costs no database round trip (bench/api.bench.ts).
 */
export class CatalogService {
  private cached: Catalog | undefined;
  private checkedAt = -Infinity;
  private building: Promise<Catalog> | undefined;
  /** Prepared answers by key; `ready` once compressed (what `answerNow` serves without waiting). */
  private answers = new Map<string, { made: Promise<PreparedAnswer>; ready?: PreparedAnswer }>();
  private lastMoment: CatalogMoment | undefined;

  constructor(
    private readonly db: Database,
    private readonly refreshMs = 1000,
  ) {
    catalogChanged.addEventListener('change', () => this.invalidate());
  }

  /** The next read checks catalog_version again (a change was committed somewhere). */
  invalidate(): void {
    this.checkedAt = -Infinity;
  }

  /**
   * Listens for `catalog_changed` (DatabaseHandle.listen): another instance's change is seen at the
   * next request instead of within `refreshMs`. The 1 s check stays, for a lost connection or an
   * import by the command line (which does not notify). Errors are given to `onError`, never thrown.
   */
  listen(
    listen: (channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) => Promise<unknown>,
    onError: (error: unknown) => void,
  ): void {
    listen(
      catalogChangedChannel,
      () => this.invalidate(),
      () => this.invalidate(),
    ).catch(onError);
  }

  async getCatalog(): Promise<Catalog> {
    if (this.cached && performance.now() - this.checkedAt < this.refreshMs) return this.cached;
    this.building ??= (async () => {
      const version = await readCatalogVersion(this.db);
      if (this.cached?.version !== version) {
        this.cached = buildCatalog(version, await readCatalogRows(this.db));
        this.answers.clear();
      }
      this.checkedAt = performance.now();
      return this.cached;
    })().finally(() => (this.building = undefined));
    return this.building;
  }

  /**
   * Menus with menu_is_open computed for `now` from each menu's active_times and the calendar's
   * exceptional day (Europe/Paris; menuIsOpen), and item_is_available false for a dish « épuisé
   * aujourd'hui » until its `soldOutUntil` (docs/decisions/023).
   */
  async getMenus(now: Date): Promise<Menu[]> {
    const catalog = await this.getCatalog();
    return menusAt(catalog, now, soldOutNow(catalog, now));
  }

  /**
   * What the public answers depend on at `now` besides the catalogue's version: which menus are
   * open, which dishes are « épuisé aujourd'hui », whether ordering is paused or busy, and the
   * restaurant's date (the exceptions shown). Computed once per window: every rule behind it reads
   * the time to the minute (HH:MM in Europe/Paris) or compares with a stored instant, so nothing
   * changes before the next minute or the next of those instants (docs/decisions/028-prepared-answers.md).
   */
  async moment(now: Date): Promise<CatalogMoment> {
    return this.momentOf(await this.getCatalog(), now);
  }

  /**
   * `moment` without waiting, for the answers served at the server's door (http/fast-path/prepared-answer.ts
   * `servePreparedAtTheDoor`): undefined when the catalogue must be checked first (not built yet,
   * or its last version check older than `refreshMs`), which only `moment` does.
   */
  momentNow(now: Date): CatalogMoment | undefined {
    const catalog = this.cached;
    if (!catalog || performance.now() - this.checkedAt >= this.refreshMs) return undefined;
    return this.momentOf(catalog, now);
  }

  private momentOf(catalog: Catalog, now: Date): CatalogMoment {
    const t = now.getTime();
    const known = this.lastMoment;
    if (known && known.catalog === catalog && t >= known.from && t < known.until) return known;
    const soldOut = soldOutNow(catalog, now);
    const openFlags = catalog.menus.map((menu) => (menuIsOpen(menu, now, catalog.calendar) ? '1' : '0')).join('');
    const { ordering } = catalog.calendar;
    const menusKey = `${catalog.version}:${openFlags}:${[...soldOut].join(',')}`;
    const settingsKey = `${catalog.version}:${isPaused(catalog.calendar, now) ? 1 : 0}:${busyExtraMinutes(catalog.calendar, now)}:${toRestaurantDate(now)}`;
    // The window: this minute, cut at the stored instants within it (a clock may also go back: tests).
    let from = Math.floor(t / 60_000) * 60_000;
    let until = from + 60_000;
    for (const instant of [...catalog.soldOutUntil.values(), ordering.paused_until, ordering.busy_until]) {
      const at = instant === null ? NaN : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
      if (at > t && at < until) until = at;
      else if (at <= t && at > from) from = at;
    }
    this.lastMoment = { catalog, from, until, soldOut, menusKey, menusAnswerKey: `menus:${menusKey}`, settingsKey };
    return this.lastMoment;
  }

  /**
   * The answer stored under `key` (a document's name and everything its bytes depend on: see
   * `moment`), or the one `json()` writes, prepared once (http/fast-path/prepared-answer.ts) while requests
   * for the same key wait for it. At most `maxAnswers` are kept, the oldest dropped first; all of
   * them when the catalogue's version changes.
   */
  prepared(key: string, json: () => string): Promise<PreparedAnswer> {
    let entry = this.answers.get(key);
    if (entry === undefined) {
      // Only on a miss: callers write `stored(key) ?? prepared(key, …)`, so no function is made per request.
      if (this.answers.size >= maxAnswers) this.answers.delete(this.answers.keys().next().value!);
      const made = prepareJson(json());
      const added: { made: Promise<PreparedAnswer>; ready?: PreparedAnswer } = { made };
      entry = added;
      this.answers.set(key, added);
      made.then(
        (answer) => (added.ready = answer),
        () => this.answers.get(key) === added && this.answers.delete(key),
      );
    }
    return entry.made;
  }

  /** The answer stored under `key`, if any (see `prepared`). */
  stored(key: string): Promise<PreparedAnswer> | undefined {
    return this.answers.get(key)?.made;
  }

  /** The answer stored under `key` once it is compressed, without waiting (see `momentNow`). */
  storedNow(key: string): PreparedAnswer | undefined {
    return this.answers.get(key)?.ready;
  }

  /** GET /v2/public/menus at `now`: the envelope of `getMenus`, prepared once per catalogue version and moment. */
  async menusAnswer(now: Date): Promise<PreparedAnswer> {
    const moment = await this.moment(now);
    return (
      this.stored(moment.menusAnswerKey) ??
      this.prepared(moment.menusAnswerKey, () => JSON.stringify({ status: 'success', payload: menusAt(moment.catalog, now, moment.soldOut) }))
    );
  }
}
