/**
 * The front door of the `catalog` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * The catalogue: its service (the storefront's menus, settings and offers, rebuilt on every change), its rows, and the restaurant file's import.
 */
export { importRestaurant, offerRowValues, replaceCatalog } from './import.ts';
export { readCatalogRows, readCatalogVersion, readLiveMenuRows } from './repository.ts';
export type { CatalogRows } from './repository.ts';
export type { Catalog } from './service.ts';
export { CatalogService, catalogChanged, catalogChangedChannel, offerFromRow } from './service.ts';
