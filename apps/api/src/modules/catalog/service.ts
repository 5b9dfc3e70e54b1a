import { gzipSync } from 'node:zlib';
import type { Category, ItemOption, Menu, MenuItem } from '@resto/domain/catalogue';
import { isOpenAt } from '@resto/domain/clock';
import { isOnSale } from '@resto/domain/sold-out';
import { centsToEuros } from '@resto/domain/money';
import type { Offer, OfferType } from '@resto/domain/offers';
import type { RestaurantCalendar } from '@resto/domain/calendar';
import type { Database } from '../../db/client.ts';
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
  /** Exceptional closures/openings and the ordering state (pause, busy mode): issue 14, part 3. */
  calendar: RestaurantCalendar;
  /**
   * « Épuisé aujourd'hui » instants by item_id (issue 14, part 2): the dish is unavailable until
   * then. Applied per request by time (an instant passing brings the dish back without an edit).
   */
  soldOutUntil: Map<number, Date>;
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

  const allOffers = rows.offerRows.map((offer): Offer & { code: string | null } => ({
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
  }));
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

/** In-process notice that an import replaced the catalogue (other processes see catalog_version). */
export const catalogChanged = new EventTarget();

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
  private menusJson = new Map<string, { json: string; gzip: Buffer }>();

  constructor(
    private readonly db: Database,
    private readonly refreshMs = 1000,
  ) {
    catalogChanged.addEventListener('change', () => (this.checkedAt = -Infinity));
  }

  async getCatalog(): Promise<Catalog> {
    if (this.cached && performance.now() - this.checkedAt < this.refreshMs) return this.cached;
    this.building ??= (async () => {
      const version = await readCatalogVersion(this.db);
      if (this.cached?.version !== version) {
        this.cached = buildCatalog(version, await readCatalogRows(this.db));
        this.menusJson.clear();
      }
      this.checkedAt = performance.now();
      return this.cached;
    })().finally(() => (this.building = undefined));
    return this.building;
  }

  /**
   * Menus with menu_is_open computed for `now` from each menu's active_times (Europe/Paris), and
   * item_is_available false for a dish « épuisé aujourd'hui » until its `soldOutUntil` (issue 14).
   */
  async getMenus(now: Date): Promise<Menu[]> {
    const catalog = await this.getCatalog();
    const soldOut = soldOutNow(catalog, now);
    return catalog.menus.map((menu) => ({
      ...menu,
      menu_is_open: menu.menu_is_available && isOpenAt(menu.active_times, now),
      categories: soldOut.size
        ? menu.categories.map((category) => ({
            ...category,
            items: category.items.map((item) => (soldOut.has(item.item_id) ? { ...item, item_is_available: false } : item)),
          }))
        : menu.categories,
    }));
  }

  /**
   * The body of GET /v2/public/menus, serialised and gzipped once per catalogue version and
   * opening state (the menu is the most requested document; phones get it compressed).
   */
  async getMenusJson(now: Date): Promise<{ json: string; gzip: Buffer }> {
    const catalog = await this.getCatalog();
    const openFlags = catalog.menus.map((menu) => (menu.menu_is_available && isOpenAt(menu.active_times, now) ? '1' : '0')).join('');
    // A dish coming back (its sold_out_until passing) changes the body without a new version.
    const soldOut = [...soldOutNow(catalog, now)].join(',');
    const key = `${catalog.version}:${openFlags}:${soldOut}`;
    let body = this.menusJson.get(key);
    if (body === undefined) {
      const json = JSON.stringify({ status: 'success', payload: await this.getMenus(now) });
      body = { json, gzip: gzipSync(json) };
      this.menusJson.set(key, body);
    }
    return body;
  }
}
