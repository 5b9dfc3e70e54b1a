import { useState, type FormEvent } from 'react';
import { CapacityViewSchema, type CapacityView } from '@resto/contract/backoffice-capacity';
import { updateCapacity } from '@resto/contract/capacity.routes';
import type { StaffMe } from '@resto/contract/staff';
import { CapacitySettingsSchema, capacityLimitNames, type CapacitySettingName } from '@resto/domain/capacity';
import { requestErrors } from '@resto/copy/errors/request';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { capacityPage as t } from '@resto/copy/staff/capacity';
import { ApiCallError, api } from '../../lib/api.ts';
import { FormAlert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';

type LimitName = Exclude<CapacitySettingName, 'capacity.item_categories'>;
const limitNames: LimitName[] = ['capacity.pickup_max_orders', 'capacity.pickup_max_items', 'capacity.max_orders', 'capacity.max_items'];

/** What the form holds: the limits as typed (text), the counted categories as a set. */
interface Draft {
  limits: Record<LimitName, string>;
  categories: number[];
}

function draftOf(view: CapacityView): Draft {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    limits: Object.fromEntries(limitNames.map((name) => [name, text(view.values[name])])) as Record<LimitName, string>,
    categories: [...view.values['capacity.item_categories']].sort((a, b) => a - b),
  };
}

/** A typed limit as the schema reads it: empty → null (no limit), a number → that number, anything else as typed (refused on its field). */
function typedValue(text: string): unknown {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isNaN(number) ? trimmed : number;
}

const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';

/**
 * The owner's capacity page (/restaurant/capacite; docs/decisions/023): orders and dishes per
 * 15-minute slot for pickup and for delivery (empty: no limit), and the categories whose dishes
 * count. Validated with the restaurant file's schema (capacity.ts) before sending; only the
 * changed settings are sent, each with the version it read. A 409 keeps what was typed and shows
 * each changed setting's current value beside it; a staff member sees the page read-only.
 */
