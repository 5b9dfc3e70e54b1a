import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordSchema, passwordMinLength, type ChangePasswordForm } from '@resto/domain/account';
import type { Route } from './+types/profile-change-password';
import { pageMeta } from '../lib/seo.ts';
import { Field } from '../components/ui/field.tsx';
import { changePassword } from '@resto/contract/auth.routes';
import { api } from '../lib/api.ts';
import { isSessionLost, sessionHeaders } from '../features/account/index.ts';
import { useSessionLost } from '../features/account/index.ts';
import { passwordChange } from '@resto/copy/storefront/account';
import { FormAlert } from '../components/ui/alert.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { useAction } from '../lib/use-action.ts';
import { cardClass } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(passwordChange.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** /profile/ChangePassword: current password, new one twice (POST change-password, bearer); other devices are logged out. */
export default function ChangePassword() {
  const sessionLost = useSessionLost();
  const { loading, error, run } = useAction();
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
    reValidateMode: 'onChange',
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setDone(null);
    const answer = await run(async () => {
      try {
        return await api.call(changePassword, { headers: sessionHeaders(), body: values, sensitive: true });
      } catch (e) {
        if (isSessionLost(e)) sessionLost();
        throw e;
      }
    });
    if (!answer) return;
    reset();
    setDone(answer.message);
  });

  return (
    <div className="space-y-5">
      <h2 className="text-2xl font-extrabold">{passwordChange.heading}</h2>
      <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4 p-4 sm:p-6`}>
        <FormAlert message={error} />
        <FormAlert message={done} tone="success" />
        <Field
          id="current_password"
          label={passwordChange.currentPassword}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <Field
          id="password"
          label={passwordChange.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="-mt-2 text-xs text-ink/70">{passwordChange.newPasswordHint(passwordMinLength)}</p>
        <Field
          id="password_confirmation"
          label={passwordChange.newPasswordConfirmation}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <div className="sm:w-fit sm:min-w-60">
          <SubmitButton loading={loading}>{passwordChange.heading}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
