import { listBooksExports } from '@resto/contract/books-exports.routes';
import { booksExportsPage } from '@resto/copy/staff/books-exports';
import { staffAnswers } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-exports';
import { ApiCallError } from '../lib/api.ts';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { periodApiQuery, periodQueryOf, type PeriodRefusal } from '../features/books-reports/index.ts';
import { ExportsPage } from '../features/books-exports/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: booksExportsPage.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/exports?period=&from=&to= (docs/decisions/032): the owner's exports of a period; a
 * refused period is said on its field, with what was typed kept; a staff member is told it is the owner's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = periodQueryOf(new URL(request.url));
  return loadStaffPage(
    async () => {
      try {
        const exports = await staffApi(request, context).call(listBooksExports, { query: periodApiQuery(query) });
        return { query: { ...query, from: query.from || exports.period.from }, exports, refusal: null, forbidden: false as const };
      } catch (error) {
        if (!(error instanceof ApiCallError) || error.code !== 'invalid_request') throw error;
        const refusal: PeriodRefusal = { message: error.errors[0]?.message ?? error.message, field: error.errors[0]?.path ?? null };
        return { query, exports: null, refusal, forbidden: false as const };
      }
    },
    { forbidden: () => ({ query, exports: null, refusal: null, forbidden: true as const }) },
  );
}

export default function RestaurantExports({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden)
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{booksExportsPage.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffAnswers.forbidden}
        </p>
      </Card>
    );
  return <ExportsPage query={loaderData.query} exports={loaderData.exports} refusal={loaderData.refusal} />;
}
