import type { Allergen, Diet } from '@resto/domain/allergens';
import { weekdays } from '@resto/domain/catalogue';
import { centsToEuros } from '@resto/domain/money';
import type { RestaurantFile } from '@resto/domain/restaurant-file';
import type { OfferType } from '@resto/domain/offers';
import type { Database } from '../../db/client.ts';
import { readCatalogRows, readCatalogVersion } from '../catalog/repository.ts';

/**
 * The restaurant file built from the database (issue 14, part 8): what GET /v2/restaurant/export
 * downloads and what an import's preview compares with. Archived rows are left out (they are not
 * part of the restaurant any more); the ordering state (pause, busy mode) and « épuisé
 * aujourd'hui » are the state of a service, not of the restaurant, and stay out too
 * (docs/decisions/023-back-office.md). Prices in euros, tax rates in percent, as the file has them.
 * Importing the result gives the same catalogue.
 * @param db the database or a transaction (the import compares inside its own).
 */
export async function exportRestaurant(db: Database): Promise<RestaurantFile> {
  const rows = await readCatalogRows(db);
  const percent = (bp: number | null) => (bp === null ? null : bp / 100);
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
        items: rows.itemRows
          .filter((item) => item.categoryId === category.categoryId)
          .map((item) => ({
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
            options: rows.optionRows
              .filter((option) => option.itemId === item.itemId)
              .map((option) => ({
                option_id: option.optionId,
                name: option.name,
                selected: option.selected,
                required: option.required,
                values: rows.valueRows
                  .filter((value) => value.optionId === option.optionId)
                  .map((value) => ({
                    id: value.id,
                    name: value.name,
                    price: centsToEuros(value.priceCents),
                    tax_rate: percent(value.taxRateBp),
                    allergens: value.allergens as Allergen[],
                  })),
              })),
          })),
      })),
  }));
  const offerOf = (offer: (typeof rows.offerRows)[number]) => ({
    id: offer.id,
    name: offer.name,
    description: offer.description,
    code: offer.code,
    is_public: offer.isPublic,
    is_active: offer.isActive,
    type: offer.type as OfferType,
    value: offer.value / 100,
    auto_apply: offer.autoApply ? ('Yes' as const) : ('No' as const),
    allow_repeat: offer.allowRepeat,
    delivery_pickup: offer.deliveryPickup as 'both' | 'pickup' | 'delivery',
    minimum_amount: centsToEuros(offer.minimumAmountCents),
    menus: offer.menus,
    categories: offer.categories,
    items: offer.items,
    active_times: offer.activeTimes,
    min_units: offer.minUnits,
  });
  // A coupon is an offer typed by code and never applied by itself; every other offer is in `offers`.
  const isCoupon = (offer: (typeof rows.offerRows)[number]) => offer.code !== null && !offer.autoApply;
  return {
    settings: Object.fromEntries(rows.settingRows.map((s) => [s.name, s.value])),
    menus,
    offers: rows.offerRows.filter((o) => !isCoupon(o)).map(offerOf),
    coupons: rows.offerRows.filter(isCoupon).map((o) => ({ ...offerOf(o), code: o.code!, auto_apply: 'No' as const })),
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
