import type { Category, ItemOption, Menu, MenuItem } from '@resto/domain/catalogue';
import { isOpenAt } from '@resto/domain/clock';
import { centsToEuros } from '@resto/domain/money';
import type { Database } from '../../db/client.ts';
import { readCatalogRows, readCatalogVersion, type CatalogRows } from './repository.ts';

/** The public offer list (spec section 3, "Offer (public list)"), value in percent or euros. */
export interface PublicOffer {
  id: number;
  name: string;
  description: string;
  is_active: boolean;
  type: string;
  value: number;
  items: number[];
  categories: number[];
}

export interface Catalog {
  version: number;
  menus: Menu[];
  itemsById: Map<number, MenuItem>;
  settings: { name: string; value: unknown }[];
  publicOffers: PublicOffer[];
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
    categories: (categoriesByMenu.get(menu.menuId) ?? []).map(
      (category): Category => ({
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
            options,
          };
          itemsById.set(built.item_id, built);
          return built;
        }),
      }),
    ),
  }));

  const publicOffers = rows.offerRows
    .filter((offer) => offer.isPublic)
    .map((offer) => ({
      id: offer.id,
      name: offer.name,
      description: offer.description,
      is_active: offer.isActive,
      type: offer.type,
      value: offer.value / 100,
      items: offer.items,
      categories: offer.categories,
    }));

  const settings = rows.settingRows.map((row) => ({ name: row.name, value: row.value }));
  return { version, menus, itemsById, settings, publicOffers };
}

/**
 * The catalogue as the API serves it, rebuilt only when an import bumped catalog_version:
 * one cheap query per request instead of seven, and still right when another API instance
 * imported a new menu (DESIGN.md: nothing in process memory another instance needs).
 */
export class CatalogService {
  private cached: Catalog | undefined;
  private building: Promise<Catalog> | undefined;

  constructor(private readonly db: Database) {}

  async getCatalog(): Promise<Catalog> {
    const version = await readCatalogVersion(this.db);
    if (this.cached?.version === version) return this.cached;
    this.building ??= readCatalogRows(this.db)
      .then((rows) => (this.cached = buildCatalog(version, rows)))
      .finally(() => (this.building = undefined));
    return this.building;
  }

  /** Menus with menu_is_open computed for `now` from each menu's active_times (Europe/Paris). */
  async getMenus(now: Date): Promise<Menu[]> {
    const catalog = await this.getCatalog();
    return catalog.menus.map((menu) => ({ ...menu, menu_is_open: menu.menu_is_available && isOpenAt(menu.active_times, now) }));
  }
}

