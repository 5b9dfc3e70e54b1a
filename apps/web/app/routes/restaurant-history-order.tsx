import { refundOrderPart, retryOrderRefund } from '@resto/contract/board.routes';
import { readOrderHistory } from '@resto/contract/order-history.routes';
import { orderHistoryErrors, orderHistoryPage } from '@resto/copy/staff/order-history';
import { formatEuros } from '@resto/domain/format';
import type { Route } from './+types/restaurant-history-order';
import { ApiCallError } from '../lib/api.ts';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { newRefundKey, refundBodyOf, refundFields, refundFormValuesOf, type PartialRefundSubmission } from '../features/board/index.ts';
import { HistoryOrderView, historyHref, historyQueryOf } from '../features/order-history/index.ts';
import { orderHistoryPath } from '../features/staff/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: orderHistoryPage.orderNumber(Number(params.orderId)) },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/commandes/historique/<id>?<the list's query> (docs/decisions/034): one past order's
 * whole life; the back link returns to the list as it was searched. `refundKey`: the key of the
 * partial refund the page's form would ask (docs/decisions/035), made here, once per render: the
 * form posted twice, or again, is one refund.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const query = historyQueryOf(new URL(request.url));
  const backHref = historyHref(orderHistoryPath, query, query.cursor || null);
  return loadStaffPage(async () => {
    try {
      const detail = await staffApi(request, context).call(readOrderHistory, { params: { order_id: params.orderId } });
      return { detail, backHref, refundKey: newRefundKey() };
    } catch (error) {
      if (!(error instanceof ApiCallError) || !error.is('order_not_found', 'invalid_request')) throw error;
      return { detail: null, backHref, refundKey: '' };
    }
  });
}

/**
 * The page's forms, posted without JavaScript too:
 * - `intent=retry_refund`, « Relancer le remboursement »: the board's own call (one refund per
 *   order, idempotent at the provider);
 * - `intent=partial_refund`, « Rembourser une partie » (docs/decisions/035): `partialRefundOf`.
 * @throws a redirect to the login page without a session, Response 502 on another failure.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const api = staffApi(request, context);
  if (form.get('intent') === refundFields.intent)
    return loadStaffPage(async () => ({ refundMessage: null, partialRefund: await partialRefundOf(api, params.orderId, form) }));
  return loadStaffPage(async () => {
    try {
      await api.call(retryOrderRefund, { params: { order_id: params.orderId } });
      return { refundMessage: null, partialRefund: null };
    } catch (error) {
      if (!(error instanceof ApiCallError) || !error.is('refund_failed', 'order_transition_refused')) throw error;
      return { refundMessage: error.message, partialRefund: null };
    }
  });
}

/**
 * The partial refund's form posted (`intent=partial_refund`, docs/decisions/035), by its button's
 * `step`: `open` and `edit` answer the form (open, with what was typed), `confirm` its
 * confirmation step (the component checks it again as it draws it), `cancel` nothing (closed);
 * `refund` asks the API, as the component does (POST /v2/restaurant/orders/{id}/refunds, the form's
 * `refund_key`, made by the page's loader: the same key is the same refund). Refused (invalid_request
 * on its field, order_transition_refused, refund_failed: the API's French message), the form again
 * with the refusal and what was typed; done, the amount refunded (the loader then shows the refund).
 */
async function partialRefundOf(api: ReturnType<typeof staffApi>, orderId: string, form: FormData): Promise<PartialRefundSubmission | null> {
  const step = form.get(refundFields.step);
  if (step === 'cancel') return null;
  if (step === 'open') return { step: 'form', values: null, error: null, done: null };
  const values = refundFormValuesOf(form);
  if (step !== 'refund') return { step: step === 'confirm' ? 'confirm' : 'form', values, error: null, done: null };
  const refundKey = String(form.get(refundFields.refundKey) ?? '');
  const body = refundBodyOf(values, refundKey);
  if ('error' in body) return { step: 'form', values, error: body.error, done: null };
  try {
    const after = await api.call(refundOrderPart, { params: { order_id: orderId }, body });
    const refund = after.refunds.find((row) => row.refund_key === refundKey);
    return { step: 'done', values: null, error: null, done: refund ? formatEuros(refund.amount) : null };
  } catch (error) {
    if (!(error instanceof ApiCallError) || !error.is('invalid_request', 'order_transition_refused', 'refund_failed')) throw error;
    return { step: 'form', values, error: { message: error.message, field: error.errors[0]?.path ?? null }, done: null };
  }
}

export default function RestaurantHistoryOrder({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.detail)
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{orderHistoryPage.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {orderHistoryErrors.unknownOrder}
        </p>
      </Card>
    );
  return (
    <HistoryOrderView
      detail={loaderData.detail}
      backHref={loaderData.backHref}
      refundMessage={actionData?.refundMessage ?? null}
      partialRefund={{ refundKey: loaderData.refundKey, submitted: actionData?.partialRefund ?? null }}
    />
  );
}
