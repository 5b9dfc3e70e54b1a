import type { OrderHistoryQuery } from '@resto/contract/order-history';
import { historyChannels, historyStatuses } from '@resto/contract/order-history';
import { meansOfPayment } from '@resto/domain/books';

/** What the history page's URL asks for (?q=&from=&to=&status=&channel=&means=&cursor=), as typed: kept when refused. */
export interface HistoryQuery {
  q: string;
  from: string;
  to: string;
  status: string;
  channel: string;
  means: string;
  cursor: string;
}

const fields = ['q', 'from', 'to', 'status', 'channel', 'means', 'cursor'] as const;

/** The history's query from its URL: every field a string, '' when absent. */
export function historyQueryOf(url: URL): HistoryQuery {
  return Object.fromEntries(fields.map((name) => [name, url.searchParams.get(name)?.trim() ?? ''])) as unknown as HistoryQuery;
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined => values.find((v) => v === value);

/**
 * The API's query: empty fields left out. A status, channel or means that is not one is left out
 * too (a hand-edited URL shows every order rather than an error on a select box nobody typed in);
 * dates, the search and the cursor go as typed, so that the API says what is wrong with them.
 */
export function historyApiQuery(query: HistoryQuery): OrderHistoryQuery {
  return {
    q: query.q || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    status: oneOf(historyStatuses, query.status),
    channel: oneOf(historyChannels, query.channel),
    means: oneOf(meansOfPayment, query.means),
    cursor: query.cursor || undefined,
  };
}

/** The page's URL for `query` (`cursor` replaced, or dropped with null): the filters stay in it. */
export function historyHref(basePath: string, query: HistoryQuery, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const name of fields) {
    const value = name === 'cursor' ? cursor : query[name];
    if (value) params.set(name, value);
  }
  const text = params.toString();
  return text ? `${basePath}?${text}` : basePath;
}
