import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordMinLength, SignupSchema, type SignupForm } from '@resto/domain/account';
import type { Route } from './+types/auth-signup';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Field } from '../components/ui/field.tsx';
import { signup } from '@resto/contract/auth.routes';
import { api } from '../lib/api.ts';
import { useAuthStore } from '../features/account/auth-store.ts';
import { customerSignup } from '@resto/copy/storefront/account';
import { AuthCard } from '../components/ui/auth-card.tsx';
import { FormAlert } from '../components/ui/alert.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { useAction } from '../lib/use-action.ts';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(customerSignup.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** /auth/signup (spec sections 2, 4, 7): first name, last name, phone, e-mail, password; then /auth/verify. */
export default function Signup() {
  const prefix = useLocalePrefix();
  const navigate = useNavigate();
  const { loading, error, run } = useAction();
  const { register, handleSubmit, formState } = useForm<SignupForm>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { first_name: '', last_name: '', phone: '', email: '', password: '' },
    reValidateMode: 'onChange',
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const done = await run(() => api.call(signup, { body: values, sensitive: true }));
    if (!done) return;
    useAuthStore.getState().setPendingEmail(values.email);
    await navigate(`${prefix}/auth/verify?email=${encodeURIComponent(values.email)}&sent=1`);
  });

  return (
    <AuthCard
      title={customerSignup.heading}
      intro={customerSignup.intro}
      footer={
        <p>
          {customerSignup.haveAccount}{' '}
          <Link to={`${prefix}/auth/login`} className="font-semibold text-brand-700 underline">
            {customerSignup.logIn}
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={error} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="first_name" label={customerSignup.firstName} autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
          <Field id="last_name" label={customerSignup.lastName} autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <Field
          id="phone"
          label={customerSignup.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="06 12 34 56 78"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Field
          id="email"
          label={customerSignup.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          id="password"
          label={customerSignup.password}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p id="password-help" className="-mt-2 text-xs text-ink/70">
          {customerSignup.passwordHint(passwordMinLength)}
        </p>
        <SubmitButton loading={loading}>{customerSignup.submit}</SubmitButton>
        <p className="text-xs text-ink/70">{customerSignup.dataUse}</p>
      </form>
    </AuthCard>
  );
}
