import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileUpdateSchema, type ProfileForm, type User } from '@resto/domain/account';
import { accountAnswers, profileForm } from '@resto/copy/storefront/account';
import { formatPhone } from '@resto/domain/phone';
import type { Route } from './+types/profile-profile';
import { pageMeta } from '../lib/seo.ts';
import { Field } from '../components/ui/field.tsx';
import { updateProfile } from '@resto/contract/auth.routes';
import { api } from '../lib/api.ts';
import { isSessionLost, sessionQuery } from '../features/account/index.ts';
import { useAuthStore } from '../features/account/auth-store.ts';
import { useSessionLost } from '../features/account/index.ts';
import { FormAlert } from '../components/ui/alert.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { useAction } from '../lib/use-action.ts';
import { cardClass } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(profileForm.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** /profile/ViewProfile: first name, last name, phone, address (PATCH update-profile, query token and user_id). */
export default function ViewProfile() {
  const user = useOutletContext<User>();
  const sessionLost = useSessionLost();
  const { loading, error, run } = useAction();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState } = useForm<ProfileForm>({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name, phone: formatPhone(user.phone), address: user.address ?? '' },
    reValidateMode: 'onChange',
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    const updated = await run(async () => {
      try {
        return await api.call(updateProfile, { authQuery: sessionQuery(), body: { ...user, ...values }, sensitive: true });
      } catch (e) {
        if (isSessionLost(e)) sessionLost();
        throw e;
      }
    });
    if (!updated) return;
    useAuthStore.getState().setUser(updated);
    setSaved(true);
  });

  return (
    <div className="space-y-5">
      <h2 className="text-2xl font-extrabold">{profileForm.heading}</h2>
      <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4 p-4 sm:p-6`}>
        <FormAlert message={error} />
        <FormAlert message={saved ? accountAnswers.profileUpdated : null} tone="success" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="first_name" label={profileForm.firstName} autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
          <Field id="last_name" label={profileForm.lastName} autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <Field
          id="phone"
          label={profileForm.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Field
          id="address"
          label={profileForm.address}
          autoComplete="street-address"
          placeholder={profileForm.addressExample}
          error={errors.address?.message}
          {...register('address')}
        />
        <div>
          <p className="mb-1 text-sm font-semibold">{profileForm.email}</p>
          <p className="rounded-xl bg-black/5 px-3 py-2.5 text-ink/70">{user.email}</p>
          <p className="mt-1 text-xs text-ink/70">{profileForm.emailFixed}</p>
        </div>
        <div className="sm:w-fit sm:min-w-60">
          <SubmitButton loading={loading}>{profileForm.save}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
