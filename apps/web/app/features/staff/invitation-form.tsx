import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { InvitationInfo } from '@resto/contract/staff';
import { acceptStaffInvitation } from '@resto/contract/staff.routes';
import { StaffAcceptSchema, passwordMinLength, type StaffAcceptForm } from '@resto/domain/staff';
import { staffAnswers, staffRoleLabels, invitationPage as t } from '@resto/copy/staff/team';
import { Field } from '../../components/ui/field.tsx';
import { api } from '../../lib/api.ts';
import { staffHome, staffLoginPage } from './paths.ts';
import { useHydratedMark } from './use-hydrated-mark.ts';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { useAction } from '../../lib/use-action.ts';

/** The form requires the e-mail when the link names none (the first owner's link). */
const WithEmailSchema = StaffAcceptSchema.refine((value) => value.email !== undefined, { path: ['email'], message: staffAnswers.emailRequired });

/**
 * The account of an invitation link (/restaurant/invitation?jeton=…; docs/decisions/020): name and
 * password (the customers' rules), and the e-mail for the first owner's link. The browser sends
 * it; the API opens the session (cookie); then the board.
 */
export function StaffInvitationForm({ token, info }: { token: string; info: InvitationInfo }) {
  useHydratedMark();
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError: setFieldError } = useForm<StaffAcceptForm>({
    resolver: zodResolver(info.email === null ? WithEmailSchema : StaffAcceptSchema),
    defaultValues: info.email === null ? { name: '', password: '', email: '' } : { name: '', password: '' },
    reValidateMode: 'onChange',
  });
  const { loading, error, run } = useAction(setFieldError, ['name', 'password', 'email']);
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    const me = await run(() =>
      api.call(acceptStaffInvitation, { params: { token }, body: values, sensitive: true }),
    );
    if (me) await navigate(staffHome, { replace: true });
  });
  const firstOwner = info.email === null;
  return (
    <AuthCard title={firstOwner ? t.titleFirstOwner : t.title} intro={t.intro(info.restaurant, staffRoleLabels[info.role])}>
      {info.email ? <p className="-mt-2 mb-4 text-sm text-ink/70">{t.forEmail(info.email)}</p> : null}
      <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <Field id="invitation-name" label={t.name} autoComplete="name" error={errors.name?.message} {...register('name')} />
        {firstOwner ? (
          <Field id="invitation-email" label={t.email} type="email" autoComplete="username" inputMode="email" error={errors.email?.message} {...register('email')} />
        ) : null}
        <div>
          <Field id="invitation-password" label={t.password} type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
          {errors.password ? null : <p className="mt-1 text-sm text-ink/70">{t.passwordHint(passwordMinLength)}</p>}
        </div>
        <FormAlert message={error} />
        <SubmitButton loading={loading}>{t.submit}</SubmitButton>
      </form>
    </AuthCard>
  );
}

/** A link that no longer works (used, revoked, expired, unknown): the server's sentence and the way to the login page. */
export function StaffInvitationInvalid({ message }: { message: string }) {
  useHydratedMark();
  return (
    <AuthCard title={t.invalidTitle}>
      <FormAlert message={message} />
      <Link to={staffLoginPage} className="mt-4 inline-block font-semibold text-brand-700 underline">
        {t.backToLogin}
      </Link>
    </AuthCard>
  );
}
