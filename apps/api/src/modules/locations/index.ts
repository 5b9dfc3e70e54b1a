/**
 * The front door of the `locations` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * Addresses and delivery distances: the service.
 */
export { LocationService } from './service.ts';
