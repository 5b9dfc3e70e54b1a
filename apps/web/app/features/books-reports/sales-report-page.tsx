import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { SalesReportAnswer } from '@resto/contract/books-reports';
import { meansOfPayment, salesChannels } from '@resto/domain/books';
import { formatDate, formatEuros, formatRate } from '@resto/domain/format';
import { meansLabels } from '@resto/copy/staff/books';
import { salesReportPage as t } from '@resto/copy/staff/books-reports';
import { orderSourceLabels, sourceReport } from '@resto/copy/staff/phone-order';
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

// The charts (recharts) come in their own chunk, which only this page loads, after hydration.
const RowsChart = lazy(() => import('./sales-charts.tsx').then((m) => ({ default: m.RowsChart })));
const HoursChart = lazy(() => import('./sales-charts.tsx').then((m) => ({ default: m.HoursChart })));

/** A row chart's height in px: a bar of 34 px a row (label and gap: fingers apart on a phone), and the legend's line when it has one. */
const rowsHeight = (rows: number, legend = false) => rows * 34 + (legend ? 28 : 4);
const hoursHeight = 176;
/** The dishes' chart shows the best sold only; the table below lists them all. */
const dishesCharted = 8;

const noSubscription = () => () => {};
/** false on the server and while hydrating, true in the browser afterwards: recharts measures its box. */
const useInBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A chart's box, `role="img"` with `label` (its figures, for screen readers), `height` px high from the
 * server's HTML on, so that nothing moves when the chart (drawn in the browser only) comes.
 */
function ChartBox({ label, height, testId, children }: { label: string; height: number; testId?: string; children: ReactNode }) {
  const inBrowser = useInBrowser();
  return (
    <div role="img" aria-label={label} className="mt-3 w-full min-w-0" style={{ height }} data-testid={testId}>
      {inBrowser ? (
        // The chart's own texts (recharts' legend icons say "legend icon") are not read: the label says it all.
        <div aria-hidden="true" className="h-full w-full">
          <Suspense fallback={null}>{children}</Suspense>
        </div>
      ) : null}
    </div>
  );
}

/** 'espèces' → 'Espèces' (the means' labels are written for the middle of a sentence). */
const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

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
  const means = meansOfPayment.map((m) => ({ label: capitalised(meansLabels[m]), values: [report.payments[m]], figure: formatEuros(report.payments[m]) }));
  const channels = salesChannels.map((c) => ({ label: t.channels[c], values: [report.channels[c]], figure: formatEuros(report.channels[c]) }));
  const rates = report.vat.map((v) => ({ label: formatRate(v.rate), values: [v.total_ht, v.total_vat], figure: formatEuros(v.total_ttc) }));
  const topDishes = report.dishes.slice(0, dishesCharted).map((d) => ({ label: d.label, values: [d.quantity], figure: String(d.quantity) }));
  const summary = (title: string, rows: readonly { label: string; figure: string }[]) =>
    t.chartOf(
      title,
      rows.map((r) => t.barOf(r.label, r.figure)),
    );
  const drawn = (rows: readonly { values: readonly number[] }[]) => rows.some((r) => r.values.some((v) => v !== 0));
  const hours = report.orders_per_hour.map((n, h) => ({ h, n }));
  const busy = hours.filter((x) => x.n > 0);
  // The service's hours at least (11 h to 22 h), wider when an order came outside them.
  const shown = busy.length ? hours.slice(Math.min(11, busy[0]!.h), Math.max(22, busy.at(-1)!.h) + 1) : [];
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
          {drawn(rates) ? (
            <ChartBox label={summary(t.byRate, rates)} height={rowsHeight(rates.length, true)} testId="chart-vat">
              <RowsChart rows={rates} series={[t.ht, t.vat]} height={rowsHeight(rates.length, true)} />
            </ChartBox>
          ) : null}
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
          {drawn(means) ? (
            <ChartBox label={summary(t.byMeans, means)} height={rowsHeight(means.length)} testId="chart-means">
              <RowsChart rows={means} series={[t.byMeans]} height={rowsHeight(means.length)} />
            </ChartBox>
          ) : null}
          <ul className="mt-2 divide-y divide-black/5 text-sm" data-testid="report-means">
            {means.map((m) => (
              <li key={m.label} className="flex justify-between py-1.5">
                <span>{m.label}</span>
                <span className="tabular-nums font-semibold">{m.figure}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card padding={boxPadding}>
          <h2 className="text-lg font-bold">{t.byChannel}</h2>
          {drawn(channels) ? (
            <ChartBox label={summary(t.byChannel, channels)} height={rowsHeight(channels.length)} testId="chart-channels">
              <RowsChart rows={channels} series={[t.byChannel]} height={rowsHeight(channels.length)} />
            </ChartBox>
          ) : null}
          <ul className="mt-2 divide-y divide-black/5 text-sm" data-testid="report-channels">
            {channels.map((c) => (
              <li key={c.label} className="flex justify-between py-1.5">
                <span>{c.label}</span>
                <span className="tabular-nums font-semibold">{c.figure}</span>
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
          <h3 className="mt-4 font-bold">{sourceReport.heading}</h3>
          <dl className="mt-1 grid grid-cols-2 gap-y-1.5 text-sm tabular-nums">
            <dt>{orderSourceLabels.online}</dt>
            <dd className="text-right font-semibold">{sourceReport.orders(report.orders_per_source.online)}</dd>
            <dt>{orderSourceLabels.phone}</dt>
            <dd className="text-right font-semibold" data-testid="report-phone-orders">
              {sourceReport.orders(report.orders_per_source.phone)}
            </dd>
          </dl>
        </Card>
      </div>
      <Card padding={boxPadding}>
        <h2 className="text-lg font-bold">{t.perHour}</h2>
        {shown.length ? (
          <>
            <ChartBox
              label={t.chartOf(
                t.perHour,
                busy.map(({ h, n }) => t.hourBar(h, n)),
              )}
              height={hoursHeight}
              testId="chart-hours"
            >
              <HoursChart hours={shown} hourLabel={t.hour} height={hoursHeight} />
            </ChartBox>
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer font-semibold text-ink/70">{t.hourFigures}</summary>
              <table className="mt-2 w-full tabular-nums sm:w-auto sm:min-w-64" data-testid="report-hours">
                <thead className="text-left text-ink/60">
                  <tr>
                    <th className="py-1 font-semibold">{t.hourColumn}</th>
                    <th className="py-1 text-right font-semibold">{t.orders}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map(({ h, n }) => (
                    <tr key={h} className="border-t border-black/5">
                      <td className="py-1">{t.hour(h)}</td>
                      <td className="py-1 text-right">{n}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
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
        {drawn(topDishes) ? (
          <ChartBox label={summary(t.topDishes(topDishes.length), topDishes)} height={rowsHeight(topDishes.length)} testId="chart-dishes">
            <RowsChart rows={topDishes} series={[t.quantity]} height={rowsHeight(topDishes.length)} />
          </ChartBox>
        ) : null}
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
