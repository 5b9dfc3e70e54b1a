import type { ImportPreview } from '@resto/contract/backoffice-audit';
import { diffKindLabels, restaurantImport as t } from '@resto/copy/staff/audit';

const changeLabels = { added: t.addedPlural, removed: t.removedPlural, changed: t.changedPlural } as const;
const changeTone = { added: 'bg-emerald-100 text-emerald-900', removed: 'bg-red-100 text-red-900', changed: 'bg-amber-100 text-amber-900' } as const;

/**
 * What an import changes (packages/domain/src/restaurant-diff.ts), grouped as additions, removals
 * and changes, each field old → new, then the settings: the import's preview and its journal entry.
 */
export function ChangeList({ changes, settings }: Pick<ImportPreview, 'changes' | 'settings'>) {
  return (
    <>
      {(['added', 'removed', 'changed'] as const).map((change) => {
        const list = changes.filter((c) => c.change === change);
        if (list.length === 0) return null;
        return (
          <div key={change}>
            <h4 className="text-sm font-bold uppercase tracking-wide text-ink/70">
              {changeLabels[change]} ({list.length})
            </h4>
            <ul className="mt-1 divide-y divide-black/5 rounded-xl border border-black/10">
              {list.map((c) => (
                <li key={`${c.kind}:${c.id}`} className="p-3">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${changeTone[change]}`}>{diffKindLabels[c.kind]}</span>
                    <span className="font-semibold break-words">{c.name}</span>
                  </p>
                  {c.fields.length ? (
                    <ul className="mt-1.5 space-y-1 text-sm">
                      {c.fields.map((f) => (
                        <li key={f.field} className="break-words">
                          <span className="text-ink/70">{f.label} : </span>
                          <span className="text-red-800 line-through decoration-red-300">{f.before}</span> →{' '}
                          <span className="font-semibold text-emerald-800">{f.after}</span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {settings.length ? (
        <div>
          <h4 className="text-sm font-bold uppercase tracking-wide text-ink/70">{t.settingsTitle}</h4>
          <ul className="mt-1 divide-y divide-black/5 rounded-xl border border-black/10 text-sm">
            {settings.map((s) => (
              <li key={s.name} className="p-3 break-words">
                <code className="text-xs">{s.name}</code> : <span className="text-red-800 line-through decoration-red-300">{s.before ?? '—'}</span> →{' '}
                <span className="font-semibold text-emerald-800">{s.after ?? '—'}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
