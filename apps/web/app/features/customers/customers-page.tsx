import { Form, Link } from 'react-router';
import { ChevronRight, SearchX } from 'lucide-react';
import type { CustomerList, CustomerRow } from '@resto/contract/customers';
import { customersPage as t } from '@resto/copy/staff/customers';
import { customerSorts, type CustomerSort } from '@resto/domain/customers';
import { formatDate, formatEuros } from '@resto/domain/format';
import { formatPhone } from '@resto/domain/phone';
import { Card, cardClass } from '../../components/ui/card.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { customerPath, customersPath } from '../staff/index.ts';
import { MarkBadge } from './mark-badge.tsx';

const inputClass = 'mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 text-base';
const labelClass = 'block text-sm font-semibold';
const boxPadding = 'p-4 sm:p-5';
const defaultSort: CustomerSort = 'last_order';

/** What the customers' page URL asks for (?q=&sort=&page=), as typed. */
export interface CustomersQuery {
  q: string;
  sort: string;
  page: number;
}

/** The customers' page URL for `query` at `page`. */
export function customersHref(query: CustomersQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.sort) params.set('sort', query.sort);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `${customersPath}?${text}` : customersPath;
}

/**
 * The customers (/restaurant/clients; docs/decisions/037-customers.md): a search box and a sort in
 * a GET form (the URL holds them; works before hydration), the customers 30 a page, each a link to
 * their page.
 */
export function CustomersPageView({ query, list, refusal }: { query: CustomersQuery; list: CustomerList | null; refusal: string | null }) {
  return (
    <div className="space-y-4">
      <PageHeader
        title={t.title}
        intro={
          <>
            {t.intro} <span data-testid="customers-spent-hint">{t.spentHint}</span>
          </>
        }
      />
      <Card padding={boxPadding}>
        <Form
          method="get"
          action={customersPath}
          className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[minmax(0,1fr)_17rem_auto]"
          data-testid="customers-form"
        >
          <label className={labelClass}>
            {t.searchLabel}
            <input type="search" name="q" defaultValue={query.q} placeholder={t.searchPlaceholder} maxLength={100} className={inputClass} />
          </label>
          <label className={labelClass}>
            {t.sortLabel}
            <select name="sort" defaultValue={query.sort || defaultSort} className={inputClass}>
              {customerSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t.sorts[sort]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass('primary', 'px-5 py-2.5')}>
            {t.submit}
          </button>
        </Form>
        {refusal ? (
          <div className="mt-3">
            <FormAlert message={refusal} />
          </div>
        ) : null}
      </Card>
      {list ? <Results query={query} list={list} /> : null}
    </div>
  );
}

function Results({ query, list }: { query: CustomersQuery; list: CustomerList }) {
  if (list.customers.length === 0)
    return (
      <Card className="flex flex-col items-center gap-2 text-center" data-testid="customers-empty">
        <SearchX size={32} aria-hidden className="text-ink/40" />
        <p className="text-lg font-bold">{t.empty}</p>
      </Card>
    );
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  return (
    <div className="space-y-3" data-testid="customers-results">
      <p className="text-sm font-semibold text-ink/70" data-testid="customers-count">
        {t.count(list.total)}
      </p>
      <ul className="space-y-2">
        {list.customers.map((customer) => (
          <Row key={customer.key} customer={customer} />
        ))}
      </ul>
      <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={t.title}>
        {list.page > 1 ? (
          <Link to={customersHref(query, list.page - 1)} className={buttonClass('secondary', 'px-4 py-2 text-sm')}>
            {t.previous}
          </Link>
        ) : (
          <span />
        )}
        <span className="text-sm text-ink/70">{t.pageOf(list.page, pages)}</span>
        {list.page < pages ? (
          <Link to={customersHref(query, list.page + 1)} className={buttonClass('secondary', 'px-4 py-2 text-sm')} data-testid="customers-next">
            {t.next}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}

/** One customer: a link to their page, name and contacts, their figures. */
function Row({ customer }: { customer: CustomerRow }) {
  const contacts = [...customer.phones.map(formatPhone), ...customer.emails].join(' · ');
  return (
    <li>
      <Link
        to={customerPath(customer.key)}
        className={`${cardClass} grid grid-cols-2 items-center gap-x-4 gap-y-2 p-3 hover:ring-2 hover:ring-brand-600/40 md:grid-cols-[minmax(0,1fr)_repeat(4,6.5rem)_1rem]`}
        data-testid="customer-row"
      >
        <span className="col-span-2 min-w-0 [overflow-wrap:anywhere] md:col-span-1">
          <span className="flex flex-wrap items-center gap-2">
            <strong>{customer.name}</strong>
            <MarkBadge mark={customer.mark} />
          </span>
          <span className="block text-sm text-ink/70">{contacts}</span>
        </span>
        <Figure label={t.orders} value={String(customer.orders)} />
        <Figure label={t.sorts.spent} value={formatEuros(customer.spent)} />
        <Figure label={t.sorts.last_order} value={formatDate(new Date(customer.last_order_at))} />
        <Figure label={t.sorts.no_shows} value={String(customer.no_shows)} warn={customer.no_shows > 0} />
        <ChevronRight size={16} aria-hidden className="hidden text-ink/40 md:inline" />
      </Link>
    </li>
  );
}

function Figure({ label, value, warn = false }: { label: string; value: string; warn?: boolean }) {
  return (
    <span className="text-sm">
      <span className="block text-xs text-ink/60">{label}</span>
      <span className={`font-bold tabular-nums ${warn ? 'text-red-700' : ''}`}>{value}</span>
    </span>
  );
}
