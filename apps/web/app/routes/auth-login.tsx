import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema, type LoginForm } from '@resto/domain/account';
import type { Route } from './+types/auth-login';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Field } from '../components/ui/field.tsx';
import { login } from '@resto/contract/auth.routes';
import { api, isApiError } from '../lib/api.ts';
import { safeRedirect, useAuthStore } from '../features/account/auth-store.ts';
import { useGoBackAfterLogin } from '../features/account/index.ts';
import { customerLogin } from '@resto/copy/storefront/account';
import { AuthCard } from '../components/ui/auth-card.tsx';
import { FormAlert } from '../components/ui/alert.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { useAction } from '../lib/use-action.ts';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(customerLogin.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** /auth/login (spec sections 2, 4, 7): e-mail and password; back to the stored redirect or home. */
export default function Login() {
  const [searchParams] = useSearchParams();
  const prefix = useLocalePrefix();
  const navigate = useNavigate();
  const goBack = useGoBackAfterLogin();
  const { loading, error, run } = useAction();
  const { register, handleSubmit, formState, getValues } = useForm<LoginForm>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: searchParams.get('email') ?? '', password: '' },
    reValidateMode: 'onChange',
  });
  const { errors } = formState;

  useEffect(() => {
    const redirect = safeRedirect(searchParams.get('redirect'));
    if (redirect) useAuthStore.getState().setRedirect(redirect);
  }, [searchParams]);

  const onSubmit = handleSubmit(async (values) => {
    const session = await run(async () => {
      try {
        return await api.call(login, { body: values, sensitive: true });
      } catch (e) {
        // An account waiting for its code: a new one was sent, go and type it.
        if (isApiError(e, 'email_not_verified')) {
          useAuthStore.getState().setPendingEmail(getValues('email').trim().toLowerCase());
          void navigate(`${prefix}/auth/verify?email=${encodeURIComponent(getValues('email').trim())}`);
        }
        throw e;
      }
    });
    if (!session) return;
    useAuthStore.getState().setSession(session.token, session.user);
    goBack();
  });

  return (
    <AuthCard
      title={customerLogin.heading}
      intro={customerLogin.intro}
      footer={
        <>
          <p>
            <Link to={`${prefix}/auth/forgot`} className="font-semibold text-brand-700 underline">
              {customerLogin.forgotPassword}
            </Link>
          </p>
          <p>
            {customerLogin.noAccountYet}{' '}
            <Link to={`${prefix}/auth/signup`} className="font-semibold text-brand-700 underline">
              {customerLogin.signUp}
            </Link>
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={error} />
        <Field
          id="email"
          label={customerLogin.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          id="password"
          label={customerLogin.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton loading={loading}>{customerLogin.heading}</SubmitButton>
      </form>
    </AuthCard>
  );
}
