import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { CalendarPlus, Copy, Pencil, Plus, Trash2, X } from 'lucide-react';
import type { z } from 'zod';
import {
  CalendarExceptionViewSchema,
  MenuHoursViewSchema,
  type CalendarExceptionView,
  type HoursPage as HoursPageData,
  type MenuHoursView,
} from '@resto/contract/backoffice-hours';
import { StaleEditPayloadSchema } from '@resto/contract/backoffice';
import * as hoursRoutes from '@resto/contract/hours.routes';
import type { TimeRange, Weekday, WeeklyRanges } from '@resto/domain/catalogue';
import { weekdays } from '@resto/domain/catalogue';
import { CalendarExceptionFormSchema, MenuHoursSchema } from '@resto/domain/calendar-forms';
import { formatDay } from '@resto/domain/format';
import { requestErrors } from '@resto/copy/errors/request';
import { defaultExceptionMessage, hoursAnswers, orderingControls, hoursPage as t } from '@resto/copy/staff/hours';
import { api, ApiCallError } from '../../lib/api.ts';
import { OrderingControls } from './ordering-controls.tsx';

const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';
const kinds = ['active_times', 'time_ranges', 'pickup_time_ranges'] as const;
type Kind = (typeof kinds)[number];
/** Field errors by path ('active_times.tue.0.end', 'ranges.1.end', 'date'), as zod and the API name them. */
type FieldErrors = Record<string, string>;

const errorsOf = (error: z.ZodError): FieldErrors => Object.fromEntries(error.issues.map((issue) => [issue.path.join('.'), issue.message]).reverse());
const rangesText = (ranges: readonly TimeRange[]) => (ranges.length ? ranges.map((r) => `${r.start}–${r.end}`).join(', ') : t.closed);

/** A failed call's French message and its fields; a 409 stale_edit's current values. */
function readFailure(e: unknown): { message: string; fields: FieldErrors; current: unknown } {
  if (!(e instanceof ApiCallError)) return { message: requestErrors.genericError, fields: {}, current: undefined };
  const stale = e.code === 'stale_edit' ? StaleEditPayloadSchema.safeParse(e.payload) : undefined;
  return { message: e.message, fields: Object.fromEntries(e.errors.map((f) => [f.path, f.message])), current: stale?.success ? stale.data.current : undefined };
}

/**
 * A list of time ranges (start and end, 'HH:MM'), each removable, one more added with « Ajouter
 * une plage ». `errors` are read at `${path}.${index}.start|end`. Nothing is lost on error.
 */
