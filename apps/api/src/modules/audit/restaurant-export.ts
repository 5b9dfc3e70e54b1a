import type { Allergen, Diet } from '@resto/domain/allergens';
import { weekdays } from '@resto/domain/catalogue';
import { centsToEuros } from '@resto/domain/money';
import type { RestaurantFile } from '@resto/domain/restaurant-file';
import type { Database } from '../../db/client.ts';
import { readCatalogRows, readCatalogVersion, type CatalogRows } from '../catalog/index.ts';
import { offerFromRow } from '../catalog/index.ts';

type RestaurantFileItem = RestaurantFile['menus'][number]['categories'][number]['items'][number];

const percent = (bp: number | null) => (bp === null ? null : bp / 100);

/**
 * A dish row with its options and values (the rows of every dish may be given: those of `item`
 * are picked) in the restaurant file's shape: euros, VAT in percent. The export's dishes and,
 * with their place and version added, the menu editor's (`modules/menu/repository.ts`).
 */
export function fileItemOf(
  item: CatalogRows['itemRows'][number],
  optionRows: CatalogRows['optionRows'],
  valueRows: CatalogRows['valueRows'],
): RestaurantFileItem {
  return {
    item_id: item.itemId,
    name: item.name,
    description: item.description,
    image: item.image,
    score: item.score,
    price_delivery: centsToEuros(item.priceDeliveryCents),
    price_pickup: centsToEuros(item.pricePickupCents),
    tax_rate: percent(item.taxRateBp),
    available: item.isAvailable,
    allergens: item.allergens as Allergen[],
    diets: item.diets as Diet[],
    alcoholic: item.isAlcoholic,
    options: optionRows
      .filter((option) => option.itemId === item.itemId)
      .map((option) => ({
        option_id: option.optionId,
        name: option.name,
        selected: option.selected,
        required: option.required,
        values: valueRows
          .filter((value) => value.optionId === option.optionId)
          .map((value) => ({
            id: value.id,
            name: value.name,
            price: centsToEuros(value.priceCents),
            tax_rate: percent(value.taxRateBp),
            allergens: value.allergens as Allergen[],
          })),
      })),
  };
}

/**
 * The restaurant file built from the database (docs/decisions/023): what GET /v2/restaurant/export
 * downloads and what an import's preview compares with. Archived rows are left out (they are not
 * part of the restaurant any more); the ordering state (pause, busy mode) and « épuisé
 * aujourd'hui » are the state of a service, not of the restaurant, and stay out too
 * (docs/decisions/023-back-office.md). Prices in euros, tax rates in percent, as the file has them.
 * Importing the result gives the same catalogue.
 * @param db the database or a transaction (the import compares inside its own).
 */
export async function exportRestaurant(db: Database): Promise<RestaurantFile> {
  const rows = await readCatalogRows(db);
  const menus: RestaurantFile['menus'] = rows.menuRows.map((menu) => ({
    menu_id: menu.menuId,
    name: menu.name,
    description: menu.description,
    available: menu.isAvailable,
    active_times: Object.fromEntries(
      weekdays.map((day) => {
        const open = menu.activeTimes.find((t) => t.day === day);
        return [day, open?.is_open ? open.times : []];
      }),
    ),
    time_ranges: menu.timeRanges,
    pickup_time_ranges: menu.pickupTimeRanges,
    categories: rows.categoryRows
      .filter((category) => category.menuId === menu.menuId)
      .map((category) => ({
        category_id: category.categoryId,
        name: category.name,
        description: category.description,
        items: rows.itemRows.filter((item) => item.categoryId === category.categoryId).map((item) => fileItemOf(item, rows.optionRows, rows.valueRows)),
      })),
  }));
  // A coupon is an offer typed by code and never applied by itself; every other offer is in `offers`.
  const isCoupon = (offer: (typeof rows.offerRows)[number]) => offer.code !== null && !offer.autoApply;
  return {
    settings: Object.fromEntries(rows.settingRows.map((s) => [s.name, s.value])),
    menus,
    offers: rows.offerRows.filter((o) => !isCoupon(o)).map(offerFromRow),
    coupons: rows.offerRows.filter(isCoupon).map((o) => ({ ...offerFromRow(o), code: o.code!, auto_apply: 'No' as const })),
    exceptions: rows.exceptionRows.map((e) => ({ date: e.date, is_closed: e.isClosed, ranges: e.ranges, message: e.message })),
  };
}

/** The catalogue version and the file, read in one transaction (a preview compares them together). */
export async function exportWithVersion(db: Database): Promise<{ version: number; file: RestaurantFile }> {
  return db.transaction(async (tx) => {
    const version = await readCatalogVersion(tx);
    return { version, file: await exportRestaurant(tx) };
  });
}
