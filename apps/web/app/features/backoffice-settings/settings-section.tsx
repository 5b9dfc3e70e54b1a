import { createContext, useContext, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormProvider, get, useController, useForm, useFormContext, type FieldValues, type Resolver } from 'react-hook-form';
import { Loader2, Save } from 'lucide-react';
import type { VersionedSetting } from '@resto/contract/backoffice-settings';
import { changeSettings } from '@resto/contract/settings.routes';
import { StaleEditPayloadSchema } from '@resto/contract/backoffice';
import { KnownSettingsSchema } from '@resto/domain/restaurant-file';
import { checkSettingChanges, formatSettingValue, sameSettingValue, settingFallbacks, settingLabel } from '@resto/domain/settings-fields';
import { requestErrors } from '@resto/copy/errors/request';
import { settingsPage as t } from '@resto/copy/staff/settings';
import { api, isApiError } from '../../lib/api.ts';
import { FormAlert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';

/**
 * One section of the settings or delivery page (docs/decisions/023): its own form and
 * "Enregistrer" button. Field names are the settings' names ('features.delivery.zones.1.postal_code'
 * is a field of react-hook-form as much as the API's error path). Only the settings that differ
 * from what was last read are checked (with the restaurant file's schema, as the API does) and
 * sent, each with the version it was read at. A refusal keeps what was typed and puts each French
 * message on its field; a 409 shows, under each field changed by someone else, the value now
 * stored, and takes its new version, so saving again is a knowing choice.
 */

/** The settings as last read: name → value and version. */
export type StoredSettings = ReadonlyMap<string, { value: unknown; version: number }>;

export function toStored(list: readonly VersionedSetting[]): Map<string, { value: unknown; version: number }> {
  return new Map(list.map((s) => [s.name, { value: s.value, version: s.version }]));
}

/** The value a form starts from: the stored one, else the readers' fallback, else ''. */
function baseline(stored: StoredSettings, name: string): unknown {
  return stored.get(name)?.value ?? settingFallbacks[name] ?? '';
}

/** Sets `value` at a dotted path, creating objects on the way ('a.b.c' → {a: {b: {c}}}). */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] = value;
}

function formValues(names: readonly string[], stored: StoredSettings): FieldValues {
  const values: Record<string, unknown> = {};
  for (const name of names) setPath(values, name, structuredClone(baseline(stored, name)));
  return values;
}

/** What the 409's `payload.current` lists. */
function staleList(payload: unknown): VersionedSetting[] {
  const parsed = StaleEditPayloadSchema.safeParse(payload);
  return parsed.success && Array.isArray(parsed.data.current) ? (parsed.data.current as VersionedSetting[]) : [];
}

const StaleNotes = createContext<ReadonlyMap<string, string>>(new Map());

