import { listCustomers } from '@resto/contract/customers.routes';
import { customersPage } from '@resto/copy/staff/customers';
import { customerSorts } from '@resto/domain/customers';
import type { Route } from './+types/restaurant-customers';
import { ApiCallError } from '../lib/api.ts';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { CustomersPageView, type CustomersQuery } from '../features/customers/index.ts';

export const meta: Route.MetaFunction = () => [{ title: customersPage.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/clients?q=&sort=&page= (docs/decisions/037): a page of customers, staff and owner. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page') ?? '1')) || 1);
  const query: CustomersQuery = { q: url.searchParams.get('q')?.trim() ?? '', sort: url.searchParams.get('sort') ?? '', page };
  const sort = customerSorts.find((s) => s === query.sort);
  return loadStaffPage(async () => {
    try {
      return { query, list: await staffApi(request, context).call(listCustomers, { query: { q: query.q || undefined, sort, page } }), refusal: null };
    } catch (error) {
      if (!(error instanceof ApiCallError) || error.code !== 'invalid_request') throw error;
      return { query, list: null, refusal: error.errors[0]?.message ?? error.message };
    }
  });
}

export default function RestaurantCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersPageView query={loaderData.query} list={loaderData.list} refusal={loaderData.refusal} />;
}
