import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@resto/domain/zod-fr';
import { EmailSchema, ResetPasswordFormSchema } from '@resto/domain/account';
import { messages } from '@resto/domain/messages';
import type { Route } from './+types/auth-forgot';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Field } from '../components/ui/field.tsx';
import { useToasts } from '../components/ui/toast.tsx';
import { authCall } from '../features/account/index.ts';
import { AuthCard, FormAlert, SubmitButton } from '../features/account/index.ts';
import { useAuthAction } from '../features/account/index.ts';

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta('Mot de passe oublié · Commande en ligne', location.pathname),
  { name: 'robots', content: 'noindex' },
];

const EmailStep = z.object({ email: EmailSchema });
type ResetForm = z.input<typeof ResetPasswordFormSchema>;

/**
 * /auth/forgot (spec sections 2, 5, 7): a code by e-mail (send-otp), then the code and the new
 * password twice (reset-password; 'Passwords do not match'); then /auth/login.
 */
export default function Forgot() {
  const prefix = useLocalePrefix();
  const navigate = useNavigate();
  const toast = useToasts((s) => s.show);
  const [email, setEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const step1 = useAuthAction();
  const step2 = useAuthAction();
  const emailForm = useForm<z.input<typeof EmailStep>>({ resolver: zodResolver(EmailStep), defaultValues: { email: '' }, reValidateMode: 'onChange' });
  const resetForm = useForm<ResetForm>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { otp: '', password: '', password_confirmation: '' },
    reValidateMode: 'onChange',
  });

  const sendCode = emailForm.handleSubmit(async (values) => {
    const answer = await step1.run(() => authCall<{ message: string }>('GET', 'send-otp/', { query: { email: values.email } }));
    if (!answer) return;
    setNotice(answer.message);
    setEmail(values.email);
  });

  const reset = resetForm.handleSubmit(async (values) => {
    if (!email) return;
    const done = await step2.run(() => authCall<{ message: string }>('POST', 'reset-password/', { body: { email, ...values } }));
    if (!done) return;
    toast(done.message || messages.passwordReset, 'success');
    await navigate(`${prefix}/auth/login?email=${encodeURIComponent(email)}`);
  });

  const footer = (
    <p>
      <Link to={`${prefix}/auth/login`} className="font-semibold text-brand-700 underline">
        Retour à la connexion
      </Link>
    </p>
  );

  if (!email)
    return (
      <AuthCard
        title="Mot de passe oublié"
        intro="Indiquez l’adresse e-mail de votre compte : nous vous enverrons un code pour choisir un nouveau mot de passe."
        footer={footer}
      >
        <form onSubmit={sendCode} noValidate className="space-y-4">
          <FormAlert message={step1.error} />
          <Field
            id="email"
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            error={emailForm.formState.errors.email?.message}
            {...emailForm.register('email')}
          />
          <SubmitButton loading={step1.loading}>Recevoir un code</SubmitButton>
        </form>
      </AuthCard>
    );

  const { errors } = resetForm.formState;
  return (
    <AuthCard title="Nouveau mot de passe" intro={`Adresse : ${email}`} footer={footer}>
      <form onSubmit={reset} noValidate className="space-y-4">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={step2.error} />
        <Field
          id="otp"
          label="Code reçu par e-mail"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          error={errors.otp?.message}
          {...resetForm.register('otp')}
        />
        <Field
          id="password"
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...resetForm.register('password')}
        />
        <Field
          id="password_confirmation"
          label="Confirmez le mot de passe"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...resetForm.register('password_confirmation')}
        />
        <SubmitButton loading={step2.loading}>Changer le mot de passe</SubmitButton>
        <button type="button" onClick={() => setEmail(null)} className="w-full text-sm font-semibold text-brand-700 underline">
          Utiliser une autre adresse ou renvoyer un code
        </button>
      </form>
    </AuthCard>
  );
}
