import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { SalesReportAnswer } from '@resto/contract/books-reports';
import { meansOfPayment, salesChannels } from '@resto/domain/books';
import { formatDate, formatEuros, formatRate } from '@resto/domain/format';
import { meansLabels } from '@resto/copy/staff/books';
import { salesReportPage as t } from '@resto/copy/staff/books-reports';
import { Card, cardClass } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { backOfficePaths } from '../staff/index.ts';
import { boxPadding, PeriodPicker, type PeriodQuery, type PeriodRefusal } from './period-picker.tsx';

/** What the page asked for: the query as typed (kept when refused). */
export type SalesReportQuery = PeriodQuery;

/** A refusal of the period, on its field (from the API's invalid_request). */
export type SalesReportRefusal = PeriodRefusal;

/** The live report refreshes this often (ms) while the period holds a day not closed yet. */
const liveRefreshMs = 30_000;

/** A horizontal bar (its share of `max`), labelled for screen readers. */
function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const width = max > 0 && value !== 0 ? Math.max(2, Math.round((Math.abs(value) / max) * 100)) : 0;
  return (
    <div className="h-2.5 w-full rounded-full bg-stone-100" role="img" aria-label={label}>
      <div className="h-2.5 rounded-full bg-brand-600" style={{ width: `${width}%` }} />
    </div>
  );
}

/**
 * The sales report (/restaurant/ventes, the owner's; docs/decisions/031): a period picker that
 * works without JavaScript (a GET form), the figures of the live chain — sales TTC, HT and VAT, orders,
 * average basket, VAT per rate, means of payment, channels, credit notes, refunds, discounts,
 * delivery fees, dishes, orders per hour and customers — and, while the period is still open, a
 * refresh every 30 seconds. One column on a phone.
 */
export function SalesReportPage({ query, report, refusal }: { query: SalesReportQuery; report: SalesReportAnswer | null; refusal: SalesReportRefusal | null }) {
  const revalidator = useRevalidator();
  const live = report?.live ?? false;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') void revalidator.revalidate();
    }, liveRefreshMs);
    return () => clearInterval(timer);
  }, [live, revalidator]);

  return (
    <div className="space-y-4">
      <PageHeader title={t.title} intro={t.intro} />
      <PeriodPicker basePath={backOfficePaths.sales} query={query} refusal={refusal} testId="report-form" />
      {report ? <Report report={report} /> : null}
    </div>
  );
}

