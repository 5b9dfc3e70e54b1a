/**
 * The front door of the `capacity` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * Capacity per slot (docs/decisions/023-back-office.md, « Capacité »): the SQL of a slot's load, read by the orders and by the storefront's slots.
 */
export { lockSlot, slotLoad, slotLockSql } from './repository.ts';
