import { readSalesReport } from '@resto/contract/books-reports.routes';
import { salesReportPage } from '@resto/copy/staff/books-reports';
import { staffAnswers } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-sales';
import { ApiCallError } from '../lib/api.ts';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { periodApiQuery, periodQueryOf, SalesReportPage, type SalesReportQuery, type SalesReportRefusal } from '../features/books-reports/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: salesReportPage.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/ventes?period=&from=&to= (docs/decisions/031): the owner's sales report; a refused
 * period is said on its field, with what was typed kept; a staff member is told it is the owner's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query: SalesReportQuery = periodQueryOf(new URL(request.url));
  return loadStaffPage(
    async () => {
      try {
        const report = await staffApi(request, context).call(readSalesReport, { query: periodApiQuery(query) });
        // Without a day asked, the API's today (its clock): the form shows it.
        return { query: { ...query, from: query.from || report.period.from }, report, refusal: null, forbidden: false as const };
      } catch (error) {
        if (!(error instanceof ApiCallError) || error.code !== 'invalid_request') throw error;
        const refusal: SalesReportRefusal = { message: error.errors[0]?.message ?? error.message, field: error.errors[0]?.path ?? null };
        return { query, report: null, refusal, forbidden: false as const };
      }
    },
    { forbidden: () => ({ query, report: null, refusal: null, forbidden: true as const }) },
  );
}

export default function RestaurantSales({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden)
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{salesReportPage.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffAnswers.forbidden}
        </p>
      </Card>
    );
  return <SalesReportPage query={loaderData.query} report={loaderData.report} refusal={loaderData.refusal} />;
}
