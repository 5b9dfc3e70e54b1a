import { useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CategoryCreateBodySchema, MenuCreateBodySchema, MenuViewSchema } from '@resto/contract/backoffice-menu';
import { createCategory, createMenu, updateCategory, updateMenu } from '@resto/contract/menu.routes';
import { StaleEditPayloadSchema } from '@resto/contract/backoffice';
import { requestErrors } from '@resto/copy/errors/request';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { dishForm, menuForm as t } from '@resto/copy/staff/menu';
import { ApiCallError, api } from '../../lib/api.ts';
import { Field } from '../../components/ui/field.tsx';
import { CurrentValue, FieldError, inputClass, labelClass } from './form-parts.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';

/** What the menu and category forms edit: a name, a description, and for a menu its visibility. */
const MenuFormSchema = MenuCreateBodySchema;
const CategoryFormSchema = CategoryCreateBodySchema.omit({ menu_id: true });
type MenuFormInput = z.input<typeof MenuFormSchema>;
type CategoryFormInput = z.input<typeof CategoryFormSchema>;

/** The row being edited (null: a new one), as the tree shows it. */
export interface GroupRow {
  id: number;
  name: string;
  description: string;
  available?: boolean;
  version: number;
}

const CurrentGroupSchema = MenuViewSchema.pick({ name: true, description: true, version: true }).extend({
  available: MenuViewSchema.shape.available.optional(),
});

/**
 * The form of a menu (`isMenu`: name, description, visible) or of a category (name,
 * description; new ones go in `menuId`), validated by the restaurant file's schemas. A 409 shows
 * the current values beside the typed ones; the next save is based on the current version.
 */
export function GroupForm({
  isMenu,
  row,
  menuId,
  onSaved,
  onCancel,
}: {
  isMenu: boolean;
  row: GroupRow | null;
  menuId?: number;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [expectedVersion, setExpectedVersion] = useState(row?.version);
  const [current, setCurrent] = useState<z.infer<typeof CurrentGroupSchema> | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const schema = isMenu ? MenuFormSchema : CategoryFormSchema;
  const { register, handleSubmit, formState, setError, control } = useForm<MenuFormInput & CategoryFormInput>({
    resolver: zodResolver(schema as typeof MenuFormSchema),
    defaultValues: { name: row?.name ?? '', description: row?.description ?? '', ...(isMenu ? { available: row?.available ?? true } : {}) },
    reValidateMode: 'onChange',
  });
  const typed = useWatch({ control });
  const errors = formState.errors;

  const onSubmit = handleSubmit(
    async (values) => {
      setAlert(null);
      try {
        if (row) {
          const change = { params: { id: String(row.id) }, body: { ...values, expected_version: expectedVersion ?? row.version } };
          await (isMenu ? api.call(updateMenu, change) : api.call(updateCategory, change));
        } else if (isMenu) await api.call(createMenu, { body: values });
        else await api.call(createCategory, { body: { ...values, menu_id: menuId! } });
        onSaved();
      } catch (error) {
        if (!(error instanceof ApiCallError)) return setAlert(requestErrors.genericError);
        if (error.code === 'stale_edit') {
          const parsed = CurrentGroupSchema.safeParse(StaleEditPayloadSchema.safeParse(error.payload).data?.current);
          if (!parsed.success) return setAlert(backOfficeShared.deletedMeanwhile);
          setCurrent(parsed.data);
          setExpectedVersion(parsed.data.version);
          return setAlert(backOfficeShared.staleEdit);
        }
        for (const field of error.errors) setError(field.path as Path<MenuFormInput>, { type: 'server', message: field.message });
        setAlert(error.message);
      }
    },
    () => setAlert(dishForm.fixErrors),
  );

  return (
    <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <div aria-live="polite">
        <FormAlert message={alert} />
      </div>
      <div className="space-y-4 rounded-2xl bg-white p-4 shadow-sm">
        <div>
          <Field id="group-name" label={t.name} error={errors.name?.message} {...register('name')} />
          <CurrentValue show={!!current && current.name !== typed.name} value={current?.name ?? ''} />
        </div>
        <div>
          <label htmlFor="group-description" className={labelClass}>
            {t.description}
          </label>
          <textarea id="group-description" rows={3} className={inputClass(errors.description?.message)} {...register('description')} />
          <FieldError id="group-description" message={errors.description?.message} />
          <CurrentValue show={!!current && current.description !== typed.description} value={current?.description ?? ''} />
        </div>
        {isMenu ? (
          <div>
            <label className="flex items-start gap-3">
              <input type="checkbox" className="mt-1 h-5 w-5 accent-brand-600" {...register('available')} />
              <span>
                <span className="font-semibold">{t.menuAvailable}</span>
                <span className="block text-sm text-ink/70">{t.menuHiddenHint}</span>
              </span>
            </label>
            <CurrentValue show={!!current && current.available !== typed.available} value={current?.available ? dishForm.yes : dishForm.no} />
            {row ? null : <p className="mt-3 text-sm text-ink/70">{t.newMenuHoursHint}</p>}
          </div>
        ) : null}
      </div>
      <div className="flex gap-3">
        <button type="button" onClick={onCancel} className="rounded-full border border-black/15 bg-white px-5 py-3 font-semibold">
          {t.cancel}
        </button>
        <div className="flex-1">
          <SubmitButton loading={formState.isSubmitting}>{t.save}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
