import { z } from '@resto/domain/zod-fr';
import { CategorySchema, ItemSchema, MenuSchema, OptionFields, OptionValueSchema, checkOption } from '@resto/domain/restaurant-file';
import { ExpectedVersionSchema } from './backoffice.ts';

/**
 * The menu editor's requests and answers (docs/decisions/023; /v2/restaurant/menu…, owner only).
 * Bodies are the restaurant file's own schemas (packages/domain/src/restaurant-file.ts) with the
 * ids the server assigns left out: the import and the back office refuse the same things with
 * the same French messages. Prices in euros (2 decimals), VAT in percent (null: the default rate).
 */

const id = ItemSchema.shape.item_id;

/** An option value in the dish form: `id` absent for a new value, kept for one that stays. */
const OptionValueBodySchema = OptionValueSchema.extend({ id: id.optional() });

/** An option in the dish form: `option_id` absent for a new option. `selected` ≤ its number of values. */
const OptionBodySchema = OptionFields.extend({
  option_id: id.optional(),
  values: z.array(OptionValueBodySchema).min(1, { error: 'Une option a au moins une valeur.' }),
}).superRefine(checkOption);

/** POST /v2/restaurant/menu/items: a new dish in `category_id`, with all its options. */
export const DishCreateBodySchema = ItemSchema.omit({ item_id: true, options: true })
  .extend({ category_id: id, options: z.array(OptionBodySchema).max(30).default([]) })
  .meta({ id: 'DishCreateBody' });
export type DishCreateBody = z.infer<typeof DishCreateBodySchema>;
/** What the dish form holds before defaults (zod's input type). */
export type DishFormInput = z.input<typeof DishCreateBodySchema>;

/** PUT /v2/restaurant/menu/items/{id}: the whole dish (its options replace the old ones), based on `expected_version`. */
export const DishUpdateBodySchema = DishCreateBodySchema.extend({ expected_version: ExpectedVersionSchema }).meta({ id: 'DishUpdateBody' });
export type DishUpdateBody = z.infer<typeof DishUpdateBodySchema>;

/** POST /v2/restaurant/menu/menus. A new menu takes the first menu's hours (edited on the hours page). */
export const MenuCreateBodySchema = MenuSchema.pick({ name: true, description: true, available: true }).meta({ id: 'MenuCreateBody' });
export type MenuCreateBody = z.infer<typeof MenuCreateBodySchema>;
export const MenuUpdateBodySchema = MenuCreateBodySchema.extend({ expected_version: ExpectedVersionSchema }).meta({ id: 'MenuUpdateBody' });
export type MenuUpdateBody = z.infer<typeof MenuUpdateBodySchema>;

/** POST /v2/restaurant/menu/categories: a new category at the end of `menu_id`. */
export const CategoryCreateBodySchema = CategorySchema.pick({ name: true, description: true })
  .extend({ menu_id: MenuSchema.shape.menu_id })
  .meta({ id: 'CategoryCreateBody' });
export type CategoryCreateBody = z.infer<typeof CategoryCreateBodySchema>;
export const CategoryUpdateBodySchema = CategorySchema.pick({ name: true, description: true })
  .extend({ expected_version: ExpectedVersionSchema })
  .meta({ id: 'CategoryUpdateBody' });
export type CategoryUpdateBody = z.infer<typeof CategoryUpdateBodySchema>;

/** POST …/{id}/move: one place up or down among its siblings (keyboard-accessible buttons on screen). */
export const MoveBodySchema = z.object({ direction: z.enum(['up', 'down']) }).meta({ id: 'MoveBody' });
export type MoveBody = z.infer<typeof MoveBodySchema>;

/** DELETE …/{id}?expected_version=N. */
export const DeleteQuerySchema = z.object({ expected_version: z.coerce.number().int().min(0) });
export const IdParamsSchema = z.object({ id: z.string().regex(/^\d{1,9}$/, { error: 'Numéro attendu.' }) });

/** A dish as the back office shows it: the restaurant file's fields, plus where it is and its version. */
export const DishViewSchema = ItemSchema.extend({
  category_id: id,
  menu_id: id,
  position: z.number().int(),
  version: z.number().int(),
  /** Named by past orders: deleting it archives it. */
  ordered: z.boolean(),
  /** « Épuisé aujourd'hui » until this instant (helper A2's toggle), null otherwise. */
  sold_out_until: z.string().nullable(),
}).meta({ id: 'DishView' });
export type DishView = z.infer<typeof DishViewSchema>;

export const CategoryViewSchema = z
  .object({
    category_id: id,
    menu_id: id,
    name: z.string(),
    description: z.string(),
    position: z.number().int(),
    version: z.number().int(),
    /** Past orders name one of its dishes (archived ones included): deleting it archives it. */
    ordered: z.boolean(),
    items: z.array(DishViewSchema),
  })
  .meta({ id: 'CategoryView' });
export type CategoryView = z.infer<typeof CategoryViewSchema>;

export const MenuViewSchema = z
  .object({
    menu_id: id,
    name: z.string(),
    description: z.string(),
    available: z.boolean(),
    position: z.number().int(),
    version: z.number().int(),
    /** Past orders name one of its dishes: deleting it archives it. */
    ordered: z.boolean(),
    categories: z.array(CategoryViewSchema),
  })
  .meta({ id: 'MenuView' });
export type MenuView = z.infer<typeof MenuViewSchema>;

/** GET /v2/restaurant/menu: every live menu, category and dish in their order (archived ones left out). */
export const MenuTreeSchema = z.object({ menus: z.array(MenuViewSchema) }).meta({ id: 'MenuTree' });
export type MenuTree = z.infer<typeof MenuTreeSchema>;

/** What a delete did: `archived` when past orders name it (or one of its dishes). */
export const DeleteResultSchema = z
  .object({
    outcome: z.enum(['deleted', 'archived']),
    deleted_items: z.number().int(),
    archived_items: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'MenuDeleteResult' });
export type DeleteResult = z.infer<typeof DeleteResultSchema>;
