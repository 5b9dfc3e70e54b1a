/** The owner's sales report page (/restaurant/ventes; docs/decisions/031). */
export { SalesReportPage, type SalesReportQuery, type SalesReportRefusal } from './sales-report-page.tsx';
