import { useEffect } from 'react';
import { Banknote, CreditCard } from 'lucide-react';
import { paymentTexts } from '@resto/domain/messages';
import { readPaymentMethods, resolvePaymentMethod } from '@resto/domain/payments';
import type { SettingsList } from '@resto/domain/settings';
import { useCheckoutStore } from './checkout-store.ts';

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

  const option = 'flex min-h-14 items-center gap-3 rounded-2xl border-2 p-4';
  const choice = (value: 'cash' | 'card', icon: React.ReactNode, title: string, hint: string) => {
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
          <span className="block font-semibold">{title}</span>
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
        {choice('card', <CreditCard className="text-brand-600" aria-hidden />, paymentTexts.cardTitle, paymentTexts.cardHint)}
      </fieldset>
      {!resolved ? <p className="text-sm font-medium text-red-700">{paymentTexts.noMethod}</p> : null}
      <button
        type="submit"
        disabled={!resolved}
        className="w-full rounded-full bg-brand-600 px-4 py-3 font-semibold text-white disabled:opacity-50 sm:w-auto"
      >
        Continuer
      </button>
    </form>
  );
}
