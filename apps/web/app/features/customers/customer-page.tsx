import { Form, Link, useNavigation } from 'react-router';
import type { CustomerDetail } from '@resto/contract/customers';
import { orderActions } from '@resto/copy/staff/board';
import { historyStatusLabels } from '@resto/copy/staff/order-history';
import { customerNotice, customersPage as t } from '@resto/copy/staff/customers';
import { customerNoteMaxLength, customerReasonMaxLength } from '@resto/domain/customers';
import { formatDate, formatEuros, formatLongDateTime } from '@resto/domain/format';
import { formatPhone } from '@resto/domain/phone';
import { Card } from '../../components/ui/card.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { customersPath, historyOrderPath } from '../staff/index.ts';
import { MarkBadge } from './mark-badge.tsx';

const inputClass = 'mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 text-base';
const labelClass = 'block text-sm font-semibold';
const boxPadding = 'p-4 sm:p-5';

/** What the page's form answered: a refusal (French, from the API) or a confirmation. */
export interface CustomerActionAnswer {
  message: string;
  tone: 'error' | 'success';
}

/**
 * One customer (/restaurant/clients/<key>; docs/decisions/037-customers.md): their figures, their
 * contacts, the staff note (shown on the board, printed on the kitchen tickets), the flag or the
 * block (the owner's) with who decided it and when, and their orders, each a link to its page in
 * the history. Every change is a POST form: it works before hydration.
 */
export function CustomerPageView({ detail, isOwner, answer }: { detail: CustomerDetail; isOwner: boolean; answer: CustomerActionAnswer | null }) {
  const { customer } = detail;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="space-y-4">
      <Link to={customersPath} className="text-sm font-semibold text-ink/70 underline">
        {t.back}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold" data-testid="customer-name">
          {customer.name}
        </h1>
        <MarkBadge mark={customer.mark} />
      </div>
      {answer ? <FormAlert message={answer.message} tone={answer.tone} /> : null}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="customer-figures">
        <Figure label={t.orders} value={String(customer.orders)} />
        <Figure label={t.sorts.spent} value={formatEuros(customer.spent)} />
        <Figure label={t.average} value={formatEuros(customer.average_basket)} />
        <Figure label={t.first} value={formatDate(new Date(customer.first_order_at))} />
        <Figure label={t.sorts.last_order} value={formatDate(new Date(customer.last_order_at))} />
        <Figure label={t.sorts.no_shows} value={String(customer.no_shows)} warn={customer.no_shows > 0} />
      </dl>
      <p className="text-sm text-ink/70" data-testid="customer-spent-hint">
        {t.spentHint}
      </p>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card padding={boxPadding}>
          <h2 className="text-lg font-bold">{t.contact}</h2>
          <ul className="mt-2 space-y-1 text-sm [overflow-wrap:anywhere]">
            {customer.phones.map((phone) => (
              <li key={phone}>
                <a href={`tel:${phone}`} className="text-brand-700 underline">
                  {formatPhone(phone)}
                </a>
              </li>
            ))}
            {customer.emails.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
          {customer.no_shows > 0 ? <p className="mt-3 text-sm font-semibold text-red-700">{customerNotice.noShows(customer.no_shows)}</p> : null}
        </Card>

        <Card padding={boxPadding}>
          <h2 className="text-lg font-bold">{t.noteTitle}</h2>
          <p className="mt-1 text-sm text-ink/70">{t.noteHint}</p>
          <Form method="post" className="mt-3 space-y-2" data-testid="customer-note-form">
            <input type="hidden" name="intent" value="note" />
            <label className={labelClass}>
              {t.noteLabel}
              <textarea
                name="note"
                rows={2}
                maxLength={customerNoteMaxLength}
                defaultValue={detail.note.text}
                placeholder={t.notePlaceholder}
                className={inputClass}
              />
            </label>
            {detail.note.by && detail.note.at ? (
              <p className="text-xs text-ink/60">{t.noteBy(detail.note.by, formatLongDateTime(new Date(detail.note.at)))}</p>
            ) : null}
            <button type="submit" className={buttonClass('primary', 'px-4 py-2 text-sm')} disabled={busy}>
              {t.saveNote}
            </button>
          </Form>
        </Card>
      </div>

      <Card padding={boxPadding}>
        <h2 className="text-lg font-bold">{t.markTitle}</h2>
        <p className="mt-1 text-sm text-ink/70">{t.markHint}</p>
        {detail.mark ? (
          <p
            className={`mt-3 rounded-xl p-3 text-sm font-semibold ${detail.mark.mark === 'blocked' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
            data-testid="customer-mark-text"
          >
            {(detail.mark.mark === 'blocked' ? t.blockedBy : t.flaggedBy)(detail.mark.reason, detail.mark.by, formatLongDateTime(new Date(detail.mark.at)))}
          </p>
        ) : null}
        <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto] sm:items-end" data-testid="customer-mark-form">
          <label className={labelClass}>
            {t.reasonLabel}
            <input
              name="reason"
              maxLength={customerReasonMaxLength}
              defaultValue={detail.mark?.reason ?? ''}
              placeholder={t.reasonPlaceholder}
              className={inputClass}
            />
          </label>
          <button type="submit" name="intent" value="flag" className={buttonClass('secondary', 'px-4 py-2 text-sm')} disabled={busy}>
            {t.flag}
          </button>
          {isOwner ? (
            <button type="submit" name="intent" value="block" className={buttonClass('danger', 'px-4 py-2 text-sm')} disabled={busy}>
              {t.block}
            </button>
          ) : null}
          {detail.mark ? (
            <button type="submit" name="intent" value="unmark" className={buttonClass('secondary', 'px-4 py-2 text-sm')} disabled={busy}>
              {t.unmark}
            </button>
          ) : null}
        </Form>
        {isOwner ? null : <p className="mt-2 text-xs text-ink/60">{t.ownerOnly}</p>}
      </Card>

      <Card padding={boxPadding}>
        <h2 className="text-lg font-bold">{t.ordersTitle}</h2>
        <ul className="mt-2 divide-y divide-black/10" data-testid="customer-orders">
          {detail.orders.map((order) => (
            <li key={order.order_id}>
              <Link
                to={historyOrderPath(order.order_id)}
                className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 py-2 hover:bg-stone-50 sm:grid-cols-[10rem_minmax(0,1fr)_auto_6rem]"
              >
                <strong className="text-brand-700 underline">{t.orderLink(order.order_id)}</strong>
                <span className="text-right font-bold tabular-nums sm:order-last">{formatEuros(order.total)}</span>
                <span className="text-sm text-ink/70">{formatLongDateTime(new Date(order.ordered_at))}</span>
                <span className="text-sm">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${order.not_collected || order.status === 'rejected' || order.status === 'cancelled' ? 'bg-red-100 text-red-800' : 'bg-stone-100'}`}
                  >
                    {order.not_collected ? orderActions.notCollected : (historyStatusLabels[order.status as keyof typeof historyStatusLabels] ?? order.status)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

function Figure({ label, value, warn = false }: { label: string; value: string; warn?: boolean }) {
  return (
    <div className="rounded-2xl bg-white p-3 shadow-sm">
      <dt className="text-xs text-ink/60">{label}</dt>
      <dd className={`text-lg font-extrabold tabular-nums ${warn ? 'text-red-700' : ''}`}>{value}</dd>
    </div>
  );
}
