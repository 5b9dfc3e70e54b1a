import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@resto/domain/zod-fr';
import { EmailSchema, OtpSchema } from '@resto/domain/account';
import { requestErrors } from '@resto/copy/errors/request';
import { emailVerification } from '@resto/copy/storefront/account';
import type { Route } from './+types/auth-verify';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Field } from '../components/ui/field.tsx';
import { api, ApiCallError } from '../lib/api.ts';
import { sendOtp, verifyOtp } from '@resto/contract/auth.routes';
import { useAuthStore } from '../features/account/auth-store.ts';
import { useGoBackAfterLogin } from '../features/account/index.ts';
import { AuthCard } from '../components/ui/auth-card.tsx';
import { FormAlert } from '../components/ui/alert.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { useAction } from '../lib/use-action.ts';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(emailVerification.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

const VerifySchema = z.object({ email: EmailSchema, otp: OtpSchema });
type VerifyForm = z.input<typeof VerifySchema>;

/** /auth/verify (spec sections 2, 4, 7): the e-mailed code logs the new account in; the code can be sent again. */
export default function Verify() {
  const [searchParams] = useSearchParams();
  const prefix = useLocalePrefix();
  const goBack = useGoBackAfterLogin();
  const { loading, error, setError, run } = useAction();
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState,
    getValues,
    setError: setFieldError,
  } = useForm<VerifyForm>({
    resolver: zodResolver(VerifySchema),
    defaultValues: { email: searchParams.get('email') ?? useAuthStore.getState().pendingEmail ?? '', otp: '' },
    reValidateMode: 'onChange',
  });
  const { errors } = formState;
  const sent = searchParams.get('sent') === '1';

  const onSubmit = handleSubmit(async ({ email, otp }) => {
    setNotice(null);
    const session = await run(() => api.call(verifyOtp, { query: { otp, email }, sensitive: true }));
    if (!session) return;
    useAuthStore.getState().setSession(session.token, session.user);
    goBack();
  });

  const resend = async () => {
    const email = EmailSchema.safeParse(getValues('email'));
    if (!email.success) return setFieldError('email', { message: email.error.issues[0]?.message });
    setResending(true);
    setNotice(null);
    setError(null);
    try {
      const { message } = await api.call(sendOtp, { query: { email: email.data }, sensitive: true });
      setNotice(message);
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : requestErrors.genericError);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title={emailVerification.heading}
      intro={sent ? emailVerification.intro : emailVerification.codeHint}
      footer={
        <p>
          <Link to={`${prefix}/auth/login`} className="font-semibold text-brand-700 underline">
            {emailVerification.backToLogin}
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={error} />
        <FormAlert message={notice} tone="success" />
        <Field
          id="email"
          label={emailVerification.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          id="otp"
          label={emailVerification.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          className="w-full rounded-xl border border-black/15 px-3 py-2.5 text-center text-2xl tracking-[0.5em]"
          error={errors.otp?.message}
          {...register('otp')}
        />
        <SubmitButton loading={loading}>{emailVerification.submit}</SubmitButton>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={resending}
          className="w-full rounded-full border border-black/15 px-4 py-2.5 text-sm font-semibold disabled:opacity-60"
        >
          {resending ? emailVerification.sending : emailVerification.resend}
        </button>
      </form>
    </AuthCard>
  );
}
