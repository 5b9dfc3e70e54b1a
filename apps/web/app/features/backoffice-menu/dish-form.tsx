import { useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type DeepPartialSkipArrayKey,
  type FieldErrors,
  type Path,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { DishCreateBodySchema, DishViewSchema, type DishCreateBody, type DishFormInput, type DishView } from '@resto/contract/backoffice-menu';
import { createDish, updateDish } from '@resto/contract/menu.routes';
import { StaleEditPayloadSchema } from '@resto/contract/backoffice';
import { allergenLabels, allergens, dietLabels, diets } from '@resto/domain/allergens';
import { formatEuros, formatRate } from '@resto/domain/format';
import { requestErrors } from '@resto/copy/errors/request';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { menuForm, dishForm as t, vatChoiceLabels } from '@resto/copy/staff/menu';
import { ApiCallError, api } from '../../lib/api.ts';
import { Field } from '../../components/ui/field.tsx';
import { ImageUpload } from '../backoffice-images/index.ts';
import { CurrentValue, FieldError, PriceInput, inputClass, labelClass, messageOf } from './form-parts.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { cardClass } from '../../components/ui/card.tsx';

/** A category the dish may be put in, with its menu's name (the select's groups). */
export interface CategoryChoice {
  categoryId: number;
  name: string;
  menuName: string;
}

const vatRates = [10, 5.5, 20] as const;
const blankValue = { name: '', price: 0, tax_rate: null, allergens: [] };

/** The form's starting values: the dish as the API shows it, or a new dish in `categoryId`. */
function startValues(dish: DishView | null, categoryId: number): DishFormInput {
  if (!dish)
    return {
      category_id: categoryId,
      name: '',
      description: '',
      // A dish without a photo yet shows the neutral plate (the restaurant file requires an image path).
      image: '/images/items/plat-sans-photo.svg',
      score: 0,
      price_pickup: Number.NaN,
      price_delivery: Number.NaN,
      tax_rate: null,
      available: true,
      allergens: [],
      diets: [],
      alcoholic: false,
      options: [],
    };
  const { item_id: _id, menu_id: _menu, position: _position, version: _version, ordered: _ordered, sold_out_until: _sold, ...fields } = dish;
  return fields;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortedSame = (a: readonly string[] | undefined, b: readonly string[]) => same([...(a ?? [])].sort(), [...b].sort());
const rateText = (rate: number | null | undefined) => (rate === null || rate === undefined ? vatChoiceLabels.default : formatRate(rate));
const listText = (values: readonly string[], labels: Record<string, string>) => values.map((v) => labels[v] ?? v).join(', ');

/** What the dish form's parts read of it: react-hook-form's `register`, `control` and `errors`, what is typed, and the current dish after a stale edit (null before). */
interface DishParts {
  register: UseFormRegister<DishFormInput>;
  control: Control<DishFormInput, unknown, DishCreateBody>;
  errors: FieldErrors<DishFormInput>;
  typed: DeepPartialSkipArrayKey<DishFormInput>;
  current: DishView | null;
}

/**
 * The dish form's save: PUT of the dish (at the version it was read at, or the current one after
 * a stale edit) or POST of a new one, then `onSaved`. A refusal keeps what was typed: the
 * server's messages go under their fields and into `alert`; a 409 stale_edit sets `current` (shown
 * beside the typed values) and the next save's version. `onSubmit` validates first (`t.fixErrors`).
 */
function useDishSave(form: UseFormReturn<DishFormInput, unknown, DishCreateBody>, dish: DishView | null, onSaved: (dish: DishView) => void) {
  const { handleSubmit, setError } = form;
  const [expectedVersion, setExpectedVersion] = useState(dish?.version);
  const [current, setCurrent] = useState<DishView | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const onSubmit = handleSubmit(
    async (values) => {
      setAlert(null);
      try {
        const saved = dish
          ? await api.call(updateDish, { params: { id: String(dish.item_id) }, body: { ...values, expected_version: expectedVersion ?? dish.version } })
          : await api.call(createDish, { body: values });
        onSaved(saved);
      } catch (error) {
        if (!(error instanceof ApiCallError)) return setAlert(requestErrors.genericError);
        if (error.code === 'stale_edit') {
          const parsed = DishViewSchema.safeParse(StaleEditPayloadSchema.safeParse(error.payload).data?.current);
          if (parsed.success) {
            setCurrent(parsed.data);
            setExpectedVersion(parsed.data.version);
            return setAlert(backOfficeShared.staleEdit);
          }
          return setAlert(backOfficeShared.deletedMeanwhile);
        }
        for (const field of error.errors) setError(field.path as Path<DishFormInput>, { type: 'server', message: field.message });
        setAlert(error.message);
      }
    },
    () => setAlert(t.fixErrors),
  );
  return { onSubmit, current, alert };
}

/**
 * The dish form (docs/decisions/023): every field of the restaurant file's dish, validated by the
 * same schema as the API (DishCreateBodySchema, from ItemSchema) with French messages on the
 * field. A refused save keeps what was typed; a 409 stale_edit shows the current values beside
 * the typed ones and the next save is based on the current version (« enregistrer par-dessus »).
 */
export function DishForm({
  dish,
  categoryId,
  categories,
  onSaved,
  onCancel,
}: {
  dish: DishView | null;
  categoryId: number;
  categories: CategoryChoice[];
  onSaved: (dish: DishView) => void;
  onCancel: () => void;
}) {
  const form = useForm<DishFormInput, unknown, DishCreateBody>({
    resolver: zodResolver(DishCreateBodySchema),
    defaultValues: startValues(dish, categoryId),
    reValidateMode: 'onChange',
  });
  const { register, control, formState } = form;
  const typed = useWatch({ control });
  const { onSubmit, current, alert } = useDishSave(form, dish, onSaved);
  const parts: DishParts = { register, control, errors: formState.errors, typed, current };

  return (
    <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5" aria-label={dish ? t.editDish(dish.name) : t.newDish}>
      <div aria-live="polite">
        <FormAlert message={alert} />
      </div>
      <DishMainFields parts={parts} categories={categories} />
      <DishPriceFields parts={parts} />
      <DishLabelFields parts={parts} />
      <DishOptionsFields parts={parts} />
      <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-black/10 bg-stone-50 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:px-0">
        <button type="button" onClick={onCancel} className="rounded-full border border-black/15 bg-white px-5 py-3 font-semibold">
          {menuForm.cancel}
        </button>
        <div className="flex-1">
          <SubmitButton loading={formState.isSubmitting}>{menuForm.save}</SubmitButton>
        </div>
      </div>
    </form>
  );
}

/** The dish's name, category (grouped by menu), description and picture. */
function DishMainFields({ parts, categories }: { parts: DishParts; categories: CategoryChoice[] }) {
  const { register, errors, typed, current } = parts;
  const groups = [...new Set(categories.map((c) => c.menuName))];
  return (
    <section className={`space-y-4 ${cardClass} p-4`}>
      <div>
        <Field id="dish-name" label={t.name} error={errors.name?.message} {...register('name')} />
        <CurrentValue show={!!current && current.name !== typed.name} value={current?.name ?? ''} />
      </div>
      <div>
        <label htmlFor="dish-category" className={labelClass}>
          {t.category}
        </label>
        <select id="dish-category" className={inputClass(errors.category_id?.message)} {...register('category_id', { valueAsNumber: true })}>
          {groups.map((menuName) => (
            <optgroup key={menuName} label={menuName}>
              {categories
                .filter((c) => c.menuName === menuName)
                .map((c) => (
                  <option key={c.categoryId} value={c.categoryId}>
                    {c.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <FieldError id="dish-category" message={errors.category_id?.message} />
        <CurrentValue
          show={!!current && current.category_id !== typed.category_id}
          value={categories.find((c) => c.categoryId === current?.category_id)?.name ?? ''}
        />
      </div>
      <div>
        <label htmlFor="dish-description" className={labelClass}>
          {t.description}
        </label>
        <textarea id="dish-description" rows={3} className={inputClass(errors.description?.message)} {...register('description')} />
        <FieldError id="dish-description" message={errors.description?.message} />
        <CurrentValue show={!!current && current.description !== typed.description} value={current?.description ?? ''} />
      </div>
      <DishImageField parts={parts} />
    </section>
  );
}

/** The dish's picture: the upload, and its stored path to type by hand. */
function DishImageField({ parts }: { parts: DishParts }) {
  const { control, errors, typed, current } = parts;
  return (
    <div>
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <>
            <ImageUpload value={field.value ?? ''} onChange={(path) => field.onChange(path)} label={t.image} />
            <FieldError id="dish-image" message={errors.image?.message} />
            <CurrentValue show={!!current && current.image !== typed.image} value={current?.image ?? ''} />
            <details className="mt-2">
              <summary className="cursor-pointer text-xs font-semibold text-ink/70">{t.imagePath}</summary>
              <label htmlFor="dish-image" className="mt-2 mb-1 block text-xs font-semibold">
                {t.imageHint}
              </label>
              <input
                id="dish-image"
                className={inputClass(errors.image?.message)}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                aria-invalid={errors.image ? true : undefined}
                aria-describedby={errors.image ? 'dish-image-error' : undefined}
              />
            </details>
          </>
        )}
      />
    </div>
  );
}

/** The dish's prices (pickup, delivery), VAT rate (the usual ones, the default, and the dish's own), availability and alcohol. */
function DishPriceFields({ parts }: { parts: DishParts }) {
  const { register, control, errors, typed, current } = parts;
  const chosenRate = typed.tax_rate;
  const rateChoices: (number | null)[] = [
    null,
    ...vatRates,
    ...(chosenRate !== null && chosenRate !== undefined && !vatRates.includes(chosenRate as never) ? [chosenRate] : []),
  ];
  return (
    <section className={`space-y-4 ${cardClass} p-4`}>
      <div className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2">
        <div>
          <Controller
            control={control}
            name="price_pickup"
            render={({ field }) => (
              <PriceInput
                id="dish-price-pickup"
                label={t.pricePickup}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.price_pickup?.message}
                hint={t.priceHint}
              />
            )}
          />
          <CurrentValue show={!!current && current.price_pickup !== typed.price_pickup} value={current ? formatEuros(current.price_pickup) : ''} />
        </div>
        <div>
          <Controller
            control={control}
            name="price_delivery"
            render={({ field }) => (
              <PriceInput
                id="dish-price-delivery"
                label={t.priceDelivery}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.price_delivery?.message}
                hint={t.priceHint}
              />
            )}
          />
          <CurrentValue show={!!current && current.price_delivery !== typed.price_delivery} value={current ? formatEuros(current.price_delivery) : ''} />
        </div>
      </div>
      <div>
        <label htmlFor="dish-vat" className={labelClass}>
          {t.vat}
        </label>
        <Controller
          control={control}
          name="tax_rate"
          render={({ field }) => (
            <select
              id="dish-vat"
              className={inputClass(errors.tax_rate?.message)}
              value={field.value === null || field.value === undefined ? '' : String(field.value)}
              onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              onBlur={field.onBlur}
            >
              {rateChoices.map((rate) => (
                <option key={String(rate)} value={rate === null ? '' : String(rate)}>
                  {rateText(rate)}
                </option>
              ))}
            </select>
          )}
        />
        <FieldError id="dish-vat" message={errors.tax_rate?.message} />
        <CurrentValue show={!!current && current.tax_rate !== typed.tax_rate} value={rateText(current?.tax_rate)} />
      </div>
      <div>
        <label className="flex items-start gap-3 text-base">
          <input type="checkbox" className="mt-1 h-5 w-5 accent-brand-600" {...register('available')} />
          <span>
            <span className="font-semibold">{t.available}</span>
            <span className="block text-sm text-ink/70">{t.availableHint}</span>
          </span>
        </label>
        <CurrentValue show={!!current && current.available !== typed.available} value={current?.available ? t.yes : t.no} />
      </div>
      <div>
        <label className="flex items-start gap-3 text-base">
          <input type="checkbox" className="mt-1 h-5 w-5 accent-brand-600" {...register('alcoholic')} />
          <span>{t.alcoholic}</span>
        </label>
        <CurrentValue show={!!current && current.alcoholic !== typed.alcoholic} value={current?.alcoholic ? t.yes : t.no} />
      </div>
    </section>
  );
}

/** The dish's allergens and diets (the lists of @resto/domain/allergens). */
function DishLabelFields({ parts }: { parts: DishParts }) {
  const { register, errors, typed, current } = parts;
  return (
    <>
      <fieldset className={`${cardClass} p-4`}>
        <legend className="float-left mb-2 w-full text-base font-bold">{t.allergens}</legend>
        <div className="clear-both grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-3">
          {allergens.map((allergen) => (
            <label key={allergen} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={allergen} className="h-5 w-5 accent-brand-600" {...register('allergens')} />
              {allergenLabels[allergen]}
            </label>
          ))}
        </div>
        <FieldError id="dish-allergens" message={messageOf(errors.allergens)} />
        <CurrentValue show={!!current && !sortedSame(typed.allergens, current.allergens)} value={current ? listText(current.allergens, allergenLabels) : ''} />
      </fieldset>
      <fieldset className={`${cardClass} p-4`}>
        <legend className="float-left mb-2 w-full text-base font-bold">{t.diets}</legend>
        <div className="clear-both grid grid-cols-2 gap-x-3 gap-y-2">
          {diets.map((diet) => (
            <label key={diet} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={diet} className="h-5 w-5 accent-brand-600" {...register('diets')} />
              {dietLabels[diet]}
            </label>
          ))}
        </div>
        <CurrentValue show={!!current && !sortedSame(typed.diets, current.diets)} value={current ? listText(current.diets, dietLabels) : ''} />
      </fieldset>
    </>
  );
}

/** The dish's options, each with its values, and the button adding one. */
function DishOptionsFields({ parts }: { parts: DishParts }) {
  const { register, control, errors, typed, current } = parts;
  const options = useFieldArray({ control, name: 'options', keyName: 'key' });
  return (
    <section className={`space-y-3 ${cardClass} p-4`} aria-labelledby="dish-options-title">
      <h3 id="dish-options-title" className="text-base font-bold">
        {t.options}
      </h3>
      {options.fields.length === 0 ? <p className="text-sm text-ink/70">{t.noOptions}</p> : null}
      {options.fields.map((field, index) => (
        <OptionEditor
          key={field.key}
          index={index}
          control={control}
          register={register}
          errors={errors}
          onRemove={() => options.remove(index)}
          name={typed.options?.[index]?.name ?? ''}
        />
      ))}
      <FieldError id="dish-options" message={messageOf(errors.options)} />
      <CurrentValue
        show={!!current && !same(current.options, typed.options)}
        value={current ? current.options.map((o) => `${o.name} (${o.values.map((v) => v.name).join(', ')})`).join(' ; ') || '—' : ''}
      />
      <button
        type="button"
        onClick={() => options.append({ name: '', selected: 1, required: false, values: [{ ...blankValue }] })}
        className="flex items-center gap-2 rounded-full border border-black/15 px-4 py-2 text-sm font-semibold hover:bg-black/5"
      >
        <Plus size={16} aria-hidden />
        {t.addOption}
      </button>
    </section>
  );
}

/** One option of the dish: name, number of choices, required, and its values (price, VAT, allergens). */
function OptionEditor({
  index,
  control,
  register,
  errors,
  onRemove,
  name,
}: {
  index: number;
  control: Control<DishFormInput, unknown, DishCreateBody>;
  register: UseFormRegister<DishFormInput>;
  errors: FieldErrors<DishFormInput>;
  onRemove: () => void;
  name: string;
}) {
  const values = useFieldArray({ control, name: `options.${index}.values`, keyName: 'key' });
  const optionErrors = errors.options?.[index];
  const id = `option-${index}`;
  return (
    <fieldset className="rounded-xl border border-black/10 p-3" data-testid="option-editor">
      <legend className="sr-only">{`${t.options} ${index + 1}`}</legend>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-[minmax(0,1fr)_7rem]">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            {t.optionName}
          </label>
          <input
            id={`${id}-name`}
            className={inputClass(optionErrors?.name?.message)}
            aria-invalid={optionErrors?.name ? true : undefined}
            {...register(`options.${index}.name`)}
          />
          <FieldError id={`${id}-name`} message={optionErrors?.name?.message} />
        </div>
        <Field
          id={`${id}-selected`}
          label={t.optionSelected}
          error={optionErrors?.selected?.message}
          type="number"
          min={1}
          max={20}
          inputMode="numeric"
          {...register(`options.${index}.selected`, { valueAsNumber: true })}
        />
      </div>
      <label className="mt-3 flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" className="h-5 w-5 accent-brand-600" {...register(`options.${index}.required`)} />
        {t.optionRequired}
      </label>
      <p className="mt-3 text-sm font-semibold">{t.values}</p>
      <ul className="mt-1 space-y-2">
        {values.fields.map((field, valueIndex) => {
          const valueErrors = optionErrors?.values?.[valueIndex];
          const vid = `${id}-value-${valueIndex}`;
          return (
            <li key={field.key} className="rounded-lg bg-stone-50 p-2" data-testid="option-value">
              <div className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-end gap-2">
                <div>
                  <label htmlFor={`${vid}-name`} className="mb-1 block text-xs font-semibold">
                    {t.valueName}
                  </label>
                  <input
                    id={`${vid}-name`}
                    className={inputClass(valueErrors?.name?.message)}
                    aria-invalid={valueErrors?.name ? true : undefined}
                    {...register(`options.${index}.values.${valueIndex}.name`)}
                  />
                </div>
                <Controller
                  control={control}
                  name={`options.${index}.values.${valueIndex}.price`}
                  render={({ field: price }) => (
                    <div>
                      <PriceInput
                        id={`${vid}-price`}
                        label={t.valuePrice}
                        value={price.value}
                        onChange={price.onChange}
                        onBlur={price.onBlur}
                        error={undefined}
                      />
                    </div>
                  )}
                />
                <button
                  type="button"
                  onClick={() => values.remove(valueIndex)}
                  aria-label={t.removeValue(field.name)}
                  className="mb-0.5 rounded-full p-2.5 text-red-700 hover:bg-red-50"
                >
                  <Trash2 size={18} aria-hidden />
                </button>
              </div>
              <FieldError id={`${vid}-name`} message={valueErrors?.name?.message} />
              <FieldError id={`${vid}-price`} message={valueErrors?.price?.message} />
              <details className="mt-1">
                <summary className="cursor-pointer text-xs font-semibold text-ink/70">{t.valueMore}</summary>
                <label htmlFor={`${vid}-vat`} className="mt-2 mb-1 block text-xs font-semibold">
                  {t.vat}
                </label>
                <Controller
                  control={control}
                  name={`options.${index}.values.${valueIndex}.tax_rate`}
                  render={({ field: rate }) => (
                    <select
                      id={`${vid}-vat`}
                      className={inputClass()}
                      value={rate.value === null || rate.value === undefined ? '' : String(rate.value)}
                      onChange={(e) => rate.onChange(e.target.value === '' ? null : Number(e.target.value))}
                    >
                      {[
                        null,
                        ...vatRates,
                        ...(rate.value !== null && rate.value !== undefined && !vatRates.includes(rate.value as never) ? [rate.value] : []),
                      ].map((choice) => (
                        <option key={String(choice)} value={choice === null ? '' : String(choice)}>
                          {rateText(choice)}
                        </option>
                      ))}
                    </select>
                  )}
                />
                <p className="mt-2 text-xs font-semibold">{t.valueAllergens}</p>
                <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
                  {allergens.map((allergen) => (
                    <label key={allergen} className="flex items-center gap-2 text-xs">
                      <input
                        type="checkbox"
                        value={allergen}
                        className="h-4 w-4 accent-brand-600"
                        {...register(`options.${index}.values.${valueIndex}.allergens`)}
                      />
                      {allergenLabels[allergen]}
                    </label>
                  ))}
                </div>
              </details>
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-values`} message={messageOf(optionErrors?.values)} />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => values.append({ ...blankValue })}
          className="flex items-center gap-1.5 rounded-full border border-black/15 px-3 py-1.5 text-sm font-semibold hover:bg-black/5"
        >
          <Plus size={15} aria-hidden />
          {t.addValue}
        </button>
        <button
          type="button"
          onClick={onRemove}
          className="flex items-center gap-1.5 rounded-full border border-black/15 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
        >
          <Trash2 size={15} aria-hidden />
          {t.removeOption(name)}
        </button>
      </div>
    </fieldset>
  );
}