function RangeList({ ranges, onChange, path, label, errors }: { ranges: TimeRange[]; onChange: (ranges: TimeRange[]) => void; path: string; label: string; errors: FieldErrors }) {
  const set = (index: number, bound: 'start' | 'end', value: string) => onChange(ranges.map((r, i) => (i === index ? { ...r, [bound]: value } : r)));
  const last = ranges.at(-1);
  return (
    <div className="min-w-0 space-y-2">
      {ranges.length === 0 ? <p className="py-2 text-sm text-ink/70">{t.closed}</p> : null}
      {ranges.map((range, index) => {
        const id = `${path}.${index}`.replaceAll('.', '-');
        const error = errors[`${path}.${index}.end`] ?? errors[`${path}.${index}.start`] ?? errors[`${path}.${index}`];
        return (
          <div key={index}>
            <div className="flex items-center gap-1.5 sm:gap-2">
              <input
                id={`${id}-start`}
                type="time"
                value={range.start}
                aria-label={t.rangeLabel(label, index + 1, t.start)}
                aria-invalid={errors[`${path}.${index}.start`] ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => set(index, 'start', e.target.value)}
                className="min-h-11 w-full min-w-0 rounded-xl border border-black/15 bg-white px-1.5 text-base tabular-nums aria-[invalid]:border-red-600 sm:px-2"
              />
              <span aria-hidden>–</span>
              <input
                id={`${id}-end`}
                type="time"
                value={range.end}
                aria-label={t.rangeLabel(label, index + 1, t.end)}
                aria-invalid={errors[`${path}.${index}.end`] ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => set(index, 'end', e.target.value)}
                className="min-h-11 w-full min-w-0 rounded-xl border border-black/15 bg-white px-1.5 text-base tabular-nums aria-[invalid]:border-red-600 sm:px-2"
              />
              <button
                type="button"
                onClick={() => onChange(ranges.filter((_, i) => i !== index))}
                className="grid size-11 shrink-0 place-items-center rounded-full text-ink/70 hover:bg-black/5 max-sm:-mr-2"
                aria-label={`${t.removeRange} (${label}, ${index + 1})`}
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => onChange([...ranges, last ? { start: last.end, end: last.end } : { start: '12:00', end: '14:00' }])}
        className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        aria-label={`${t.addRange} (${label})`}
      >
        <Plus aria-hidden className="size-4" />
        {t.addRange}
      </button>
    </div>
  );
}

type MenuHoursForm = Record<Kind, Record<Weekday, TimeRange[]>>;
const formOf = (menu: MenuHoursView): MenuHoursForm =>
  Object.fromEntries(kinds.map((kind) => [kind, Object.fromEntries(weekdays.map((day) => [day, [...(menu[kind][day] ?? [])]]))])) as MenuHoursForm;

/**
 * One menu's weekly hours: a tab per kind (opening, delivery, pickup), a row per weekday with its
 * ranges, « Copier le lundi sur tous les jours », and one save for the three. Checked in the
 * browser with the API's own schema (MenuHoursSchema); a 409 shows the saved hours beside the typed ones.
 */
function MenuHoursEditor({ menu }: { menu: MenuHoursView }) {
  const [form, setForm] = useState<MenuHoursForm>(() => formOf(menu));
  const [version, setVersion] = useState(menu.version);
  const [kind, setKind] = useState<Kind>('active_times');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [current, setCurrent] = useState<MenuHoursView | null>(null);
  const [saving, setSaving] = useState(false);
  const setDay = (day: Weekday, ranges: TimeRange[]) => setForm((f) => ({ ...f, [kind]: { ...f[kind], [day]: ranges } }));
  const copyMonday = () => setForm((f) => ({ ...f, [kind]: Object.fromEntries(weekdays.map((day) => [day, f[kind].mon.map((r) => ({ ...r }))])) as Record<Weekday, TimeRange[]> }));
  const kindErrors = (k: Kind) => Object.keys(errors).some((path) => path.startsWith(`${k}.`));

  const save = async () => {
    setNotice(null);
    const body = { active_times: form.active_times as WeeklyRanges, time_ranges: form.time_ranges as WeeklyRanges, pickup_time_ranges: form.pickup_time_ranges as WeeklyRanges };
    const checked = MenuHoursSchema.safeParse(body);
    if (!checked.success) {
      const found = errorsOf(checked.error);
      setErrors(found);
      const first = kinds.find((k) => Object.keys(found).some((p) => p.startsWith(`${k}.`)));
      if (first) setKind(first);
      setNotice({ tone: 'error', text: t.fixErrors });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await api.call(hoursRoutes.setMenuHours, { params: { menu_id: String(menu.menu_id) }, body: { ...checked.data, expected_version: version } });
      setVersion(saved.version);
      setForm(formOf(saved));
      setCurrent(null);
      setNotice({ tone: 'success', text: t.saved });
    } catch (e) {
      const failure = readFailure(e);
      setErrors(failure.fields);
      const stale = MenuHoursViewSchema.safeParse(failure.current);
      if (stale.success) {
        // Someone saved meanwhile: their hours are shown, ours kept; saving again replaces theirs.
        setCurrent(stale.data);
        setVersion(stale.data.version);
      }
      setNotice({ tone: 'error', text: failure.message });
    } finally {
      setSaving(false);
    }
  };

  const headingId = `menu-${menu.menu_id}-hours`;
  return (
    <section className="rounded-2xl bg-white p-3 shadow-sm sm:p-6" aria-labelledby={headingId} data-testid="menu-hours" data-menu-id={menu.menu_id}>
      <h2 id={headingId} className="text-lg font-bold">
        {t.menuHeading(menu.name)}
      </h2>
      <div role="tablist" aria-label={t.menuHeading(menu.name)} className="mt-3 grid grid-cols-3 gap-1 rounded-xl bg-black/[0.04] p-1">
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${headingId}-${k}`}
            aria-selected={kind === k}
            aria-controls={`${headingId}-panel`}
            onClick={() => setKind(k)}
            className={`min-h-11 rounded-lg px-2 text-sm font-bold ${kind === k ? 'bg-white shadow-sm' : 'text-ink/70'} ${kindErrors(k) ? 'text-red-700' : ''}`}
          >
            {t.kinds[k]}
            {kindErrors(k) ? ' •' : ''}
          </button>
        ))}
      </div>
      <div id={`${headingId}-panel`} role="tabpanel" aria-labelledby={`${headingId}-${kind}`} className="mt-3">
        <p className="text-sm text-ink/70">{t.kindHint[kind]}</p>
        <ul className="mt-2 divide-y divide-black/5">
          {weekdays.map((day) => (
            <li key={day} className="grid gap-2 py-3 sm:grid-cols-[8rem_minmax(0,1fr)] sm:items-start" data-testid={`day-${day}`}>
              <span className="pt-2 font-semibold">{t.weekdays[day]}</span>
              <RangeList ranges={form[kind][day]} onChange={(ranges) => setDay(day, ranges)} path={`${kind}.${day}`} label={`${t.kinds[kind]}, ${t.weekdays[day]}`} errors={errors} />
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-ink/70">{t.midnightHint}</p>
      </div>
      {current ? (
        <div className="mt-3 rounded-xl bg-amber-50 p-3 text-sm" data-testid="hours-current">
          <p className="font-semibold">{t.currentValues}</p>
          <ul className="mt-1 grid gap-0.5 sm:grid-cols-2">
            {weekdays.map((day) => (
              <li key={day}>
                {t.weekdays[day]} : {rangesText(current[kind][day] ?? [])}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div aria-live="polite" className="mt-3">
        {notice ? (
          <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`rounded-xl px-3 py-2.5 text-sm font-medium ${notice.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'}`}>
            {notice.text}
          </p>
        ) : null}
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-between">
        <button type="button" onClick={copyMonday} className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 font-semibold ring-1 ring-black/15 hover:bg-black/5">
          <Copy aria-hidden className="size-4" />
          {t.copyMonday}
        </button>
        <button
          type="button"
          onClick={() => void save()}
          disabled={saving}
          aria-busy={saving || undefined}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {saving ? t.saving : t.save}
        </button>
      </div>
    </section>
  );
}

interface ExceptionForm {
  date: string;
  is_closed: boolean;
  ranges: TimeRange[];
  message: string;
}
/** Where the exception form's range errors are (as the schema names them). */
const exceptionRangesPath = 'ranges';
const emptyException = (): ExceptionForm => ({ date: '', is_closed: true, ranges: [{ start: '18:00', end: '22:00' }], message: '' });

/**
 * The exceptional days: the list of those to come (edit, delete) and a form (date, closed or open
 * with its ranges, the storefront's message, prefilled from the date while it was not typed).
 */
function ExceptionsSection({ exceptions, today }: { exceptions: CalendarExceptionView[]; today: string }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<CalendarExceptionView | null>(null);
  const [form, setForm] = useState<ExceptionForm>(emptyException);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [current, setCurrent] = useState<CalendarExceptionView | null>(null);
  const [saving, setSaving] = useState(false);

  const setDate = (date: string) =>
    setForm((f) => {
      // The message follows the date while it is the default one (or empty): never what was typed.
      const followed = f.message === '' || f.message === defaultExceptionMessage(f.date, f.is_closed);
      return { ...f, date, message: followed && date ? defaultExceptionMessage(date, f.is_closed) : f.message };
    });
  const setClosed = (isClosed: boolean) =>
    setForm((f) => {
      const followed = f.message === '' || (f.date !== '' && f.message === defaultExceptionMessage(f.date, f.is_closed));
      return { ...f, is_closed: isClosed, message: followed && f.date ? defaultExceptionMessage(f.date, isClosed) : f.message };
    });
  const edit = (exception: CalendarExceptionView) => {
    setEditing(exception);
    setForm({ date: exception.date, is_closed: exception.is_closed, ranges: exception.is_closed ? emptyException().ranges : exception.ranges, message: exception.message });
    setErrors({});
    setNotice(null);
    setCurrent(null);
  };
  const cancel = () => {
    setEditing(null);
    setForm(emptyException());
    setErrors({});
    setCurrent(null);
  };

  const save = async () => {
    setNotice(null);
    const checked = CalendarExceptionFormSchema.safeParse(form);
    const dateError: FieldErrors = form.date && form.date < today ? { date: hoursAnswers.pastDate } : {};
    if (!checked.success || Object.keys(dateError).length) {
      setErrors({ ...(checked.success ? {} : errorsOf(checked.error)), ...dateError });
      setNotice({ tone: 'error', text: t.fixErrors });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (editing)
        await api.call(hoursRoutes.updateCalendarException, { params: { id: String(editing.id) }, body: { ...checked.data, expected_version: editing.version } });
      else await api.call(hoursRoutes.createCalendarException, { body: checked.data });
      cancel();
      setNotice({ tone: 'success', text: t.exceptionSaved });
      await revalidator.revalidate();
    } catch (e) {
      const failure = readFailure(e);
      setErrors(failure.fields);
      const stale = CalendarExceptionViewSchema.safeParse(failure.current);
      if (stale.success) {
        setCurrent(stale.data);
        setEditing(stale.data);
      }
      setNotice({ tone: 'error', text: failure.message });
    } finally {
      setSaving(false);
    }
  };
  const remove = async (exception: CalendarExceptionView) => {
    setNotice(null);
    try {
      await api.call(hoursRoutes.deleteCalendarException, { params: { id: String(exception.id) } });
      if (editing?.id === exception.id) cancel();
      setNotice({ tone: 'success', text: t.exceptionDeleted });
      await revalidator.revalidate();
    } catch (e) {
      setNotice({ tone: 'error', text: readFailure(e).message });
    }
  };

  const fieldError = (path: string) =>
    errors[path] ? (
      <p id={`exception-${path}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
        {errors[path]}
      </p>
    ) : null;

  return (
    <section className={card} aria-labelledby="exceptions-heading" data-testid="exceptions">
      <h2 id="exceptions-heading" className="text-lg font-bold">
        {t.exceptionsHeading}
      </h2>
      <p className="mt-1 text-sm text-ink/70">{t.exceptionsIntro}</p>
      {exceptions.length === 0 ? (
        <p className="mt-3 text-sm text-ink/70">{t.noExceptions}</p>
      ) : (
        <ul className="mt-3 divide-y divide-black/5">
          {exceptions.map((exception) => (
            <li key={exception.id} className="flex flex-wrap items-center gap-x-1 gap-y-1 py-3" data-testid="exception">
              <div className="w-full min-w-0">
                <p className="font-semibold">{formatDay(exception.date)}</p>
                <p className="text-sm text-ink/70">
                  {exception.is_closed ? t.closedLabel : t.openLabel(rangesText(exception.ranges))} · {exception.message}
                </p>
              </div>
              <button type="button" onClick={() => edit(exception)} className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold hover:bg-black/5" aria-label={`${t.editException} : ${formatDay(exception.date)}`}>
                <Pencil aria-hidden className="size-4" />
                {t.editException}
              </button>
              <button
                type="button"
                onClick={() => void remove(exception)}
                className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
                aria-label={`${t.deleteException} : ${formatDay(exception.date)}`}
              >
                <Trash2 aria-hidden className="size-4" />
                {t.deleteException}
              </button>
            </li>
          ))}
        </ul>
      )}

      <form
        className="mt-4 space-y-3 rounded-2xl bg-black/[0.03] p-3 sm:p-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        aria-label={editing ? t.updateException : t.addException}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="exception-date" className="mb-1 block text-sm font-semibold">
              {t.date}
            </label>
            <input
              id="exception-date"
              type="date"
              min={today}
              value={form.date}
              onChange={(e) => setDate(e.target.value)}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={errors.date ? 'exception-date-error' : undefined}
              className="min-h-11 w-full rounded-xl border border-black/15 bg-white px-3 text-base aria-[invalid]:border-red-600"
            />
            {fieldError('date')}
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-semibold">{t.kind}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name="exception-kind" checked={form.is_closed} onChange={() => setClosed(true)} className="size-5 accent-brand-600" />
                {t.closedDay}
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name="exception-kind" checked={!form.is_closed} onChange={() => setClosed(false)} className="size-5 accent-brand-600" />
                {t.openDay}
              </label>
            </div>
          </fieldset>
        </div>
        {!form.is_closed ? (
          <div>
            <RangeList ranges={form.ranges} onChange={(ranges) => setForm((f) => ({ ...f, ranges }))} path={exceptionRangesPath} label={t.openDay} errors={errors} />
            {errors.ranges ? (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                {errors.ranges}
              </p>
            ) : null}
          </div>
        ) : null}
        <div>
          <label htmlFor="exception-message" className="mb-1 block text-sm font-semibold">
            {t.message}
          </label>
          <input
            id="exception-message"
            type="text"
            maxLength={200}
            value={form.message}
            onChange={(e) => setForm((f) => ({ ...f, message: e.target.value }))}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'exception-message-error' : undefined}
            className="min-h-11 w-full rounded-xl border border-black/15 bg-white px-3 text-base"
          />
          {fieldError('message')}
        </div>
        {current ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm" data-testid="exception-current">
            <span className="font-semibold">{t.currentValues}</span> {formatDay(current.date)} —{' '}
            {current.is_closed ? t.closedLabel : t.openLabel(rangesText(current.ranges))} · {current.message}
          </p>
        ) : null}
        <div aria-live="polite">
          {notice ? (
            <p role={notice.tone === 'error' ? 'alert' : 'status'} className={`rounded-xl px-3 py-2.5 text-sm font-medium ${notice.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'}`}>
              {notice.text}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {editing ? (
            <button type="button" onClick={cancel} className="inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold ring-1 ring-black/15 hover:bg-black/5">
              {t.cancel}
            </button>
          ) : null}
          <button
            type="submit"
            disabled={saving}
            aria-busy={saving || undefined}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            <CalendarPlus aria-hidden className="size-4" />
            {editing ? t.updateException : t.addException}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * /restaurant/horaires (docs/decisions/023; the owner's): the ordering controls (pause, busy mode),
 * each menu's weekly hours, and the exceptional days. Every change is sent by the browser (the
 * API checks its Origin and the owner's role) and written with an audit entry.
 */
export function HoursPage({ data }: { data: HoursPageData }) {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold">{t.title}</h1>
        <p className="mt-1 text-ink/70">{t.intro}</p>
      </header>
      <section className={card} aria-labelledby="ordering-heading">
        <h2 id="ordering-heading" className="mb-3 text-lg font-bold">
          {orderingControls.heading}
        </h2>
        <OrderingControls initial={data.ordering} />
      </section>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0 space-y-6">
          {data.menus.map((menu) => (
            <MenuHoursEditor key={`${menu.menu_id}-${menu.version}`} menu={menu} />
          ))}
        </div>
        <div className="min-w-0">
          <ExceptionsSection exceptions={data.exceptions} today={data.today} />
        </div>
      </div>
    </div>
  );
}
