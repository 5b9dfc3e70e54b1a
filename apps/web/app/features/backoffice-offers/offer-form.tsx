import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2, X } from 'lucide-react';
import { BackOfficeOfferSchema, type BackOfficeOffer, type OfferScopeMenu } from '@resto/contract/backoffice-offers';
import * as offerRoutes from '@resto/contract/offers.routes';
import { StaleEditPayloadSchema } from '@resto/contract/backoffice';
import { weekdays, type Weekday } from '@resto/domain/catalogue';
import { OfferEditSchema, describeOffer, offerTypeFields, type OfferEdit, type OfferEditInput, type OfferScopeNames } from '@resto/domain/backoffice-offers';
import { offerTypes, type OfferType } from '@resto/domain/offers';
import { requestErrors } from '@resto/copy/errors/request';
import { offerTypeHints, offerTypeLabels, offerForm as t, weekdayLong, weekdayShort } from '@resto/copy/staff/offers';
import { Field } from '../../components/ui/field.tsx';
import { api, ApiCallError } from '../../lib/api.ts';
import { FormAlert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';

const fieldset = 'rounded-xl border border-black/10 p-3 sm:p-4';
const legend = 'px-1 text-sm font-bold';
const inputClass = (error?: string) => `w-full rounded-xl border px-3 py-2.5 text-base ${error ? 'border-red-600' : 'border-black/15'}`;

/** A new offer's starting values: an automatic 10 % on the whole menu, every day. */
const newOfferValues: OfferEditInput = {
  name: '',
  description: '',
  code: null,
  is_public: false,
  is_active: true,
  type: 'percentage',
  value: 10,
  auto_apply: 'Yes',
  allow_repeat: true,
  delivery_pickup: 'both',
  minimum_amount: 0,
  menus: [],
  categories: [],
  items: [],
  active_times: [],
  min_units: 1,
};

/** The form's values of an offer the API returned. */
function formValuesOf(offer: BackOfficeOffer): OfferEditInput {
  const { id: _id, version: _version, usage: _usage, ...fields } = offer;
  return fields;
}

/** Names by id from the scope's choices (for describeOffer). */
export function scopeNames(scope: readonly OfferScopeMenu[]): OfferScopeNames {
  const categories = scope.flatMap((m) => m.categories);
  return {
    menus: new Map(scope.map((m) => [m.menu_id, m.name])),
    categories: new Map(categories.map((c) => [c.category_id, c.name])),
    items: new Map(categories.flatMap((c) => c.items).map((i) => [i.item_id, i.name])),
  };
}

type Form = UseFormReturn<OfferEditInput, unknown, OfferEdit>;

/** Which form field a server error's path ('items.1', 'active_times.0.start') belongs to. */
function formPath(path: string): FieldPath<OfferEditInput> | null {
  const [head] = path.split('.');
  const known: readonly string[] = [
    'name',
    'description',
    'code',
    'type',
    'value',
    'auto_apply',
    'delivery_pickup',
    'minimum_amount',
    'menus',
    'categories',
    'items',
    'active_times',
    'min_units',
  ];
  if (!head || !known.includes(head)) return null;
  return (/^active_times\.\d+\.(days|start|end)$/.test(path) ? path : head) as FieldPath<OfferEditInput>;
}

/**
 * The offer form's save: PUT of the offer (at the version it was read at, or the current one after
 * a stale edit) or POST of a new one, then `onSaved`. A refusal keeps what was typed: the server's
 * message goes into `alert` and its field messages under their fields; a 409 stale_edit sets
 * `current` (shown beside the typed values) and the next save's version. `saving` while it runs.
 */
function useOfferSave(form: Form, offer: BackOfficeOffer | null, onSaved: (saved: BackOfficeOffer) => void) {
  const { handleSubmit, setError } = form;
  const [expectedVersion, setExpectedVersion] = useState(offer?.version ?? 0);
  const [current, setCurrent] = useState<BackOfficeOffer | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setAlert(null);
    try {
      const saved = offer
        ? await api.call(offerRoutes.updateOffer, { params: { offer_id: String(offer.id) }, body: { ...values, expected_version: expectedVersion } })
        : await api.call(offerRoutes.createOffer, { body: values });
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiCallError)) return setAlert(requestErrors.genericError);
      setAlert(error.message);
      if (error.code === 'stale_edit') {
        const parsed = StaleEditPayloadSchema.safeParse(error.payload);
        const now = parsed.success ? BackOfficeOfferSchema.safeParse(parsed.data.current) : null;
        setCurrent(now?.success ? now.data : null);
        if (now?.success) setExpectedVersion(now.data.version);
        return;
      }
      for (const fieldError of error.errors) {
        const path = formPath(fieldError.path);
        if (path) setError(path, { type: 'server', message: fieldError.message });
      }
    } finally {
      setSaving(false);
    }
  });
  return { onSubmit, current, setCurrent, alert, setAlert, saving };
}