function Report({ report }: { report: SalesReportAnswer }) {
  const maxMeans = Math.max(0, ...meansOfPayment.map((m) => Math.abs(report.payments[m])));
  const maxChannel = Math.max(0, ...salesChannels.map((c) => Math.abs(report.channels[c])));
  const hours = report.orders_per_hour.map((n, h) => ({ h, n }));
  const busy = hours.filter((x) => x.n > 0);
  // The service's hours at least (11 h to 22 h), wider when an order came outside them.
  const shown = busy.length ? hours.slice(Math.min(11, busy[0]!.h), Math.max(22, busy.at(-1)!.h) + 1) : [];
  const maxHour = Math.max(0, ...report.orders_per_hour);
  const best = report.dishes[0];
  const worst = report.dishes.length > 1 ? report.dishes.at(-1) : undefined;
  return (
    <div className="space-y-4" data-testid="sales-report">
      <p className="text-sm text-ink/70" data-testid="report-period">
        <strong className="text-ink">{t.periodOf(formatDate(report.period.from), formatDate(report.period.to))}</strong> — {report.live ? t.live : t.closed}
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {[
          { label: t.salesTtc, value: formatEuros(report.total_ttc), id: 'total-ttc' },
          { label: t.salesHt, value: formatEuros(report.total_ht), id: 'total-ht' },
          { label: t.vat, value: formatEuros(report.total_vat), id: 'total-vat' },
          { label: t.orders, value: String(report.orders), id: 'orders' },
          { label: t.averageBasket, value: formatEuros(report.average_basket), id: 'average-basket' },
        ].map((figure) => (
          <div key={figure.id} className={`${cardClass} p-4`}>
            <dt className="text-xs font-semibold tracking-wide text-ink/60 uppercase">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums" data-testid={`report-${figure.id}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {report.counts.receipts === 0 ? <p className={`${cardClass} p-4 text-ink/70`}>{t.nothing}</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card padding={boxPadding}>
          <h2 className="text-lg font-bold">{t.byRate}</h2>
          <table className="mt-2 w-full text-sm tabular-nums">
            <thead className="text-left text-ink/60">
              <tr>
                <th className="py-1 font-semibold">{t.rate}</th>
                <th className="py-1 text-right font-semibold">{t.ht}</th>
                <th className="py-1 text-right font-semibold">{t.vat}</th>
                <th className="py-1 text-right font-semibold">{t.ttc}</th>
              </tr>
            </thead>
            <tbody>
              {report.vat.map((v) => (
                <tr key={v.rate} className="border-t border-black/5">
                  <td className="py-1.5">{formatRate(v.rate)}</td>
                  <td className="py-1.5 text-right">{formatEuros(v.total_ht)}</td>
                  <td className="py-1.5 text-right">{formatEuros(v.total_vat)}</td>
                  <td className="py-1.5 text-right">{formatEuros(v.total_ttc)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card padding={boxPadding}>
          <h2 className="text-lg font-bold">{t.byMeans}</h2>
          <ul className="mt-2 space-y-2 text-sm" data-testid="report-means">
            {meansOfPayment.map((m) => (
              <li key={m}>
                <div className="flex justify-between">
                  <span className="first-letter:uppercase">{meansLabels[m]}</span>
                  <span className="tabular-nums font-semibold">{formatEuros(report.payments[m])}</span>
                </div>
                <Bar value={report.payments[m]} max={maxMeans} label={`${meansLabels[m]} : ${formatEuros(report.payments[m])}`} />
              </li>
            ))}
          </ul>
        </Card>
        <Card padding={boxPadding}>
          <h2 className="text-lg font-bold">{t.byChannel}</h2>
          <ul className="mt-2 space-y-2 text-sm">
            {salesChannels.map((c) => (
              <li key={c}>
                <div className="flex justify-between">
                  <span>{t.channels[c]}</span>
                  <span className="tabular-nums font-semibold">{formatEuros(report.channels[c])}</span>
                </div>
                <Bar value={report.channels[c]} max={maxChannel} label={`${t.channels[c]} : ${formatEuros(report.channels[c])}`} />
              </li>
            ))}
          </ul>
        </Card>
        <Card padding={boxPadding}>
          <h2 className="text-lg font-bold">{t.corrections}</h2>
          <dl className="mt-2 grid grid-cols-2 gap-y-1.5 text-sm tabular-nums">
            <dt>{t.creditNotes}</dt>
            <dd className="text-right font-semibold">{report.counts.credit_notes}</dd>
            <dt>{t.refunds}</dt>
            <dd className="text-right font-semibold">
              {report.counts.refunds} · {formatEuros(meansOfPayment.reduce((sum, m) => sum + report.refunds[m], 0))}
            </dd>
            <dt>{t.discounts}</dt>
            <dd className="text-right font-semibold">{formatEuros(report.discounts)}</dd>
            <dt>{t.deliveryFees}</dt>
            <dd className="text-right font-semibold">{formatEuros(report.delivery_fees)}</dd>
          </dl>
          <h3 className="mt-4 font-bold">{t.customers}</h3>
          <dl className="mt-1 grid grid-cols-2 gap-y-1.5 text-sm tabular-nums">
            <dt>{t.newCustomers}</dt>
            <dd className="text-right font-semibold" data-testid="report-new-customers">
              {report.customers.new}
            </dd>
            <dt>{t.returningCustomers}</dt>
            <dd className="text-right font-semibold">{report.customers.returning}</dd>
          </dl>
        </Card>
      </div>
      <Card padding={boxPadding}>
        <h2 className="text-lg font-bold">{t.perHour}</h2>
        {shown.length ? (
          <div className="mt-3 flex h-40 items-end gap-1" data-testid="report-hours">
            {shown.map(({ h, n }) => (
              <div key={h} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1" role="img" aria-label={t.hourBar(h, n)}>
                <span className="text-xs tabular-nums text-ink/70">{n || ''}</span>
                <div className="w-full rounded-t bg-brand-600" style={{ height: `${maxHour ? Math.round((n / maxHour) * 100) : 0}%`, minHeight: n ? 4 : 0 }} />
                <span className="text-[11px] text-ink/60">{t.hour(h)}</span>
              </div>
            ))}
          </div>
        ) : (
          <p className="mt-2 text-sm text-ink/70">{t.nothing}</p>
        )}
      </Card>
      <Card padding={boxPadding}>
        <h2 className="text-lg font-bold">{t.dishes}</h2>
        {best ? (
          <p className="mt-1 text-sm text-ink/70">
            {t.best} : <strong className="text-ink">{best.label}</strong>
            {worst ? (
              <>
                {' '}
                · {t.worst} : <strong className="text-ink">{worst.label}</strong>
              </>
            ) : null}
          </p>
        ) : (
          <p className="mt-1 text-sm text-ink/70">{t.noDish}</p>
        )}
        {report.dishes.length ? (
          <table className="mt-2 w-full text-sm tabular-nums" data-testid="report-dishes">
            <thead className="text-left text-ink/60">
              <tr>
                <th className="py-1 font-semibold">{t.dishes}</th>
                <th className="py-1 text-right font-semibold">{t.quantity}</th>
                <th className="py-1 text-right font-semibold">{t.amount}</th>
              </tr>
            </thead>
            <tbody>
              {report.dishes.map((d) => (
                <tr key={d.label} className="border-t border-black/5">
                  <td className="py-1.5 pr-2">{d.label}</td>
                  <td className="py-1.5 text-right">{d.quantity}</td>
                  <td className="py-1.5 text-right">{formatEuros(d.total_ttc)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </Card>
    </div>
  );
}
