import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DeleteAccountSchema, type DeleteAccountForm } from '@resto/domain/account';
import { accountAnswers, accountDeletion } from '@resto/copy/storefront/account';
import { Field } from '../../components/ui/field.tsx';
import { useToasts } from '../../components/ui/toast.tsx';
import { useLocalePrefix } from '../../lib/paths.ts';
import { deleteProfile } from '@resto/contract/auth.routes';
import { api } from '../../lib/api.ts';
import { sessionHeaders } from './credentials.ts';
import { signOut, useAuthStore } from './auth-store.ts';
import { FormAlert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { useAction } from '../../lib/use-action.ts';

/**
 * Account deletion (spec sections 4, 5, 7): logged in ('You are not logged in'), password
 * required ('Password is required') and confirmed; DELETE delete-profile with the bearer token
 * and token, user_id, password in the body. Then no token is left, and home.
 */
export function DeleteAccountForm() {
  const navigate = useNavigate();
  const prefix = useLocalePrefix();
  const toast = useToasts((s) => s.show);
  const { loading, error, setError, run } = useAction();
  const { register, handleSubmit, formState } = useForm<DeleteAccountForm>({
    resolver: zodResolver(DeleteAccountSchema),
    defaultValues: { password: '', password_confirmation: '' },
    reValidateMode: 'onChange',
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async ({ password, password_confirmation }) => {
    const { token, user } = useAuthStore.getState();
    if (!token || !user) return setError(accountAnswers.notLoggedIn);
    const done = await run(() =>
      api.call(deleteProfile, { headers: sessionHeaders(), body: { token, user_id: user.id, password, password_confirmation }, sensitive: true }),
    );
    if (!done) return;
    // Home first: cleared while this page is still shown, the profile guard would send the visitor to login.
    await navigate(prefix || '/', { replace: true });
    signOut();
    toast(done.message, 'success');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={error} />
      <Field
        id="delete_password"
        label={accountDeletion.password}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Field
        id="delete_password_confirmation"
        label={accountDeletion.passwordConfirmation}
        type="password"
        autoComplete="current-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <div className="sm:w-fit sm:min-w-60">
        <SubmitButton loading={loading} tone="danger">
          {accountDeletion.submit}
        </SubmitButton>
      </div>
    </form>
  );
}
