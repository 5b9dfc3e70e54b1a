import { sql } from 'drizzle-orm';
import { percentToBasisPoints, eurosToCents } from '@resto/domain/money';
import { weekdays, type ActiveTime } from '@resto/domain/catalogue';
import { RestaurantFileSchema, formatRestaurantFileErrors, type RestaurantFile } from '@resto/domain/restaurant-file';
import type { Database } from '../../db/client.ts';
import { catalogChanged } from './service.ts';
import { calendarExceptions, catalogVersion, categories, itemOptions, items, menus, offers, optionOptions, settings } from '../../db/schema.ts';

const dayLabels = { mon: 'Lundi', tue: 'Mardi', wed: 'Mercredi', thu: 'Jeudi', fri: 'Vendredi', sat: 'Samedi', sun: 'Dimanche' } as const;

export class RestaurantFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`Fichier du restaurant invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'RestaurantFileError';
  }
}

/** Validates an unknown JSON document as a restaurant file. @throws RestaurantFileError (French, with paths). */
export function parseRestaurantFile(json: unknown): RestaurantFile {
  const parsed = RestaurantFileSchema.safeParse(json);
  if (!parsed.success) throw new RestaurantFileError(formatRestaurantFileErrors(parsed.error));
  return parsed.data;
}

const bp = (percent: number | null) => (percent === null ? null : percentToBasisPoints(percent));

/**
 * An offer's or coupon's columns in the `offers` table, but its id: the restaurant file's shape
 * (amounts in euros, `value` percent or euros) → cents and hundredths. Shared by the import and
 * the back office's offer edits (`apps/api/src/modules/offers/service.ts`).
 */
export function offerRowValues(offer: Omit<RestaurantFile['offers'][number], 'id'>, version: number) {
  return {
    name: offer.name,
    description: offer.description,
    code: offer.code,
    isPublic: offer.is_public,
    isActive: offer.is_active,
    type: offer.type,
    value: Math.round(offer.value * 100),
    autoApply: offer.auto_apply === 'Yes',
    allowRepeat: offer.allow_repeat,
    deliveryPickup: offer.delivery_pickup,
    minimumAmountCents: eurosToCents(offer.minimum_amount),
    menus: offer.menus,
    categories: offer.categories,
    items: offer.items,
    activeTimes: offer.active_times,
    minUnits: offer.min_units,
    version,
  };
}

/**
 * Replaces the whole catalogue (settings, menus, categories, items, options, offers, coupons)
 * with the file's, in one transaction, and bumps catalog_version so every API instance
 * rebuilds its menu. Past orders are untouched: their lines carry their own copies.
 * With `onlyIfEmpty`, nothing happens (imported: false) when a catalogue is already there.
 */
export async function importRestaurant(
  db: Database,
  file: RestaurantFile,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<{ imported: boolean; menus: number; items: number; offers: number }> {
  let itemCount = 0;
  const imported = await db.transaction(async (tx) => {
    // Two instances starting on one empty PostgreSQL would both import: one at a time, and the
    // second sees the first's menu.
    await tx.execute(sql`select pg_advisory_xact_lock(7274001)`);
    if (options.onlyIfEmpty && (await tx.select({ n: sql<number>`count(*)::int` }).from(menus))[0]!.n > 0) return false;
    // Every row gets the new catalogue version, so a back-office form opened before the import is stale (docs/decisions/023).
    const [bumped] = await tx
      .insert(catalogVersion)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: catalogVersion.id, set: { version: sql`${catalogVersion.version} + 1`, updatedAt: sql`now()` } })
      .returning({ version: catalogVersion.version });
    const version = bumped!.version;
    itemCount = await replaceCatalog(tx, file, version);
    return true;
  });
  if (!imported) return { imported: false, menus: 0, items: 0, offers: 0 };
  catalogChanged.dispatchEvent(new Event('change'));
  return { imported: true, menus: file.menus.length, items: itemCount, offers: file.offers.length + file.coupons.length };
}

/** A transaction handle, as `db.transaction` gives it. */
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Inside a transaction that already took catalogue version `version`: erases the catalogue
 * (settings, menus, categories, items, options, offers, coupons, exceptions) and writes the
 * file's, every row with `version`. @returns the number of items written.
 */
export async function replaceCatalog(tx: Tx, file: RestaurantFile, version: number): Promise<number> {
  let itemCount = 0;
  await tx.delete(calendarExceptions);
  await tx.delete(offers);
  await tx.delete(optionOptions);
  await tx.delete(itemOptions);
  await tx.delete(items);
  await tx.delete(categories);
  await tx.delete(menus);
  await tx.delete(settings);

  // A null setting (« no limit », docs/decisions/023 capacity) is JSON null: the driver would send SQL NULL, which the column refuses.
  const settingRows = Object.entries(file.settings).map(([name, value]) => ({ name, value: value === null || value === undefined ? sql`'null'::jsonb` : value, version }));
  if (settingRows.length) await tx.insert(settings).values(settingRows);

  const menuRows = [],
    categoryRows = [],
    itemRows = [],
    optionRows = [],
    valueRows = [];
  for (const [menuPosition, menu] of file.menus.entries()) {
    const activeTimes: ActiveTime[] = weekdays.map((day) => {
      const times = menu.active_times[day] ?? [];
      return { day, label: dayLabels[day], is_open: times.length > 0, times };
    });
    menuRows.push({
      menuId: menu.menu_id,
      name: menu.name,
      description: menu.description,
      position: menuPosition,
      isAvailable: menu.available,
      activeTimes,
      timeRanges: menu.time_ranges,
      pickupTimeRanges: menu.pickup_time_ranges,
      version,
    });
    for (const [categoryPosition, category] of menu.categories.entries()) {
      categoryRows.push({
        categoryId: category.category_id,
        menuId: menu.menu_id,
        name: category.name,
        description: category.description,
        position: categoryPosition,
        version,
      });
      for (const [itemPosition, item] of category.items.entries()) {
        itemCount += 1;
        itemRows.push({
          itemId: item.item_id,
          menuId: menu.menu_id,
          categoryId: category.category_id,
          name: item.name,
          description: item.description,
          image: item.image,
          score: item.score,
          priceDeliveryCents: eurosToCents(item.price_delivery),
          pricePickupCents: eurosToCents(item.price_pickup),
          taxRateBp: bp(item.tax_rate),
          isAvailable: item.available,
          allergens: item.allergens,
          diets: item.diets,
          isAlcoholic: item.alcoholic,
          position: itemPosition,
          version,
        });
        for (const [optionPosition, option] of item.options.entries()) {
          optionRows.push({
            optionId: option.option_id,
            itemId: item.item_id,
            name: option.name,
            selected: option.selected,
            required: option.required,
            position: optionPosition,
          });
          for (const [valuePosition, value] of option.values.entries()) {
            valueRows.push({
              id: value.id,
              optionId: option.option_id,
              name: value.name,
              priceCents: eurosToCents(value.price),
              taxRateBp: bp(value.tax_rate),
              allergens: value.allergens,
              position: valuePosition,
            });
          }
        }
      }
    }
  }
  await tx.insert(menus).values(menuRows);
  await tx.insert(categories).values(categoryRows);
  if (itemRows.length) await tx.insert(items).values(itemRows);
  if (optionRows.length) await tx.insert(itemOptions).values(optionRows);
  if (valueRows.length) await tx.insert(optionOptions).values(valueRows);

  const offerRows = [...file.offers, ...file.coupons].map((offer) => ({ id: offer.id, ...offerRowValues(offer, version) }));
  if (offerRows.length) await tx.insert(offers).values(offerRows);
  if (file.exceptions.length)
    await tx
      .insert(calendarExceptions)
      .values(file.exceptions.map((e) => ({ date: e.date, isClosed: e.is_closed, ranges: e.is_closed ? [] : e.ranges, message: e.message, version })));
  return itemCount;
}
