import { FlaskConical } from 'lucide-react';
import { paymentTexts } from '@resto/copy/storefront/payment';
import { Field } from '../../components/ui/field.tsx';
import { formatCardNumber, formatExpiry, useTestCardStore } from './test-card-store.ts';

/**
 * The test processor's card form, clearly in test mode (docs/decisions/016, section 5). Unlike
 * Stripe's Payment Element, it sends the (test) card number to our server: docs/decisions/007.
 */
export function TestCardForm() {
  const { number, expiry, cvc, errors, set } = useTestCardStore();
  return (
    <fieldset className="rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50/60 p-4" aria-describedby="mode-test-notice">
      <legend className="px-1">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900">
          <FlaskConical className="size-3.5" aria-hidden />
          {paymentTexts.testMode}
        </span>
      </legend>
      <p id="mode-test-notice" className="mb-3 text-sm text-ink/80">
        {paymentTexts.testModeNotice}
      </p>
      <div className="space-y-3">
        <Field
          id="card-number"
          label={paymentTexts.cardNumber}
          inputMode="numeric"
          autoComplete="off"
          placeholder="4242 4242 4242 4242"
          value={number}
          error={errors.number}
          onChange={(e) => set('number', formatCardNumber(e.target.value))}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            id="card-expiry"
            label={paymentTexts.cardExpiry}
            inputMode="numeric"
            autoComplete="off"
            placeholder="12/34"
            value={expiry}
            error={errors.expiry}
            onChange={(e) => set('expiry', formatExpiry(e.target.value))}
          />
          <Field
            id="card-cvc"
            label={paymentTexts.cardCvc}
            inputMode="numeric"
            autoComplete="off"
            placeholder="123"
            maxLength={4}
            value={cvc}
            error={errors.cvc}
            onChange={(e) => set('cvc', e.target.value.replace(/\D/g, ''))}
          />
        </div>
      </div>
      <p className="mt-3 text-xs text-ink/70">{paymentTexts.testCardsHint}</p>
    </fieldset>
  );
}
