import { useEffect } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PersonalSchema, type Personal } from '@resto/domain/checkout';
import { Field } from '../../components/ui/field.tsx';
import { useCheckoutStore } from './checkout-store.ts';
import { ReceiptOptions } from './receipt-options.tsx';
import { useAuthStore } from '../account/auth-store.ts';
import { formatPhone } from '@resto/domain/phone';
import { useLocalePrefix } from '../../lib/paths.ts';
import { checkoutContact } from '@resto/copy/storefront/checkout';
import { buttonClass } from '../../components/ui/button.tsx';

/** Personal tab (spec section 5): validated with the same schema as the API; typed values are kept. */
export function PersonalTab({ onDone }: { onDone: () => void }) {
  const personal = useCheckoutStore((s) => s.personal);
  const setPersonal = useCheckoutStore((s) => s.setPersonal);
  const user = useAuthStore((s) => s.user);
  const prefix = useLocalePrefix();
  // Logged in (docs/decisions/006): empty fields are pre-filled from the account; what the visitor typed stays.
  const prefilled: Personal = user
    ? {
        first_name: personal.first_name || user.first_name,
        last_name: personal.last_name || user.last_name,
        email: personal.email || user.email,
        phone: personal.phone || formatPhone(user.phone),
      }
    : personal;
  const { register, handleSubmit, watch, formState } = useForm<Personal>({
    resolver: zodResolver(PersonalSchema),
    defaultValues: prefilled,
    mode: 'onSubmit',
    reValidateMode: 'onChange', // no error on blur: it would move the button from under the pointer
  });
  const { errors } = formState;
  useEffect(() => {
    if (prefilled !== personal) setPersonal(prefilled);
    // Once, when the tab opens: the account's details become the checkout's.
  }, []);
  useEffect(() => {
    const subscription = watch((values) =>
      setPersonal({ first_name: values.first_name ?? '', last_name: values.last_name ?? '', email: values.email ?? '', phone: values.phone ?? '' }),
    );
    return () => subscription.unsubscribe();
  }, [watch, setPersonal]);

  return (
    <form onSubmit={handleSubmit(() => onDone())} noValidate className="space-y-4">
      <h2 id="onglet-personal" className="text-lg font-bold">
        {checkoutContact.heading}
      </h2>
      {user ? (
        <p className="text-sm text-ink/70">{checkoutContact.loggedInAs(user.email)}</p>
      ) : (
        <p className="text-sm text-ink/70">
          {checkoutContact.haveAccount}{' '}
          <Link
            to={`${prefix}/auth/login?redirect=${encodeURIComponent(`${prefix}/checkout?tab=personal`)}`}
            className="font-semibold text-brand-700 underline"
          >
            {checkoutContact.logIn}
          </Link>{' '}
          {checkoutContact.logInBenefit}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="first_name" label={checkoutContact.firstName} autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
        <Field id="last_name" label={checkoutContact.lastName} autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
        <Field id="email" label={checkoutContact.email} type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Field
          id="phone"
          label={checkoutContact.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="06 12 34 56 78"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <p className="text-xs text-ink/70">{checkoutContact.dataUse}</p>
      <ReceiptOptions />
      <button type="submit" className={buttonClass('primary', 'w-full px-4 py-3 sm:w-auto')}>
        {checkoutContact.next}
      </button>
    </form>
  );
}
