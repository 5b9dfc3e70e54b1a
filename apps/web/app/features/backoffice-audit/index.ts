/**
 * The back office's journal and export / import pages (docs/decisions/023): what the routes use.
 */
export { AuditLogPage } from './audit-page.tsx';
export { ImportExportPage } from './import-export-page.tsx';
