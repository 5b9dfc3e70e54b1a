import { useState } from 'react';
import { printerStations, type StationCategory } from '@resto/contract/printers';
import * as printerRoutes from '@resto/contract/printers.routes';
import { printersPage, stationLabels } from '@resto/copy/staff/printers';
import { api } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { FormAlert } from '../../components/ui/alert.tsx';

const t = printersPage.stations;

/**
 * « Postes par catégorie » (docs/decisions/033): each menu category's station, saved as soon as it
 * is chosen; « Tous les postes » (no station) prints its lines at every station. Read-only for a
 * staff member.
 */
export function StationsSection({ categories, canEdit }: { categories: StationCategory[]; canEdit: boolean }) {
  const [list, setList] = useState(categories);
  const [notice, setNotice] = useState<string | null>(null);
  const { loading, error, run } = useAction();
  const change = async (category: StationCategory, value: string) => {
    setNotice(null);
    const station = value === '' ? null : (value as StationCategory['station']);
    const saved = await run(() => api.call(printerRoutes.setCategoryStation, { params: { category_id: String(category.category_id) }, body: { station } }));
    if (saved) {
      setList(saved.categories);
      setNotice(t.saved(category.name));
    }
  };
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm sm:p-6" aria-labelledby="stations-title" data-testid="stations">
      <h2 id="stations-title" className="text-lg font-bold">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-ink/70">{t.intro}</p>
      <div aria-live="polite" className="mt-2 space-y-2">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={error} />
      </div>
      {list.length === 0 ? <p className="mt-3 text-sm text-ink/70">{t.empty}</p> : null}
      <ul className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 md:grid-cols-2">
        {list.map((category) => (
          <li key={category.category_id} className="flex items-center justify-between gap-3 border-b border-black/5 py-1.5">
            <label htmlFor={`station-${category.category_id}`} className="min-w-0 text-sm">
              <span className="font-semibold">{category.name}</span> <span className="text-ink/65">· {category.menu}</span>
            </label>
            <select
              id={`station-${category.category_id}`}
              className="w-40 shrink-0 rounded-xl border border-black/15 px-2 py-2 text-sm"
              value={category.station ?? ''}
              disabled={!canEdit || loading}
              onChange={(e) => void change(category, e.target.value)}
              data-testid="category-station"
            >
              <option value="">{t.all}</option>
              {printerStations.map((station) => (
                <option key={station} value={station}>
                  {stationLabels[station]}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </section>
  );
}
