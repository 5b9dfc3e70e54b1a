import { useEffect, useState } from 'react';
import { Banknote, CreditCard } from 'lucide-react';
import { paymentTexts } from '@resto/domain/messages';
import { readPaymentMethods, resolvePaymentMethod } from '@resto/domain/payments';
import type { SettingsList } from '@resto/domain/settings';
import { useCheckoutStore } from './checkout-store.ts';
import { loadPaymentConfig } from '../payment/payment-config.ts';

/**
 * Payment tab (spec sections 3–5): the methods the settings enable — `payments.cod.active` cash,
 * `payments.stripe.active` card (PayPal is not offered: docs/decisions/007). When cash is off
 * and card on, card is chosen for the visitor (section 4).
 */
export function PaymentTab({ settings, onDone }: { settings: SettingsList; onDone: () => void }) {
  const method = useCheckoutStore((s) => s.method);
  const setMethod = useCheckoutStore((s) => s.setMethod);
  const { methods } = readPaymentMethods(settings);
  const resolved = resolvePaymentMethod(method, methods);
  useEffect(() => {
    if (resolved && resolved !== method) setMethod(resolved);
  }, [resolved, method, setMethod]);
  // DECISIONS.md: the built-in test processor is shown as test mode wherever card is offered.
  const cardOffered = methods.includes('card');
  const [testMode, setTestMode] = useState(false);
  useEffect(() => {
    if (!cardOffered) return;
    let live = true;
    loadPaymentConfig().then(
      (config) => live && setTestMode(config.provider === 'test'),
      () => undefined, // the confirmation tab says it if the API cannot be reached
    );
    return () => {
      live = false;
    };
  }, [cardOffered]);

  const option = 'flex min-h-14 items-center gap-3 rounded-2xl border-2 p-4';
  const choice = (value: 'cash' | 'card', icon: React.ReactNode, title: string, hint: string, badge?: string) => {
    const offered = methods.includes(value);
    return (
      <label
        className={`${option} ${method === value && offered ? 'border-brand-600 bg-brand-50' : 'border-black/10'} ${offered ? 'cursor-pointer' : 'cursor-not-allowed opacity-60'}`}
      >
        <input
          type="radio"
          name="method"
          value={value}
          checked={method === value && offered}
          disabled={!offered}
          onChange={() => setMethod(value)}
          className="size-5 accent-brand-600"
        />
        {icon}
        <span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
            {title}
            {badge ? (
              <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900">{badge}</span>
            ) : null}
          </span>
          <span className="text-sm text-ink/70">{hint}</span>
        </span>
      </label>
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onDone();
      }}
      className="space-y-4"
    >
      <fieldset className="space-y-3">
        <legend id="onglet-payment" className="mb-3 text-lg font-bold">
          Moyen de paiement
        </legend>
        {choice('cash', <Banknote className="text-brand-600" aria-hidden />, paymentTexts.cashTitle, paymentTexts.cashHint)}
        {choice(
          'card',
          <CreditCard className="text-brand-600" aria-hidden />,
          paymentTexts.cardTitle,
          paymentTexts.cardHint,
          testMode ? paymentTexts.testMode : undefined,
        )}
      </fieldset>
      {!resolved ? <p className="text-sm font-medium text-red-700">{paymentTexts.noMethod}</p> : null}
      <button type="submit" disabled={!resolved} className="w-full rounded-full bg-brand-600 px-4 py-3 font-semibold text-white disabled:opacity-50 sm:w-auto">
        Continuer
      </button>
    </form>
  );
}