/**
 * The form of one offer (new or existing; docs/decisions/023): only the fields its type uses,
 * the windows editor, the scope picker. Validated in the browser by the API's own schema
 * (OfferEditSchema); the server's refusals go under their fields. A 409 stale_edit shows the
 * current values beside what was typed, which stays; saving again then replaces them.
 */
export function OfferForm({
  offer,
  scope,
  onSaved,
  onClose,
}: {
  offer: BackOfficeOffer | null;
  scope: OfferScopeMenu[];
  onSaved: (saved: BackOfficeOffer) => void;
  onClose: () => void;
}) {
  const form: Form = useForm<OfferEditInput, unknown, OfferEdit>({
    resolver: zodResolver(OfferEditSchema),
    defaultValues: offer ? formValuesOf(offer) : newOfferValues,
    reValidateMode: 'onChange',
  });
  const { register, formState, control, reset } = form;
  const { onSubmit, current, setCurrent, alert, setAlert, saving } = useOfferSave(form, offer, onSaved);
  const type = useWatch({ control, name: 'type' });
  const fields = offerTypeFields(type);
  const errors = formState.errors;
  const idPrefix = offer ? `offer-${offer.id}` : 'offer-new';

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${idPrefix}-title`} className="space-y-4" data-testid="offer-form">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${idPrefix}-title`} className="text-lg font-bold">
          {offer ? t.editTitle(offer.name) : t.createTitle}
        </h2>
        <button type="button" onClick={onClose} className="rounded-full p-2 hover:bg-black/5" aria-label={t.close}>
          <X size={18} aria-hidden />
        </button>
      </div>
      <FormAlert message={alert} />
      {current ? (
        <CurrentOffer
          current={current}
          names={scopeNames(scope)}
          onUse={() => {
            reset(formValuesOf(current));
            setCurrent(null);
            setAlert(null);
          }}
        />
      ) : null}

      <Field id={`${idPrefix}-name`} label={t.name} error={errors.name?.message} {...register('name')} />
      <div>
        <label htmlFor={`${idPrefix}-description`} className="mb-1 block text-sm font-semibold">
          {t.description}
        </label>
        <textarea id={`${idPrefix}-description`} rows={2} className={inputClass(errors.description?.message)} {...register('description')} />
      </div>

      <OfferTypeField form={form} idPrefix={idPrefix} />
      <OfferValueFields form={form} idPrefix={idPrefix} scope={scope} />
      <OfferModeFields form={form} idPrefix={idPrefix} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${idPrefix}-delivery-pickup`} className="mb-1 block text-sm font-semibold">
            {t.deliveryPickup}
          </label>
          <select id={`${idPrefix}-delivery-pickup`} className={inputClass()} {...register('delivery_pickup')}>
            <option value="both">{t.both}</option>
            <option value="pickup">{t.pickup}</option>
            <option value="delivery">{t.delivery}</option>
          </select>
        </div>
        <Field
          id={`${idPrefix}-minimum`}
          label={t.minimum}
          error={errors.minimum_amount?.message}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          {...register('minimum_amount', { valueAsNumber: true })}
        />
      </div>

      <WindowsEditor form={form} idPrefix={idPrefix} />
      <ScopePicker form={form} scope={scope} gift={fields.gift} />

      <div className="sm:max-w-xs">
        <SubmitButton loading={saving || formState.isSubmitting}>{t.save}</SubmitButton>
      </div>
    </form>
  );
}

/** After a stale edit: the offer as it is now (its name and what it gives), and the button that puts it in the form (`onUse`). */
function CurrentOffer({ current, names, onUse }: { current: BackOfficeOffer; names: OfferScopeNames; onUse: () => void }) {
  return (
    <section className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm" aria-label={t.current} data-testid="offer-current">
      <p className="font-semibold">{t.current}</p>
      <p className="mt-1 font-semibold">{current.name}</p>
      <ul className="mt-1 list-disc pl-5">
        {describeOffer(current, names).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <button type="button" className="mt-2 rounded-full border border-black/15 bg-white px-3 py-1.5 font-semibold" onClick={onUse}>
        {t.useCurrent}
      </button>
    </section>
  );
}

/** The offer's type: changing it resets the fields the new type reads differently (value, gift, minimum units). */
function OfferTypeField({ form, idPrefix }: { form: Form; idPrefix: string }) {
  const { control, setValue } = form;
  const type = useWatch({ control, name: 'type' });
  const changeType = (next: OfferType) => {
    const before = offerTypeFields(type);
    const after = offerTypeFields(next);
    setValue('type', next);
    if (after.value === null) setValue('value', 0);
    else if (before.value === null || before.value !== after.value) setValue('value', after.value === 'percent' ? 10 : 5);
    if (before.gift !== after.gift) setValue('items', []);
    if (!after.minUnits) setValue('min_units', 1);
  };
  return (
    <div>
      <label htmlFor={`${idPrefix}-type`} className="mb-1 block text-sm font-semibold">
        {t.type}
      </label>
      <select
        id={`${idPrefix}-type`}
        className={inputClass()}
        value={type}
        onChange={(e) => changeType(e.target.value as OfferType)}
        aria-describedby={`${idPrefix}-type-hint`}
      >
        {offerTypes.map((option) => (
          <option key={option} value={option}>
            {offerTypeLabels[option]}
          </option>
        ))}
      </select>
      <p id={`${idPrefix}-type-hint`} className="mt-1 text-sm text-ink/70">
        {offerTypeHints[type]}
      </p>
    </div>
  );
}

/** The fields of the offer's type: its value (percent or euros) and minimum units, and the gifted dish. */
function OfferValueFields({ form, idPrefix, scope }: { form: Form; idPrefix: string; scope: OfferScopeMenu[] }) {
  const { register, formState, control } = form;
  const errors = formState.errors;
  const fields = offerTypeFields(useWatch({ control, name: 'type' }));
  return (
    <>
      {fields.value !== null || fields.minUnits ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {fields.value !== null ? (
            <Field
              id={`${idPrefix}-value`}
              label={fields.value === 'percent' ? t.valuePercent : t.valueEuros}
              error={errors.value?.message}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={0}
              {...register('value', { valueAsNumber: true })}
            />
          ) : null}
          {fields.minUnits ? (
            <Field
              id={`${idPrefix}-min-units`}
              label={t.minUnits}
              error={errors.min_units?.message}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...register('min_units', { valueAsNumber: true })}
            />
          ) : null}
        </div>
      ) : null}

      {fields.gift ? (
        <div>
          <label htmlFor={`${idPrefix}-gift`} className="mb-1 block text-sm font-semibold">
            {t.gift}
          </label>
          <Controller
            control={control}
            name="items"
            render={({ field }) => (
              <select
                id={`${idPrefix}-gift`}
                className={inputClass(errors.items?.message)}
                value={field.value?.[0] ?? ''}
                onChange={(e) => field.onChange(e.target.value ? [Number(e.target.value)] : [])}
                aria-invalid={errors.items ? true : undefined}
                aria-describedby={errors.items ? `${idPrefix}-gift-error` : undefined}
              >
                <option value="">{t.giftNone}</option>
                {scope.map((menu) => (
                  <optgroup key={menu.menu_id} label={menu.name}>
                    {menu.categories.flatMap((category) =>
                      category.items.map((item) => (
                        <option key={item.item_id} value={item.item_id}>
                          {category.name} — {item.name}
                        </option>
                      )),
                    )}
                  </optgroup>
                ))}
              </select>
            )}
          />
          {errors.items?.message ? (
            <p id={`${idPrefix}-gift-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors.items.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** How the offer applies (automatically, or with a code), whether it is public, repeatable, active. */
