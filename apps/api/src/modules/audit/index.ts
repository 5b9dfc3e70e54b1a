/**
 * The front door of the `audit` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * The back office's write path and its log (docs/decisions/023-back-office.md): `catalogEdit` (one transaction, a new catalogue version, the audit entries), and the restaurant file's export.
 */
export { assertFresh, catalogEdit } from './edits.ts';
export type { AuditEntry, EditAuthor, EditTx } from './edits.ts';
export { fileItemOf } from './restaurant-export.ts';
