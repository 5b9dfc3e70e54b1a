import { markCustomer, readCustomer, writeCustomerNote } from '@resto/contract/customers.routes';
import { customerErrors, customersPage } from '@resto/copy/staff/customers';
import type { Route } from './+types/restaurant-customer';
import { ApiCallError } from '../lib/api.ts';
import { loadStaffPage, requireStaffMe, staffApi } from '../lib/staff-api.server.ts';
import { CustomerPageView, type CustomerActionAnswer } from '../features/customers/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.detail?.customer.name ?? customersPage.title },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/clients/<key> (docs/decisions/037): one customer; the block's buttons for the owner. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = await requireStaffMe(request, context);
  return loadStaffPage(async () => {
    try {
      return { detail: await staffApi(request, context).call(readCustomer, { params: { customer_key: params.customerKey } }), isOwner: me.role === 'owner' };
    } catch (error) {
      if (!(error instanceof ApiCallError) || !error.is('customer_not_found', 'invalid_request')) throw error;
      return { detail: null, isOwner: me.role === 'owner' };
    }
  });
}

/** The note (intent=note) and the mark (intent=flag, block or unmark), with the API's French refusals. */
export async function action({ request, context, params }: Route.ActionArgs): Promise<CustomerActionAnswer> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = staffApi(request, context);
  const key = { customer_key: params.customerKey };
  return loadStaffPage(async () => {
    try {
      if (intent === 'note') {
        await api.call(writeCustomerNote, { params: key, body: { note: String(form.get('note') ?? '') } });
        return { message: customersPage.noteSaved, tone: 'success' as const };
      }
      const mark = intent === 'flag' ? 'flagged' : intent === 'block' ? 'blocked' : null;
      await api.call(markCustomer, { params: key, body: { mark, reason: String(form.get('reason') ?? '') } });
      return { message: mark ? customersPage.markSaved : customersPage.unmarked, tone: 'success' as const };
    } catch (error) {
      if (!(error instanceof ApiCallError) || !error.is('invalid_request', 'customer_blocked_by_owner', 'customer_not_found')) throw error;
      return { message: error.errors[0]?.message ?? error.message, tone: 'error' as const };
    }
  });
}

export default function RestaurantCustomer({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.detail)
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{customersPage.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {customerErrors.unknownCustomer}
        </p>
      </Card>
    );
  return <CustomerPageView detail={loaderData.detail} isOwner={loaderData.isOwner} answer={actionData ?? null} />;
}
