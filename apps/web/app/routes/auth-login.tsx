import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema, type LoginForm, type User } from '@resto/domain/account';
import type { Route } from './+types/auth-login';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Field } from '../components/ui/field.tsx';
import { ApiCallError } from '../lib/api-client.ts';
import { authCall } from '../features/account/index.ts';
import { safeRedirect, useAuthStore } from '../features/account/auth-store.ts';
import { AuthCard, FormAlert, SubmitButton } from '../features/account/index.ts';
import { useAuthAction } from '../features/account/index.ts';
import { useGoBackAfterLogin } from '../features/account/index.ts';

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta('Connexion · Commande en ligne', location.pathname),
  { name: 'robots', content: 'noindex' },
];

/** /auth/login (spec sections 2, 4, 7): e-mail and password; back to the stored redirect or home. */
export default function Login() {
  const [searchParams] = useSearchParams();
  const prefix = useLocalePrefix();
  const navigate = useNavigate();
  const goBack = useGoBackAfterLogin();
  const { loading, error, run } = useAuthAction();
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
        return await authCall<{ token: string; user: User }>('POST', 'login/', { body: values });
      } catch (e) {
        // An account waiting for its code: a new one was sent, go and type it.
        if (e instanceof ApiCallError && e.status === 403 && e.errors.some((x) => x.path === 'email')) {
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
      title="Se connecter"
      intro="Retrouvez vos coordonnées pré-remplies et l’historique de vos commandes."
      footer={
        <>
          <p>
            <Link to={`${prefix}/auth/forgot`} className="font-semibold text-brand-700 underline">
              Mot de passe oublié ?
            </Link>
          </p>
          <p>
            Pas encore de compte ?{' '}
            <Link to={`${prefix}/auth/signup`} className="font-semibold text-brand-700 underline">
              Créer un compte
            </Link>
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={error} />
        <Field id="email" label="E-mail" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Field id="password" label="Mot de passe" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <SubmitButton loading={loading}>Se connecter</SubmitButton>
      </form>
    </AuthCard>
  );
}
