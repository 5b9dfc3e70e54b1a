import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@resto/domain/zod-fr';
import { EmailSchema, ResetPasswordFormSchema } from '@resto/domain/account';
import { accountAnswers, passwordForgotten } from '@resto/copy/storefront/account';
import type { Route } from './+types/auth-forgot';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Field } from '../components/ui/field.tsx';
import { useToasts } from '../components/ui/toast.tsx';
import { resetPassword, sendOtp } from '@resto/contract/auth.routes';
import { api } from '../lib/api.ts';
import { AuthCard } from '../components/ui/auth-card.tsx';
import { FormAlert } from '../components/ui/alert.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { useAction } from '../lib/use-action.ts';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(passwordForgotten.pageTitle, { location, matches }),
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
  const step1 = useAction();
  const step2 = useAction();
  const emailForm = useForm<z.input<typeof EmailStep>>({ resolver: zodResolver(EmailStep), defaultValues: { email: '' }, reValidateMode: 'onChange' });
  const resetForm = useForm<ResetForm>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { otp: '', password: '', password_confirmation: '' },
    reValidateMode: 'onChange',
  });

  const sendCode = emailForm.handleSubmit(async (values) => {
    const answer = await step1.run(() => api.call(sendOtp, { query: { email: values.email }, sensitive: true }));
    if (!answer) return;
    setNotice(answer.message);
    setEmail(values.email);
  });

  const reset = resetForm.handleSubmit(async (values) => {
    if (!email) return;
    const done = await step2.run(() => api.call(resetPassword, { body: { email, ...values }, sensitive: true }));
    if (!done) return;
    toast(done.message || accountAnswers.passwordReset, 'success');
    await navigate(`${prefix}/auth/login?email=${encodeURIComponent(email)}`);
  });

  const footer = (
    <p>
      <Link to={`${prefix}/auth/login`} className="font-semibold text-brand-700 underline">
        {passwordForgotten.backToLogin}
      </Link>
    </p>
  );

  if (!email)
    return (
      <AuthCard title={passwordForgotten.heading} intro={passwordForgotten.intro} footer={footer}>
        <form onSubmit={sendCode} noValidate className="space-y-4">
          <FormAlert message={step1.error} />
          <Field
            id="email"
            label={passwordForgotten.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={emailForm.formState.errors.email?.message}
            {...emailForm.register('email')}
          />
          <SubmitButton loading={step1.loading}>{passwordForgotten.requestCode}</SubmitButton>
        </form>
      </AuthCard>
    );

  const { errors } = resetForm.formState;
  return (
    <AuthCard title={passwordForgotten.newPassword} intro={passwordForgotten.sentTo(email)} footer={footer}>
      <form onSubmit={reset} noValidate className="space-y-4">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={step2.error} />
        <Field
          id="otp"
          label={passwordForgotten.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          error={errors.otp?.message}
          {...resetForm.register('otp')}
        />
        <Field
          id="password"
          label={passwordForgotten.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...resetForm.register('password')}
        />
        <Field
          id="password_confirmation"
          label={passwordForgotten.passwordConfirmation}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...resetForm.register('password_confirmation')}
        />
        <SubmitButton loading={step2.loading}>{passwordForgotten.submit}</SubmitButton>
        <button type="button" onClick={() => setEmail(null)} className="w-full text-sm font-semibold text-brand-700 underline">
          {passwordForgotten.restart}
        </button>
      </form>
    </AuthCard>
  );
}
