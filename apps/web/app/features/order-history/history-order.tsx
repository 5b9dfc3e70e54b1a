import { Form, Link, useRevalidator } from 'react-router';
import { ArrowLeft, ExternalLink, RotateCcw } from 'lucide-react';
import type { OrderHistoryDetail } from '@resto/contract/order-history';
import { meansLabels } from '@resto/copy/staff/books';
import { orderChangePage } from '@resto/copy/staff/order-change';
import { historyEventLabels, historyStatusLabels, orderHistoryPage as t } from '@resto/copy/staff/order-history';
import { describeCustomerName, describeDeliveryAddress } from '@resto/domain/board-order';
import { formatEuros, formatLongDateTime } from '@resto/domain/format';
import { refusalReasonText } from '@resto/domain/order-lifecycle';
import { formatPhone } from '@resto/domain/phone';
import { capitalise } from '@resto/domain/sale-documents';
import { Card } from '../../components/ui/card.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { OrderAmounts, OrderLines, OrderOutcome, PartialRefunds, type PartialRefundPost } from '../board/index.ts';
import { boxPadding } from '../books-reports/index.ts';
import { staffHome } from '../staff/index.ts';

const when = (instant: string) => formatLongDateTime(new Date(instant));

/**
 * One past order's whole life (/restaurant/commandes/historique/<id>; docs/decisions/034): its
 * lines and amounts, what happened (order_events), its payments and reversals from the books'
 * journal, its refund, its receipts, invoices and credit notes, its e-mails still waiting, and
 * what can be done today: the receipt page, a refused refund asked again (the board's own call, a
 * form: it works before hydration), a partial refund (the same component as the board's, its form
 * also posted to the page's action: `partialRefund`, docs/decisions/035), the board for an order
 * still under way.
 */
export function HistoryOrderView({
  detail,
  backHref,
  refundMessage,
  partialRefund,
}: {
  detail: OrderHistoryDetail;
  backHref: string;
  refundMessage: string | null;
  partialRefund: PartialRefundPost;
}) {
  const { order } = detail;
  const revalidator = useRevalidator();
  const address = order.is_pickup ? null : describeDeliveryAddress(order);
  return (
    <div className="space-y-4">
      <Link to={backHref} className="inline-flex items-center gap-1 text-sm font-semibold text-ink/70 underline">
        <ArrowLeft size={16} aria-hidden />
        {t.back}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">{t.orderNumber(order.order_id)}</h1>
          <p className="text-sm text-ink/70">
            {when(order.created_at)} · {order.is_pickup ? t.channels.pickup : t.channels.delivery}
            {order.source === 'phone' ? ` · ${t.channels.phone}` : ''} ·{' '}
            <span className="font-semibold text-ink" data-testid="history-order-status">
              {historyStatusLabels[order.status]}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {detail.receipt_path ? (
            <a
              href={detail.receipt_path}
              target="_blank"
              rel="noreferrer"
              className={buttonClass('secondary', 'inline-flex items-center gap-2 px-4 py-2 text-sm')}
            >
              <ExternalLink size={16} aria-hidden />
              {t.receiptLink}
            </a>
          ) : null}
          {detail.on_board ? (
            <Link to={staffHome} className={buttonClass('secondary', 'px-4 py-2 text-sm')}>
              {t.onBoard}
            </Link>
          ) : null}
          {order.changeable ? (
            <Link to={`/restaurant/commandes/${order.order_id}/modifier`} className={buttonClass('secondary', 'px-4 py-2 text-sm')} data-testid="change-order">
              {orderChangePage.button}
            </Link>
          ) : null}
        </div>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Card padding={boxPadding} className="space-y-3">
          <h2 className="text-lg font-bold">{t.customer}</h2>
          <p className="[overflow-wrap:anywhere]">
            <strong>{describeCustomerName(order)}</strong>
            <span className="block text-sm text-ink/70">{[formatPhone(order.customer.phone), order.customer.email].filter(Boolean).join(' · ')}</span>
            {address ? <span className="block text-sm text-ink/70">{address}</span> : null}
          </p>
          <h2 className="text-lg font-bold">{t.lines}</h2>
          <OrderLines order={order} />
          <OrderAmounts order={order} />
          <OrderOutcome order={order} />
          {order.refund && order.refund.status !== 'succeeded' ? (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="retry_refund" />
              <button type="submit" className={buttonClass('secondary', 'inline-flex items-center gap-2 px-4 py-2 text-sm')}>
                <RotateCcw size={16} aria-hidden />
                {t.retryRefund}
              </button>
              <FormAlert message={refundMessage} />
            </Form>
          ) : null}
          <PartialRefunds order={order} onOrder={() => void revalidator.revalidate()} post={partialRefund} />
        </Card>
        <div className="space-y-4">
          <Card padding={boxPadding} data-testid="history-order-events">
            <h2 className="mb-2 text-lg font-bold">{t.events}</h2>
            <ol className="space-y-2 border-l-2 border-black/10 pl-4">
              {order.events.map((event) => (
                <li key={event.id} className="text-sm" data-testid="history-event">
                  <p className="font-semibold">{historyEventLabels[event.type] ?? event.type}</p>
                  <p className="text-ink/70">
                    {when(event.at)}
                    {event.actor_name ? ` · ${t.by(event.actor_name)}` : ''}
                  </p>
                  {event.reason ? (
                    <p className="text-ink/70">{refusalReasonText(event.reason, event.reason_text)}</p>
                  ) : event.reason_text ? (
                    <p className="text-ink/70">{event.reason_text}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          </Card>
          <Card padding={boxPadding} data-testid="history-order-payments">
            <h2 className="mb-2 text-lg font-bold">{t.payments}</h2>
            {order.payments.lines.length === 0 ? (
              <p className="text-sm text-ink/70">{t.noPayment}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {order.payments.lines.map((line) => (
                  <li key={line.seq} className="flex flex-wrap justify-between gap-2">
                    <span>
                      <strong>{capitalise(meansLabels[line.means])}</strong>
                      {line.reverses !== null ? ` · ${t.reversal(line.reverses)}` : ''}
                      <span className="block text-ink/60">
                        {when(line.at)}
                        {line.by ? ` · ${t.by(line.by)}` : ''}
                      </span>
                    </span>
                    <span className="tabular-nums font-semibold">{formatEuros(line.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card padding={boxPadding} data-testid="history-order-documents">
            <h2 className="mb-2 text-lg font-bold">{t.documents}</h2>
            {detail.documents.length === 0 ? (
              <p className="text-sm text-ink/70">{t.noDocument}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {detail.documents.map((document, index) => (
                  <li key={index} className="flex flex-wrap justify-between gap-2">
                    <span>
                      <strong>{t.documentKinds[document.kind]}</strong> <span className="font-mono">{document.number}</span>
                      {document.reprint ? ` · ${t.reprint(document.reprint)}` : ''}
                    </span>
                    <span className="text-ink/60">{when(document.at)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card padding={boxPadding} data-testid="history-order-mails">
            <h2 className="mb-2 text-lg font-bold">{t.mails}</h2>
            {detail.mails.length === 0 ? (
              <p className="text-sm text-ink/70">{t.mailsNone}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {detail.mails.map((mail, index) => (
                  <li key={index} className="[overflow-wrap:anywhere]">
                    <strong>{t.mailKinds[mail.kind] ?? mail.subject}</strong> · {mail.recipient}
                    <span className="block text-ink/60">
                      {when(mail.created_at)} · {mail.attempts > 0 ? t.mailStatusRetry(mail.attempts) : t.mailStatusWaiting}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
