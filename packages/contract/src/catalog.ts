import { z } from '@resto/domain/zod-fr';
import { weekdays } from '@resto/domain/catalogue';
import { offerTypes } from '@resto/domain/offers';

/**
 * The catalogue's answers (spec sections 3 and 7): GET /v2/public/settings, /menus, /offers,
 * /offers/{coupon}, /products/{item_menu_id}. Euros with 2 decimals, tax rates in percent. The
 * shapes are those of packages/domain/src/catalogue.ts and offers.ts (contract.test.ts checks they agree).
 */

const WeekdaySchema = z.enum(weekdays);

/** A start/end pair of 'HH:MM' times in Europe/Paris. */
const TimeRangeSchema = z.object({ start: z.string(), end: z.string() });

/** Opening hours of one weekday (spec: label, is_open, times). */
const ActiveTimeSchema = z.object({ day: WeekdaySchema, label: z.string(), is_open: z.boolean(), times: z.array(TimeRangeSchema) });

const WeeklyRangesSchema = z.partialRecord(WeekdaySchema, z.array(TimeRangeSchema));

/** A value of an item option: extra price in euros, its own tax rate (percent) or null. */
const OptionOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  tax_rate: z.number().nullable(),
  allergens: z.array(z.string()),
});

/** An item option (section 3): at most `selected` values, at least one when `required`. */
const ItemOptionSchema = z
  .object({
    option_id: z.number(),
    option_name: z.string(),
    selected: z.number(),
    required: z.boolean(),
    option_options: z.array(OptionOptionSchema),
  })
  .meta({ id: 'ItemOption' });

const ItemPriceSchema = z.object({ price_delivery: z.number(), price_pickup: z.number(), tax_rate: z.number().nullable() });

const MenuItemSchema = z
  .object({
    item_id: z.number(),
    item_menu_id: z.number(),
    item_category_id: z.number(),
    item_name: z.string(),
    item_description: z.string(),
    item_image: z.string(),
    item_score: z.number(),
    item_price: ItemPriceSchema,
    item_is_available: z.boolean(),
    item_allergens: z.array(z.string()),
    item_diets: z.array(z.string()),
    item_is_alcoholic: z.boolean().optional(),
    options: z.array(ItemOptionSchema),
  })
  .meta({ id: 'MenuItem' });
export type MenuItem = z.infer<typeof MenuItemSchema>;

const CategorySchema = z
  .object({
    category_id: z.number(),
    category_name: z.string(),
    category_description: z.string(),
    items: z.array(MenuItemSchema),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

export const MenuSchema = z
  .object({
    menu_id: z.number(),
    menu_name: z.string(),
    menu_description: z.string(),
    menu_is_open: z.boolean(),
    menu_is_available: z.boolean(),
    active_times: z.array(ActiveTimeSchema),
    time_ranges: WeeklyRangesSchema,
    pickup_time_ranges: WeeklyRangesSchema,
    categories: z.array(CategorySchema),
  })
  .meta({ id: 'Menu' });
export type Menu = z.infer<typeof MenuSchema>;

/** GET /v2/public/menus: the menus with their categories and items (`payload`). */
export const MenusSchema = z.array(MenuSchema);

/** One restaurant setting (section 3, Settings): a dotted name and any JSON value. */
const SettingSchema = z.object({ name: z.string(), value: z.unknown() }).meta({ id: 'Setting' });

/** GET /v2/public/settings. */
export const SettingsSchema = z.array(SettingSchema);
export type Settings = z.infer<typeof SettingsSchema>;

const OfferWindowSchema = z.object({ days: z.array(WeekdaySchema), start: z.string(), end: z.string() });

/** An offer (section 3, Offer): `value` is percent (percentage, cheapest_item) or euros (fixed_amount). */
export const OfferSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    code: z.string().nullable(),
    is_public: z.boolean(),
    is_active: z.boolean(),
    type: z.enum(offerTypes),
    value: z.number(),
    auto_apply: z.enum(['Yes', 'No']),
    allow_repeat: z.boolean(),
    delivery_pickup: z.enum(['both', 'pickup', 'delivery']),
    minimum_amount: z.number(),
    menus: z.array(z.number()),
    categories: z.array(z.number()),
    items: z.array(z.number()),
    active_times: z.array(OfferWindowSchema),
    min_units: z.number(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;

/** GET /v2/public/offers: the automatic offers. GET /v2/public/offers/{coupon}: a list of the one coupon. */
export const OffersSchema = z.array(OfferSchema);

/** GET /v2/public/offers/{coupon}: the code as typed (trimmed and upper-cased by the server). */
export const CouponParamsSchema = z.object({ coupon: z.string().meta({ description: 'Le code promo saisi (casse et espaces autour sans importance).' }) });

/** GET /v2/public/products/{item_menu_id}: a menu's id. */
export const ProductsParamsSchema = z.object({ item_menu_id: z.string().meta({ description: 'L’id de la carte (menu_id de GET /v2/public/menus).' }) });

/** One item of GET /v2/public/products/{item_menu_id}: its price and whether it can be ordered now. */
const ProductPriceSchema = z
  .object({
    item_id: z.number(),
    item_menu_id: z.number(),
    item_is_available: z.boolean(),
    item_price: ItemPriceSchema,
  })
  .meta({ id: 'ProductPrice' });
export const ProductsSchema = z.array(ProductPriceSchema);
export type ProductPrice = z.infer<typeof ProductPriceSchema>;