function OfferModeFields({ form, idPrefix }: { form: Form; idPrefix: string }) {
  const { register, formState, control, setValue } = form;
  const errors = formState.errors;
  const autoApply = useWatch({ control, name: 'auto_apply' });
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>{t.mode}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        <label className="flex items-center gap-2">
          <input type="radio" value="Yes" {...register('auto_apply', { onChange: () => setValue('code', null) })} />
          {t.modeAutomatic}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="No" {...register('auto_apply')} />
          {t.modeCode}
        </label>
      </div>
      {autoApply === 'No' ? (
        <div className="mt-3">
          <Field
            id={`${idPrefix}-code`}
            label={t.code}
            error={errors.code?.message}
            autoCapitalize="characters"
            style={{ textTransform: 'uppercase' }}
            autoComplete="off"
            spellCheck={false}
            {...register('code', { setValueAs: (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v) })}
          />
          <p className="mt-1 text-sm text-ink/70">{t.codeHint}</p>
        </div>
      ) : errors.code?.message ? (
        <p className="mt-1 text-sm font-medium text-red-700">{errors.code.message}</p>
      ) : null}
      <div className="mt-3 space-y-2">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register('is_public')} />
          {t.isPublic}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register('allow_repeat')} />
          {t.allowRepeat}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register('is_active')} />
          {t.isActive}
        </label>
      </div>
    </fieldset>
  );
}