export function CapacityPage({ me, view: initial }: { me: StaffMe; view: CapacityView }) {
  const readOnly = me.role !== 'owner';
  const [view, setView] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CapacitySettingName, string>>>({});
  const [current, setCurrent] = useState<CapacityView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const changedValues = (): Partial<Record<CapacitySettingName, unknown>> => {
    const base = draftOf(view);
    const values: Partial<Record<CapacitySettingName, unknown>> = {};
    for (const name of limitNames) if (draft.limits[name].trim() !== base.limits[name]) values[name] = typedValue(draft.limits[name]);
    if (JSON.stringify(draft.categories) !== JSON.stringify(base.categories)) values['capacity.item_categories'] = draft.categories;
    return values;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setError(null);
    const values = changedValues();
    if (Object.keys(values).length === 0) {
      setNotice(t.nothingChanged);
      return;
    }
    const parsed = CapacitySettingsSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      setError(t.errorSummary);
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      const expected_versions = Object.fromEntries(Object.keys(values).map((name) => [name, view.versions[name] ?? 0]));
      const saved = await api.call(updateCapacity, { body: { values: parsed.data, expected_versions } });
      setView(saved);
      setDraft(draftOf(saved));
      setCurrent(null);
      setNotice(t.saved);
    } catch (e) {
      if (!(e instanceof ApiCallError)) setError(requestErrors.genericError);
      else if (e.code === 'stale_edit') {
        // Someone changed the capacity meanwhile: their values are shown beside what was typed,
        // and the next save is based on them.
        const fresh = CapacityViewSchema.safeParse((e.payload as { current?: unknown } | undefined)?.current);
        if (fresh.success) {
          setView(fresh.data);
          setCurrent(fresh.data);
        }
        setError(backOfficeShared.staleEdit);
      } else {
        const onFields = Object.fromEntries(e.errors.filter((f) => f.path.startsWith('values.')).map((f) => [f.path.slice('values.'.length), f.message]));
        setFieldErrors(onFields);
        setError(Object.keys(onFields).length ? t.errorSummary : e.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const currentHint = (name: CapacitySettingName) => {
    if (!current) return null;
    const value = current.values[name];
    const shown = Array.isArray(value)
      ? value.map((id) => current.categories.find((c) => c.category_id === id)?.category_name ?? id).join(', ') || t.noLimit
      : value === null
        ? t.noLimit
        : String(value);
    return (
      <p className="mt-1 text-sm font-medium text-amber-800" data-testid={`current-${name}`}>
        {t.current(shown)}
      </p>
    );
  };

  const limitField = (name: LimitName, label: string) => {
    const id = name.replaceAll('.', '-');
    const fieldError = fieldErrors[name];
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          {label}
        </label>
        <input
          id={id}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          value={draft.limits[name]}
          disabled={readOnly}
          placeholder="—"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
          onChange={(e) => setDraft((d) => ({ ...d, limits: { ...d.limits, [name]: e.target.value } }))}
          className={`w-full rounded-xl border px-3 py-2.5 text-base disabled:bg-black/5 ${fieldError ? 'border-red-600' : 'border-black/15'}`}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink/70">
          {t.noLimitHint}
        </p>
        {fieldError ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {fieldError}
          </p>
        ) : null}
        {currentHint(name)}
      </div>
    );
  };

  const typeCard = (isPickup: boolean) => {
    const names = capacityLimitNames(isPickup) as { maxOrders: LimitName; maxItems: LimitName };
    const heading = isPickup ? 'capacity-pickup' : 'capacity-delivery';
    return (
      <section className={card} aria-labelledby={heading}>
        <h2 id={heading} className="text-lg font-bold">
          {isPickup ? t.pickup : t.delivery}
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {limitField(names.maxOrders, t.maxOrders)}
          {limitField(names.maxItems, t.maxItems)}
        </div>
      </section>
    );
  };

  const menus = [...new Set(view.categories.map((c) => c.menu_name))];
  const categoriesError = fieldErrors['capacity.item_categories'];
  return (
    <form className="space-y-6" onSubmit={onSubmit} noValidate data-testid="capacity-form">
      <div>
        <h1 className="text-2xl font-extrabold">{t.title}</h1>
        <p className="mt-1 max-w-prose text-ink/80">{t.intro}</p>
      </div>
      {readOnly ? (
        <p role="status" className="rounded-xl bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900">
          {t.ownerOnly}
        </p>
      ) : null}
      <div aria-live="polite" className="space-y-2">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={error} />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        {typeCard(true)}
        {typeCard(false)}
      </div>
      <fieldset className={card} aria-describedby="capacity-categories-hint" aria-invalid={categoriesError ? true : undefined}>
        <legend className="float-left w-full text-lg font-bold">{t.categoriesLegend}</legend>
        <p id="capacity-categories-hint" className="clear-both pt-1 text-sm text-ink/70">
          {t.categoriesHint}
        </p>
        {menus.map((menu) => (
          <div key={menu} className="mt-3">
            <p className="text-sm font-semibold text-ink/70">{menu}</p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {view.categories
                .filter((c) => c.menu_name === menu)
                .map((category) => (
                  <label key={category.category_id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-black/10 px-3 py-2">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-600"
                      disabled={readOnly}
                      checked={draft.categories.includes(category.category_id)}
                      onChange={(e) =>
                        setDraft((d) => ({
                          ...d,
                          categories: e.target.checked
                            ? [...d.categories, category.category_id].sort((a, b) => a - b)
                            : d.categories.filter((id) => id !== category.category_id),
                        }))
                      }
                    />
                    <span>{category.category_name}</span>
                  </label>
                ))}
            </div>
          </div>
        ))}
        {categoriesError ? <p className="mt-2 text-sm font-medium text-red-700">{categoriesError}</p> : null}
        {currentHint('capacity.item_categories')}
      </fieldset>
      {readOnly ? null : (
        <div className="sm:max-w-xs">
          <SubmitButton loading={saving}>{t.save}</SubmitButton>
        </div>
      )}
    </form>
  );
}
