/**
 * The menu (dishes, search, allergen filter, product dialog: the /menu screen of section 2 of the specification): what the routes and the
 * other features use of it. The allergen filter's state lives in allergen-filter-store.ts, imported directly.
 */
export { AllergenFilter } from './allergen-filter.tsx';
export { MenuItemCard } from './menu-item-card.tsx';
export { MenuSearch } from './menu-search.tsx';
export { ProductDialog } from './product-dialog-loader.ts';
export { DishChip } from './quick-add.tsx';
