/**
 * The back office's journal and export / import pages (issue 14, part 8): what the routes use.
 */
export { AuditLogPage } from './audit-page.tsx';
export { ImportExportPage } from './import-export-page.tsx';
