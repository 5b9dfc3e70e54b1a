import { Form, Link } from 'react-router';
import { salesReportPage as t } from '@resto/copy/staff/books-reports';
import { Card } from '../../components/ui/card.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';

/** What a books page asked for: the period as typed (kept when refused). */
export interface PeriodQuery {
  period: 'day' | 'week' | 'month' | 'range';
  from: string;
  to: string;
}

/** A refusal of the period, on its field (from the API's invalid_request). */
export interface PeriodRefusal {
  message: string;
  field: string | null;
}

const periods = ['day', 'week', 'month', 'range'] as const;

/** The period a books page's URL asks for (?period=&from=&to=): a day by default, the fields as typed. */
export function periodQueryOf(url: URL): PeriodQuery {
  const asked = url.searchParams.get('period');
  return { period: periods.find((p) => p === asked) ?? 'day', from: url.searchParams.get('from') || '', to: url.searchParams.get('to') || '' };
}

/** The API's query for a period as typed: an empty field left out (the API's today). */
export function periodApiQuery(query: PeriodQuery): { period: PeriodQuery['period']; from?: string; to?: string } {
  return { period: query.period, from: query.from || undefined, to: query.to || undefined };
}

/** The periods' boxes: tighter than a form's card. */
export const boxPadding = 'p-4';

const inputClass = 'mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 text-base';

/**
 * The period picker of the books' pages (the sales report, the exports; docs/decisions/031 and 032):
 * today, this week, this month as links, and a GET form — a day, the week or month of a day, or a
 * range — that works without JavaScript and keeps what was typed; a refusal is said under it and
 * marks its field.
 */
export function PeriodPicker({ basePath, query, refusal, testId }: { basePath: string; query: PeriodQuery; refusal: PeriodRefusal | null; testId: string }) {
  const quick = [
    { label: t.today, href: `${basePath}?period=day` },
    { label: t.thisWeek, href: `${basePath}?period=week` },
    { label: t.thisMonth, href: `${basePath}?period=month` },
  ];
  return (
    <Card padding={boxPadding}>
      <nav className="mb-3 flex flex-wrap gap-2" aria-label={t.periodLabel}>
        {quick.map((q) => (
          <Link
            key={q.label}
            to={q.href}
            className="rounded-full border border-black/15 bg-white px-3.5 py-2 text-sm font-semibold text-ink/80 hover:bg-stone-50"
          >
            {q.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="grid gap-3 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end" data-testid={testId}>
        <label className="block text-sm font-semibold">
          {t.periodLabel}
          <select name="period" defaultValue={query.period} className={inputClass}>
            {periods.map((p) => (
              <option key={p} value={p}>
                {t.periods[p]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold">
          {query.period === 'range' ? t.rangeFrom : t.fromLabel}
          <input type="date" name="from" defaultValue={query.from} className={inputClass} aria-invalid={refusal?.field === 'from' || undefined} />
        </label>
        <label className="block text-sm font-semibold">
          {t.rangeTo}
          <input type="date" name="to" defaultValue={query.to} className={inputClass} aria-invalid={refusal?.field === 'to' || undefined} />
        </label>
        <button type="submit" className={buttonClass('primary', 'w-full px-5 py-2.5 sm:w-auto')}>
          {t.show}
        </button>
      </Form>
      {refusal ? (
        <div className="mt-3">
          <FormAlert message={refusal.message} />
        </div>
      ) : null}
    </Card>
  );
}
