/** The owner's sales report page (/restaurant/ventes; docs/decisions/031). */
export { SalesReportPage, type SalesReportQuery, type SalesReportRefusal } from './sales-report-page.tsx';
export { boxPadding, PeriodPicker, periodApiQuery, periodQueryOf, type PeriodQuery, type PeriodRefusal } from './period-picker.tsx';
