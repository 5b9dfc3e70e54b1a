import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffLogin as staffLoginRoute } from '@resto/contract/staff.routes';
import { StaffLoginSchema, type StaffLoginForm } from '@resto/domain/staff';
import { staffLogin } from '@resto/copy/staff/team';
import { Field } from '../../components/ui/field.tsx';
import { api } from '../../lib/api.ts';
import { staffHome } from './paths.ts';
import { useHydratedMark } from './use-hydrated-mark.ts';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { useAction } from '../../lib/use-action.ts';

/**
 * The staff log-in form (/restaurant; docs/decisions/020): e-mail and password, sent by the browser
 * to POST /v2/restaurant/auth/login, which sets the httpOnly session cookie; then the board.
 * A refusal is shown under the password (the same sentence for a wrong e-mail or password), a
 * wait (429) above the button; what was typed stays.
 */
export function StaffLoginForm({ restaurant }: { restaurant: string }) {
  useHydratedMark();
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError: setFieldError } = useForm<StaffLoginForm>({
    resolver: zodResolver(StaffLoginSchema),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onChange',
  });
  const { loading, error, run } = useAction(setFieldError, ['email', 'password']);
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const me = await run(() => api.call(staffLoginRoute, { body: values, sensitive: true }));
    if (me) await navigate(staffHome, { replace: true });
  });

  return (
    <AuthCard
      title={staffLogin.title}
      intro={
        <>
          {restaurant ? <strong className="block text-ink">{restaurant}</strong> : null}
          {staffLogin.intro}
        </>
      }
    >
      <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <Field id="staff-email" label={staffLogin.email} type="email" autoComplete="username" inputMode="email" error={errors.email?.message} {...register('email')} />
        <Field
          id="staff-password"
          label={staffLogin.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormAlert message={error} />
        <SubmitButton loading={loading}>{staffLogin.submit}</SubmitButton>
      </form>
    </AuthCard>
  );
}
