import { useEffect, useState } from 'react';
import { requestErrors } from '@resto/copy/errors/request';
import { paymentTexts } from '@resto/copy/storefront/payment';
import { formatPrice } from '@resto/domain/format';
import { loadPaymentConfig, type PaymentConfig } from './payment-config.ts';
import { StripePaymentElement } from './stripe-payment-element.tsx';
import { TestCardForm } from './test-card-form.tsx';
import { ThreeDSecureDialog } from './three-d-secure-dialog.tsx';

/**
 * The card part of the confirmation tab, rendered only when card is the method: asks the API
 * which provider runs, then shows our test card form (test mode) or Stripe's Payment Element.
 */
export function CardSection({ totalCents }: { totalCents: number }) {
  const [config, setConfig] = useState<PaymentConfig | 'error' | null>(null);
  useEffect(() => {
    let live = true;
    loadPaymentConfig().then(
      (c) => live && setConfig(c),
      () => live && setConfig('error'),
    );
    return () => {
      live = false;
    };
  }, []);
  if (config === 'error')
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        {requestErrors.genericError}
      </p>
    );
  if (!config) return <p className="text-sm text-ink/70">{paymentTexts.stripeLoading}</p>;
  return (
    <section aria-label={paymentTexts.cardFormTitle} className="mt-4">
      <h3 className="mb-2 font-bold">{paymentTexts.cardFormTitle}</h3>
      {config.provider === 'stripe' && config.publishable_key ? (
        <StripePaymentElement publishableKey={config.publishable_key} amountCents={totalCents} />
      ) : (
        <>
          <TestCardForm />
          <ThreeDSecureDialog amount={formatPrice(totalCents)} />
        </>
      )}
    </section>
  );
}
