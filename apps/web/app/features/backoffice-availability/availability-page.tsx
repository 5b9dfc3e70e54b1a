import { useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { AvailabilityItemSchema, type AvailabilityItem } from '@resto/contract/backoffice-images';
import { StaleEditPayloadSchema } from '@resto/contract/backoffice';
import { setItemAvailability } from '@resto/contract/availability.routes';
import { availability as t } from '@resto/copy/staff/availability';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { availabilityStates, type AvailabilityState } from '@resto/domain/sold-out';
import { formatDateTime } from '@resto/domain/format';
import { normalizeForSearch } from '@resto/domain/search';
import { api, isApiError } from '../../lib/api.ts';
import { DishPicture } from '../../components/dish-picture.tsx';

/** The three states' colours when chosen. */
const chosenStyle: Record<AvailabilityState, string> = {
  available: 'bg-emerald-700 text-white',
  sold_out_today: 'bg-amber-500 text-ink',
  sold_out: 'bg-red-700 text-white',
};

/** A message for one dish: saved, or refused (with what is shown now). */
interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

/**
 * /restaurant/disponibilites (docs/decisions/023), for staff and owners: every dish by category with a
 * one-tap three-state control (Disponible / Épuisé aujourd'hui / Jusqu'à nouvel ordre) and a search
 * box. A tap shows the new state at once and sends it (with the dish's `version`); a refusal puts
 * the dish back as it was (or as it is now, on 409 stale_edit) and says so in an alert.
 */
export function AvailabilityPage({ initial }: { initial: AvailabilityItem[] }) {
  const [dishes, setDishes] = useState(initial);
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<Notice | null>(null);

  const groups = useMemo(() => {
    const wanted = normalizeForSearch(query.trim());
    const shown = wanted ? dishes.filter((d) => normalizeForSearch(d.item_name).includes(wanted)) : dishes;
    const menus = new Set(dishes.map((d) => d.menu_name));
    const byCategory = new Map<string, { title: string; dishes: AvailabilityItem[] }>();
    for (const dish of shown) {
      const key = `${dish.menu_name}\u0000${dish.category_name}`;
      const group = byCategory.get(key) ?? { title: menus.size > 1 ? `${dish.category_name} · ${dish.menu_name}` : dish.category_name, dishes: [] };
      group.dishes.push(dish);
      byCategory.set(key, group);
    }
    return [...byCategory.values()];
  }, [dishes, query]);
  const soldOut = dishes.filter((d) => d.state !== 'available').length;

  const replace = (dish: AvailabilityItem) => setDishes((all) => all.map((d) => (d.item_id === dish.item_id ? dish : d)));

  const change = async (dish: AvailabilityItem, state: AvailabilityState) => {
    if (state === dish.state || pending.has(dish.item_id)) return;
    setNotice(null);
    replace({ ...dish, state, sold_out_until: null });
    setPending((p) => new Set(p).add(dish.item_id));
    try {
      const saved = await api.call(setItemAvailability, { params: { item_id: String(dish.item_id) }, body: { state, expected_version: dish.version } });
      replace(saved);
      setNotice({ kind: 'ok', text: t.saved(saved.item_name, t.states[saved.state]) });
    } catch (error) {
      const current = isApiError(error, 'stale_edit') ? AvailabilityItemSchema.safeParse(StaleEditPayloadSchema.safeParse(error.payload).data?.current) : null;
      if (current?.success) {
        replace(current.data);
        setNotice({ kind: 'error', text: `${dish.item_name} : ${backOfficeShared.staleEdit}` });
      } else {
        replace(dish);
        setNotice({
          kind: 'error',
          text: isApiError(error) && error.status > 0 && error.code !== 'invalid_answer' ? `${dish.item_name} : ${error.message}` : t.failed(dish.item_name),
        });
      }
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(dish.item_id);
        return next;
      });
    }
  };

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-extrabold">{t.heading}</h1>
        <p className="mt-1 text-sm text-ink/70">{t.intro}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-4">
        <label className="block w-full min-w-0 sm:max-w-sm">
          <span className="text-sm font-semibold">{t.search}</span>
          <span className="relative mt-1 block">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink/50" aria-hidden />
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              placeholder={t.searchPlaceholder}
              className="w-full rounded-xl border border-black/15 bg-white py-2.5 pl-9 pr-3 text-base"
              data-testid="availability-search"
            />
          </span>
        </label>
        <p className="text-sm font-medium text-ink/70 sm:pb-3" aria-live="polite" data-testid="availability-count">
          {t.soldOutCount(soldOut)}
        </p>
      </div>
      <div aria-live="polite">
        {notice?.kind === 'ok' ? <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">{notice.text}</p> : null}
      </div>
      {notice?.kind === 'error' ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {notice.text}
        </p>
      ) : null}
      {groups.length === 0 ? <p className="text-ink/70">{t.noMatch}</p> : null}
      {groups.map((group) => (
        <section key={group.title} className="rounded-2xl bg-white p-3 shadow-sm sm:p-4" aria-label={group.title}>
          <h2 className="px-1 text-lg font-bold">{group.title}</h2>
          <ul className="mt-2 divide-y divide-black/5">
            {group.dishes.map((dish) => (
              <li
                key={dish.item_id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
                data-testid="availability-dish"
                data-item-id={dish.item_id}
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <DishPicture src={dish.image} sizes="64px" width={64} height={48} loading="lazy" className="h-12 w-16 shrink-0 rounded-lg object-cover" />
                  <div className="min-w-0">
                    <p className="font-semibold">{dish.item_name}</p>
                    {dish.state === 'sold_out_today' && dish.sold_out_until ? (
                      <p className="text-sm text-ink/70">{t.backAt(formatDateTime(new Date(dish.sold_out_until)))}</p>
                    ) : null}
                  </div>
                </div>
                <fieldset className="shrink-0" disabled={pending.has(dish.item_id)} aria-busy={pending.has(dish.item_id)}>
                  <legend className="sr-only">{t.groupLabel(dish.item_name)}</legend>
                  <div className="grid grid-cols-3 overflow-hidden rounded-xl border border-black/15 text-center text-sm font-semibold sm:w-[28rem] lg:w-[36rem]">
                    {availabilityStates.map((state) => (
                      <label
                        key={state}
                        className={`flex min-h-11 cursor-pointer items-center justify-center border-black/10 px-1.5 py-2 leading-tight lg:whitespace-nowrap [&:not(:first-child)]:border-l has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-brand-600 ${dish.state === state ? chosenStyle[state] : 'bg-white hover:bg-stone-50'}`}
                      >
                        <input
                          type="radio"
                          className="sr-only"
                          name={`availability-${dish.item_id}`}
                          value={state}
                          checked={dish.state === state}
                          onChange={() => void change(dish, state)}
                        />
                        {t.states[state]}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
