import { Form, Link } from 'react-router';
import { ChevronRight, SearchX } from 'lucide-react';
import type { OrderHistoryPage, OrderHistoryRow } from '@resto/contract/order-history';
import { historyChannels, historyStatuses } from '@resto/contract/order-history';
import { meansLabels } from '@resto/copy/staff/books';
import { historyStatusLabels, orderHistoryPage as t } from '@resto/copy/staff/order-history';
import { meansOfPayment } from '@resto/domain/books';
import { formatEuros, formatLongDateTime } from '@resto/domain/format';
import { formatPhone } from '@resto/domain/phone';
import { capitalise } from '@resto/domain/sale-documents';
import { Card, cardClass } from '../../components/ui/card.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { boxPadding, type PeriodRefusal } from '../books-reports/index.ts';
import { historyOrderPath, orderHistoryPath } from '../staff/index.ts';
import { historyHref, type HistoryQuery } from './history-query.ts';

const inputClass = 'mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 text-base';
const labelClass = 'block text-sm font-semibold';

/**
 * Every past order (/restaurant/commandes/historique; docs/decisions/034-order-history.md): one
 * search box and the filters in a GET form (the URL holds them: a reload or a shared link shows
 * the same page, and it works before hydration), the orders newest first, a page at a time.
 */
export function OrderHistoryPageView({ query, page, refusal }: { query: HistoryQuery; page: OrderHistoryPage | null; refusal: PeriodRefusal | null }) {
  return (
    <div className="space-y-4">
      <PageHeader title={t.title} intro={t.intro} />
      <Filters query={query} refusal={refusal} />
      {page ? <Results query={query} page={page} /> : null}
    </div>
  );
}

function Filters({ query, refusal }: { query: HistoryQuery; refusal: PeriodRefusal | null }) {
  const invalid = (field: string) => refusal?.field === field || undefined;
  return (
    <Card padding={boxPadding}>
      <Form method="get" action={orderHistoryPath} className="grid grid-cols-2 items-end gap-3 lg:grid-cols-6" data-testid="history-form">
        <label className={`${labelClass} col-span-2 lg:col-span-6`}>
          {t.searchLabel}
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder={t.searchPlaceholder}
            maxLength={100}
            className={inputClass}
            aria-invalid={invalid('q')}
          />
        </label>
        <label className={labelClass}>
          {t.fromLabel}
          <input type="date" name="from" defaultValue={query.from} className={inputClass} aria-invalid={invalid('from')} />
        </label>
        <label className={labelClass}>
          {t.toLabel}
          <input type="date" name="to" defaultValue={query.to} className={inputClass} aria-invalid={invalid('to')} />
        </label>
        <Select name="status" label={t.statusLabel} value={query.status} options={historyStatuses.map((s) => [s, historyStatusLabels[s]])} />
        <Select name="channel" label={t.channelLabel} value={query.channel} options={historyChannels.map((c) => [c, t.channels[c]])} />
        <Select name="means" label={t.meansLabel} value={query.means} options={meansOfPayment.map((m) => [m, capitalise(meansLabels[m])])} />
        <div className="flex">
          <button type="submit" className={buttonClass('primary', 'flex-1 px-5 py-2.5')}>
            {t.submit}
          </button>
        </div>
      </Form>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        {refusal ? <FormAlert message={refusal.message} /> : <span />}
        <Link to={orderHistoryPath} className="text-sm font-semibold text-ink/70 underline">
          {t.reset}
        </Link>
      </div>
    </Card>
  );
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <label className={labelClass}>
      {label}
      <select name={name} defaultValue={value} className={inputClass}>
        <option value="">{t.any}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function Results({ query, page }: { query: HistoryQuery; page: OrderHistoryPage }) {
  if (page.orders.length === 0)
    return (
      <Card className="flex flex-col items-center gap-2 text-center" data-testid="history-empty">
        <SearchX size={32} aria-hidden className="text-ink/40" />
        <p className="text-lg font-bold">{t.empty}</p>
        <p className="text-sm text-ink/70">{t.emptyHint}</p>
      </Card>
    );
  return (
    <div className="space-y-3" data-testid="history-results">
      <ul className="space-y-2">
        {page.orders.map((order) => (
          <Row key={order.order_id} order={order} search={historyHref('', query, query.cursor || null)} />
        ))}
      </ul>
      <nav className="flex flex-wrap justify-between gap-2" aria-label={t.title}>
        {query.cursor ? (
          <Link to={historyHref(orderHistoryPath, query, null)} className={buttonClass('secondary', 'px-4 py-2 text-sm')}>
            {t.first}
          </Link>
        ) : (
          <span />
        )}
        {page.next_cursor ? (
          <Link
            to={historyHref(orderHistoryPath, query, page.next_cursor)}
            className={buttonClass('secondary', 'px-4 py-2 text-sm')}
            data-testid="history-next"
          >
            {t.next}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

const statusTone: Record<string, string> = {
  completed: 'bg-emerald-100 text-emerald-800',
  rejected: 'bg-red-100 text-red-800',
  cancelled: 'bg-red-100 text-red-800',
};

/** One order: a link to its page, its number and receipt, when, who, how, its status and total. */
function Row({ order, search }: { order: OrderHistoryRow; /** The list's query ('?q=…' or ''): the order's page goes back to it. */ search: string }) {
  return (
    <li>
      <Link
        to={`${historyOrderPath(order.order_id)}${search}`}
        className={`${cardClass} grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 sm:grid-cols-2 gap-y-1 p-3 hover:ring-2 hover:ring-brand-600/40 lg:grid-cols-[11rem_14rem_minmax(0,1fr)_15rem_6rem] xl:grid-cols-[11rem_15rem_minmax(0,1fr)_20rem_6rem]`}
        data-testid="history-row"
      >
        <span className="min-w-0">
          <strong className="block">{t.orderNumber(order.order_id)}</strong>
          {order.receipt_number ? <span className="font-mono text-xs text-ink/60">{order.receipt_number}</span> : null}
        </span>
        <span className="justify-self-end text-right text-lg font-extrabold tabular-nums lg:order-last">{formatEuros(order.total)}</span>
        <span className="col-span-2 text-sm text-ink/80 sm:col-span-1">
          {formatLongDateTime(new Date(order.ordered_at))}
          <span className="block text-ink/60">
            {order.is_pickup ? t.channels.pickup : t.channels.delivery}
            {order.source === 'phone' ? ` · ${t.channels.phone}` : ''}
          </span>
        </span>
        <span className="col-span-2 min-w-0 text-sm [overflow-wrap:anywhere] sm:col-span-1">
          <span className={`block font-semibold ${order.anonymised ? 'italic text-ink/60' : ''}`}>{order.customer_name}</span>
          {order.anonymised ? null : <span className="block text-ink/70">{[formatPhone(order.phone), order.email].filter(Boolean).join(' · ')}</span>}
        </span>
        <span className="col-span-2 flex flex-wrap items-center gap-1.5 text-sm lg:col-span-1 lg:justify-end">
          <span className={`rounded-full px-2 py-0.5 font-semibold ${statusTone[order.status] ?? 'bg-amber-100 text-amber-900'}`}>
            {historyStatusLabels[order.status]}
          </span>
          <span className="text-ink/70">{order.payments ?? (order.payment_method === 'card' ? capitalise(meansLabels.online_card) : t.unpaid)}</span>
          <ChevronRight size={16} aria-hidden className="hidden text-ink/40 lg:inline" />
        </span>
      </Link>
    </li>
  );
}
