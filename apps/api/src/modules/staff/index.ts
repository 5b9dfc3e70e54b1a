/**
 * The front door of the `staff` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * The restaurant's staff (docs/decisions/020-staff-accounts.md): sessions and the guard of the staff area.
 */
export { requireStaff, staffAuthenticator } from './sessions.ts';