/** The form of one section over `names`; `onStored` receives what the API answered (the new versions). */
export function SettingsSection({
  id,
  title,
  hint,
  names,
  stored,
  onStored,
  children,
}: {
  id: string;
  title: string;
  hint?: ReactNode;
  names: readonly string[];
  stored: StoredSettings;
  onStored: (update: (previous: Map<string, { value: unknown; version: number }>) => Map<string, { value: unknown; version: number }>) => void;
  children: ReactNode;
}) {
  // useForm takes its options (this resolver) anew at each render: `stored` is the latest read.
  const changedNames = (values: FieldValues) => names.filter((name) => !sameSettingValue(get(values, name), baseline(stored, name)));
  const resolver: Resolver<FieldValues> = async (values) => {
    const checked = checkSettingChanges(
      KnownSettingsSchema.shape,
      changedNames(values).map((name) => ({ name, value: get(values, name) })),
    );
    if (!checked.ok) {
      const errors: Record<string, unknown> = {};
      for (const issue of checked.issues) setPath(errors, issue.path, { type: 'validation', message: issue.message });
      return { values: {}, errors: errors as never };
    }
    const parsed: Record<string, unknown> = {};
    for (const { name, value } of checked.values) setPath(parsed, name, value);
    return { values: parsed, errors: {} };
  };
  const form = useForm<FieldValues>({ defaultValues: formValues(names, stored), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [staleNotes, setStaleNotes] = useState<ReadonlyMap<string, string>>(new Map());

  const onSubmit = form.handleSubmit(async (parsed) => {
    setNotice(null);
    setError(null);
    const changes = names
      .filter((name) => get(parsed, name) !== undefined)
      .map((name) => ({ name, value: get(parsed, name) as unknown, expected_version: stored.get(name)?.version ?? 0 }));
    if (!changes.length) {
      setNotice(t.nothingChanged);
      return;
    }
    try {
      const answer = await api.call(changeSettings, { body: { changes } });
      const next = toStored(answer.settings);
      onStored(() => next);
      setStaleNotes(new Map());
      form.reset(formValues(names, next));
      setNotice(t.saved(title));
    } catch (e) {
      if (isApiError(e, 'stale_edit')) {
        const current = staleList(e.payload);
        onStored((previous) => {
          const next = new Map(previous);
          for (const s of current) next.set(s.name, { value: s.value, version: s.version });
          return next;
        });
        setStaleNotes(new Map(current.map((s) => [s.name, formatSettingValue(s.name, s.value)])));
        setError(e.message);
      } else if (isApiError(e, 'invalid_request') && e.errors.length) {
        for (const field of e.errors) form.setError(field.path, { type: 'server', message: field.message });
        setError(e.message);
      } else setError(isApiError(e) ? e.message : requestErrors.genericError);
    }
  });

  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${cardClass} p-4 sm:p-6`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-ink/70">{hint}</p> : null}
      <FormProvider {...form}>
        <StaleNotes.Provider value={staleNotes}>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4" data-testid={`section-${id}`}>
            {children}
            <div aria-live="polite" className="space-y-2">
              <FormAlert message={notice} tone="success" />
              <FormAlert message={error} />
            </div>
            <button
              type="submit"
              disabled={form.formState.isSubmitting}
              aria-busy={form.formState.isSubmitting || undefined}
              className={buttonClass('primary', 'flex w-full items-center justify-center gap-2 px-6 py-3 sm:w-auto')}
            >
              {form.formState.isSubmitting ? <Loader2 size={18} className="animate-spin" aria-hidden /> : <Save size={18} aria-hidden />}
              {form.formState.isSubmitting ? t.saving : `${t.save} · ${title}`}
            </button>
          </form>
        </StaleNotes.Provider>
      </FormProvider>
    </section>
  );
}

/** The id of a setting's input: its name with '-' for '.'. */
export const fieldId = (name: string) => `setting-${name.replace(/\./g, '-')}`;

/** A field's error (client check or the API's) and the value someone else stored meanwhile. */
export function useFieldState(name: string): { error: string | undefined; stale: string | undefined } {
  const { formState } = useFormContext();
  const notes = useContext(StaleNotes);
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  return { error, stale: notes.get(name) };
}

/** Reads a typed number the French way ('2,5' → 2.5); '' or words stay NaN so the schema says what is expected. */
const asNumber = (value: unknown) => (typeof value === 'number' ? value : String(value).trim() === '' ? Number.NaN : Number(String(value).replace(',', '.').replace(/\s/g, '')));

/** A number as a person in France writes it: 1.5 → '1,5'; NaN (what was typed is not a number) → ''. */
const frenchNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : '');

/**
 * A number field shown the French way ('1,5'): the text typed is kept as typed (a refused '-2' or
 * 'trente' stays on screen), the form holds the number it reads as (asNumber). When the form's
 * value changes from elsewhere (saved, reset, filled by the address search), the text follows.
 */
function NumberInput({ name, inputProps }: { name: string; inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  const {
    field: { ref, onBlur, onChange, value },
  } = useController({ name });
  const [text, setText] = useState(() => frenchNumber(value));
  const [shown, setShown] = useState<unknown>(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!Object.is(asNumber(text), value)) setText(frenchNumber(value));
  }
  return (
    <input
      {...inputProps}
      ref={ref}
      name={name}
      inputMode="decimal"
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        const typed = asNumber(event.target.value);
        setShown(typed);
        onChange(typed);
      }}
    />
  );
}

/** A field's error and the value stored meanwhile by someone else, under the field. */
export function Messages({ id, error, stale }: { id: string; error: string | undefined; stale: string | undefined }) {
  return (
    <>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {stale ? (
        <p id={`${id}-stale`} className="mt-1 rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-900">
          {t.currentValue(stale)}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, error: unknown, stale: unknown) => [error ? `${id}-error` : '', stale ? `${id}-stale` : ''].filter(Boolean).join(' ') || undefined;

/** A text or number input bound to a setting (or a path inside one: a zone's field). */
export function SettingInput({
  name,
  label,
  variant = 'text',
  type = 'text',
  autoComplete,
  placeholder,
}: {
  name: string;
  label?: string;
  /** 'number': typed the French way ('2,5'), read as a number. */
  variant?: 'text' | 'number';
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  placeholder?: string;
}) {
  const { register } = useFormContext();
  const { error, stale } = useFieldState(name);
  const id = fieldId(name);
  const props = {
    id,
    type,
    autoComplete: autoComplete ?? 'off',
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, stale),
    className: `w-full rounded-xl border px-3 py-2.5 text-base ${error ? 'border-red-600' : 'border-black/15'}`,
  } as const;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label ?? settingLabel(name)}
      </label>
      {variant === 'number' ? <NumberInput name={name} inputProps={props} /> : <input {...props} {...register(name)} />}
      <Messages id={id} error={error} stale={stale} />
    </div>
  );
}

/** A yes/no setting: a checkbox with its label. */
export function SettingFlag({ name, label, description }: { name: string; label?: string; description?: string }) {
  const { register } = useFormContext();
  const { error, stale } = useFieldState(name);
  const id = fieldId(name);
  return (
    <div>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-xl border border-black/10 px-3 py-2.5 hover:bg-stone-50">
        <input id={id} type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-600" aria-describedby={describedBy(id, error, stale)} {...register(name)} />
        <span>
          <span className="block font-semibold">{label ?? settingLabel(name)}</span>
          {description ? <span className="block text-sm text-ink/70">{description}</span> : null}
        </span>
      </label>
      <Messages id={id} error={error} stale={stale} />
    </div>
  );
}

/** A setting with a few named values: a select. */
export function SettingChoice({ name, options }: { name: string; options: readonly { value: string; label: string }[] }) {
  const { register } = useFormContext();
  const { error, stale } = useFieldState(name);
  const id = fieldId(name);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {settingLabel(name)}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, stale)}
        className={`w-full rounded-xl border bg-white px-3 py-2.5 text-base ${error ? 'border-red-600' : 'border-black/15'}`}
        {...register(name)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} stale={stale} />
    </div>
  );
}

/** A grid of fields: one column on a phone, two from 640 px. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>;
}
