import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import type { AuditEntryView } from '@resto/contract/backoffice';
import { auditEntities, ImportPreviewSchema, type AuditPage } from '@resto/contract/backoffice-audit';
import { formatDateTime } from '@resto/domain/format';
import { auditEntityLabels, auditLog as t } from '@resto/copy/staff/audit';
import { auditFieldLines } from '@resto/domain/restaurant-diff';
import { backOfficePaths } from '../staff/index.ts';
import { ChangeList } from './change-list.tsx';

/** An import's entry keeps the preview's changes in `after` (apps/api/src/modules/audit/routes.ts). */
const ImportChangesSchema = ImportPreviewSchema.pick({ changes: true, settings: true });

const card = 'rounded-2xl bg-white shadow-sm';

/** The journal's URL for a filter and a page (server-rendered links: works without JavaScript, and keeps the page in history). */
function auditHref(entity: string | null, beforeId: number | null): string {
  const query = new URLSearchParams();
  if (entity) query.set('entity', entity);
  if (beforeId) query.set('before_id', String(beforeId));
  const search = query.toString();
  return search ? `${backOfficePaths.audit}?${search}` : backOfficePaths.audit;
}

/**
 * The journal (/restaurant/journal, the owner's; docs/decisions/023): every back-office change,
 * newest first, 50 a page; a filter by kind; each entry opens on its before / after, field by
 * field, the changed ones highlighted. Phone first: one column, the detail stacked below 640 px.
 */
export function AuditLogPage({ page, entity }: { page: AuditPage; entity: string | null }) {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold">{t.title}</h1>
        <p className="mt-1 text-sm text-ink/70">{t.intro}</p>
      </div>
      <nav aria-label={t.filterLabel} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex w-max gap-2 pb-1">
          {[null, ...auditEntities].map((kind) => {
            const current = kind === entity;
            return (
              <li key={kind ?? 'all'}>
                <Link
                  to={auditHref(kind, null)}
                  aria-current={current ? 'page' : undefined}
                  className={`block rounded-full px-3.5 py-2 text-sm font-semibold ${current ? 'bg-ink text-white' : 'border border-black/15 bg-white text-ink/80 hover:bg-stone-50'}`}
                >
                  {kind ? (auditEntityLabels[kind] ?? kind) : t.filterAll}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {page.entries.length === 0 ? (
        <p className={`${card} p-4 text-ink/70`}>{t.empty}</p>
      ) : (
        <ol className={`${card} divide-y divide-black/5`} data-testid="audit-entries">
          {page.entries.map((entry) => (
            <AuditEntryRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {page.next_before_id ? (
        <Link
          to={auditHref(entity, page.next_before_id)}
          className="inline-block rounded-full border border-black/15 bg-white px-4 py-2.5 text-sm font-semibold hover:bg-stone-50"
        >
          {t.more}
        </Link>
      ) : null}
    </div>
  );
}

function AuditEntryRow({ entry }: { entry: AuditEntryView }) {
  const imported = entry.entity === 'restaurant' ? ImportChangesSchema.safeParse(entry.after) : undefined;
  const after = imported?.success ? { ...(entry.after as Record<string, unknown>), changes: undefined, settings: undefined } : entry.after;
  const lines = auditFieldLines(entry.before, after).filter((l) => l.path !== 'changes' && l.path !== 'settings');
  const changed = lines.filter((l) => l.changed);
  const unchanged = lines.filter((l) => !l.changed);
  return (
    <li data-testid="audit-entry">
      <details className="group">
        <summary className="flex cursor-pointer list-none items-start gap-3 p-4 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{entry.summary}</p>
            <p className="mt-0.5 text-xs text-ink/70">
              <time dateTime={entry.at}>{formatDateTime(new Date(entry.at))}</time> · {t.by(entry.staff_name)} ·{' '}
              <span className="rounded-full bg-stone-100 px-2 py-0.5">{auditEntityLabels[entry.entity] ?? entry.entity}</span>
            </p>
          </div>
          <ChevronDown size={18} aria-hidden className="mt-1 shrink-0 text-ink/50 transition-transform group-open:rotate-180" />
          <span className="sr-only">{t.details}</span>
        </summary>
        <div className="space-y-3 px-4 pb-4">
          {imported?.success ? <ChangeList changes={imported.data.changes} settings={imported.data.settings} /> : null}
          <FieldTable lines={changed} />
          {unchanged.length ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">{t.unchanged(unchanged.length)}</summary>
              <FieldTable lines={unchanged} />
            </details>
          ) : null}
        </div>
      </details>
    </li>
  );
}

function FieldTable({ lines }: { lines: ReturnType<typeof auditFieldLines> }) {
  if (lines.length === 0) return null;
  return (
    <table className="mt-2 w-full table-fixed border-collapse text-sm">
      <thead className="sr-only sm:not-sr-only">
        <tr className="text-left text-xs uppercase tracking-wide text-ink/65">
          <th className="w-1/4 py-1 pr-2 font-semibold">{t.field}</th>
          <th className="py-1 pr-2 font-semibold">{t.before}</th>
          <th className="py-1 font-semibold">{t.after}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr
            key={line.path}
            data-changed={line.changed || undefined}
            className={`block border-t border-black/5 py-2 sm:table-row sm:py-0 ${line.changed ? 'bg-amber-50' : 'text-ink/70'}`}
          >
            <th className="block px-2 text-left font-semibold break-words sm:table-cell sm:py-1.5">
              {line.label}
              {line.changed ? <span className="ml-1.5 rounded-full bg-amber-200 px-1.5 text-[11px] font-semibold text-amber-900">{t.changed}</span> : null}
            </th>
            <td className="block px-2 break-words sm:table-cell sm:py-1.5">
              <span className="text-xs text-ink/65 sm:hidden">{t.beforeColon}</span>
              <span className={line.changed ? 'text-red-800 line-through decoration-red-300' : ''}>{line.before}</span>
            </td>
            <td className="block px-2 break-words sm:table-cell sm:py-1.5">
              <span className="text-xs text-ink/65 sm:hidden">{t.afterColon}</span>
              <span className={line.changed ? 'font-semibold text-emerald-800' : ''}>{line.after}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
