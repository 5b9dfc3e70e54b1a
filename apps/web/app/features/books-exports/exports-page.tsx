import { Download, Settings } from 'lucide-react';
import { Link } from 'react-router';
import type { BooksExports } from '@resto/contract/books-exports';
import { downloadBooksExport } from '@resto/contract/books-exports.routes';
import { booksExportKinds, booksExportsPage as t } from '@resto/copy/staff/books-exports';
import { formatDate } from '@resto/domain/format';
import { cardClass } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { routeUrl } from '../../lib/api.ts';
import { PeriodPicker, periodApiQuery, type PeriodQuery, type PeriodRefusal } from '../books-reports/index.ts';
import { backOfficePaths } from '../staff/index.ts';

/**
 * The accountant's exports (/restaurant/exports, the owner's; docs/decisions/032): the period
 * picker of the sales report, what the period holds, and a download per file — receipts, lines,
 * payments, the daily journal per VAT rate, the FEC and the B2C e-reporting data. Without the
 * SIRET, the FEC and the e-reporting say where to set it. Plain links: works without JavaScript.
 */
export function ExportsPage({ query, exports, refusal }: { query: PeriodQuery; exports: BooksExports | null; refusal: PeriodRefusal | null }) {
  return (
    <div className="space-y-4">
      <PageHeader title={t.title} intro={t.intro} />
      <PeriodPicker basePath={backOfficePaths.exports} query={query} refusal={refusal} testId="exports-form" />
      {exports ? <Files query={query} exports={exports} /> : null}
    </div>
  );
}

function Files({ query, exports }: { query: PeriodQuery; exports: BooksExports }) {
  const apiQuery = periodApiQuery({ ...query, from: exports.period.from, to: query.period === 'range' ? exports.period.to : query.to });
  return (
    <div className="space-y-4" data-testid="exports">
      <p className="text-sm text-ink/70">
        <strong className="text-ink" data-testid="exports-period">
          {t.periodOf(formatDate(exports.period.from), formatDate(exports.period.to))}
        </strong>{' '}
        — <span data-testid="exports-summary">{t.summary(exports.documents, exports.payments, exports.days)}</span>
      </p>
      <ul className="grid gap-3 lg:grid-cols-2">
        {exports.files.map((file) => {
          const kind = booksExportKinds[file.kind];
          return (
            <li key={file.kind} className={`${cardClass} flex flex-col gap-2 p-4`} data-testid={`export-${file.kind}`}>
              <h2 className="text-base font-bold">{kind.title}</h2>
              <p className="text-sm text-ink/70">{kind.text}</p>
              {file.file_name ? (
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
                  <span className="font-mono text-xs break-all text-ink/60">{t.fecName(file.file_name)}</span>
                  <a
                    href={routeUrl(downloadBooksExport, { params: { kind: file.kind }, query: apiQuery })}
                    download={file.file_name}
                    className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    <Download size={16} aria-hidden />
                    {t.download}
                  </a>
                </div>
              ) : (
                <p className="mt-auto flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" role="note">
                  {t.sirenHint}
                  <Link to={`${backOfficePaths.settings}#legal`} className="inline-flex items-center gap-1 font-semibold underline">
                    <Settings size={14} aria-hidden />
                    {t.settingsLink}
                  </Link>
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-ink/70">
        {t.accountsHint}{' '}
        <Link to={`${backOfficePaths.settings}#books`} className="font-semibold underline">
          {t.settingsLink}
        </Link>
      </p>
    </div>
  );
}