/** The days-and-times windows: each has its days (checkboxes) and a start and an end. */
function WindowsEditor({ form, idPrefix }: { form: Form; idPrefix: string }) {
  const { control, register, formState } = form;
  const windows = useFieldArray({ control, name: 'active_times' });
  const errors = formState.errors.active_times;
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>{t.windows}</legend>
      <p className="text-sm text-ink/70">{t.windowsHint}</p>
      <ul className="mt-2 space-y-3">
        {windows.fields.map((window, index) => {
          const error = errors?.[index];
          return (
            <li key={window.id} className="rounded-xl bg-stone-50 p-3" data-testid="offer-window">
              <fieldset>
                <legend className="text-sm font-semibold">{t.windowLabel(index + 1)}</legend>
                <Controller
                  control={control}
                  name={`active_times.${index}.days`}
                  render={({ field }) => (
                    <div className="mt-2 flex flex-wrap gap-1.5">
                      {weekdays.map((day) => {
                        const checked = (field.value ?? []).includes(day);
                        return (
                          <label
                            key={day}
                            className={`flex cursor-pointer items-center gap-1 rounded-full border px-2.5 py-1 text-sm ${checked ? 'border-brand-600 bg-brand-50 font-semibold' : 'border-black/15 bg-white'}`}
                          >
                            <input
                              type="checkbox"
                              className="size-4 accent-brand-600"
                              checked={checked}
                              aria-label={weekdayLong[day]}
                              onChange={(e) =>
                                field.onChange(
                                  e.target.checked
                                    ? weekdays.filter((d) => d === day || (field.value ?? []).includes(d))
                                    : (field.value ?? []).filter((d: Weekday) => d !== day),
                                )
                              }
                            />
                            <span aria-hidden>{weekdayShort[day]}</span>
                          </label>
                        );
                      })}
                    </div>
                  )}
                />
                {error?.days?.message ? <p className="mt-1 text-sm font-medium text-red-700">{error.days.message}</p> : null}
                <div className="mt-2 flex flex-wrap items-end gap-3">
                  <div>
                    <label htmlFor={`${idPrefix}-w${index}-start`} className="mb-1 block text-sm font-semibold">
                      {t.start}
                    </label>
                    <input
                      id={`${idPrefix}-w${index}-start`}
                      type="time"
                      className={inputClass(error?.start?.message)}
                      aria-invalid={error?.start ? true : undefined}
                      {...register(`active_times.${index}.start`)}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${idPrefix}-w${index}-end`} className="mb-1 block text-sm font-semibold">
                      {t.end}
                    </label>
                    <input
                      id={`${idPrefix}-w${index}-end`}
                      type="time"
                      className={inputClass(error?.end?.message)}
                      aria-invalid={error?.end ? true : undefined}
                      {...register(`active_times.${index}.end`)}
                    />
                  </div>
                  <button
                    type="button"
                    onClick={() => windows.remove(index)}
                    className="flex items-center gap-1.5 rounded-full border border-black/15 bg-white px-3 py-2 text-sm font-semibold"
                  >
                    <Trash2 size={15} aria-hidden />
                    {t.removeWindow}
                  </button>
                </div>
                {error?.start?.message || error?.end?.message ? (
                  <p className="mt-1 text-sm font-medium text-red-700">{error.start?.message ?? error.end?.message}</p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => windows.append({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '11:30', end: '14:00' })}
        className="mt-3 flex items-center gap-1.5 rounded-full border border-black/15 px-3 py-2 text-sm font-semibold hover:bg-black/5"
      >
        <Plus size={15} aria-hidden />
        {t.addWindow}
      </button>
    </fieldset>
  );
}

/** A list of ids toggled by one checkbox. */
function toggled(list: readonly number[] | undefined, id: number, on: boolean): number[] {
  const rest = (list ?? []).filter((x) => x !== id);
  return on ? [...rest, id] : rest;
}

/** The scope: menus, categories and (except for free_item, whose items are the gift) dishes. */
function ScopePicker({ form, scope, gift }: { form: Form; scope: OfferScopeMenu[]; gift: boolean }) {
  const { control, formState } = form;
  const errors = formState.errors;
  const fieldError = errors.menus?.message ?? errors.categories?.message ?? (gift ? undefined : errors.items?.message);
  return (
    <fieldset className={fieldset} data-testid="offer-scope">
      <legend className={legend}>{t.scope}</legend>
      <p className="text-sm text-ink/70">{gift ? t.scopeGiftHint : t.scopeHint}</p>
      {fieldError ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {fieldError}
        </p>
      ) : null}
      <Controller
        control={control}
        name="menus"
        render={({ field: menusField }) => (
          <Controller
            control={control}
            name="categories"
            render={({ field: categoriesField }) => (
              <Controller
                control={control}
                name="items"
                render={({ field: itemsField }) => (
                  <ul className="mt-2 space-y-3">
                    {scope.map((menu) => (
                      <li key={menu.menu_id}>
                        <label className="flex items-center gap-2 font-semibold">
                          <input
                            type="checkbox"
                            checked={(menusField.value ?? []).includes(menu.menu_id)}
                            onChange={(e) => menusField.onChange(toggled(menusField.value, menu.menu_id, e.target.checked))}
                          />
                          {menu.name}
                        </label>
                        <ul className="mt-1 space-y-1 pl-5">
                          {menu.categories.map((category) => (
                            <li key={category.category_id}>
                              <label className="flex items-center gap-2">
                                <input
                                  type="checkbox"
                                  checked={(categoriesField.value ?? []).includes(category.category_id)}
                                  onChange={(e) => categoriesField.onChange(toggled(categoriesField.value, category.category_id, e.target.checked))}
                                />
                                {category.name}
                              </label>
                              {gift ? null : (
                                <details className="pl-6">
                                  <summary className="cursor-pointer py-0.5 text-sm text-ink/70">
                                    {t.items} ({category.items.filter((i) => (itemsField.value ?? []).includes(i.item_id)).length}/{category.items.length})
                                  </summary>
                                  <ul className="space-y-1 py-1">
                                    {category.items.map((item) => (
                                      <li key={item.item_id}>
                                        <label className="flex items-center gap-2 text-sm">
                                          <input
                                            type="checkbox"
                                            checked={(itemsField.value ?? []).includes(item.item_id)}
                                            onChange={(e) => itemsField.onChange(toggled(itemsField.value, item.item_id, e.target.checked))}
                                          />
                                          {item.name}
                                        </label>
                                      </li>
                                    ))}
                                  </ul>
                                </details>
                              )}
                            </li>
                          ))}
                        </ul>
                      </li>
                    ))}
                  </ul>
                )}
              />
            )}
          />
        )}
      />
    </fieldset>
  );
}
