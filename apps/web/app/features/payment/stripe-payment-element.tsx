import { useEffect, useRef, useState } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { paymentTexts } from '@resto/copy/storefront/payment';

/** The Stripe.js instance and Elements group of the mounted Payment Element, for the confirmation step. */
let mounted: { stripe: Stripe; elements: StripeElements } | null = null;

/**
 * Stripe's Payment Element in deferred-intent mode (amount and currency now, the order's intent at
 * payment). Stripe.js is loaded only here, when card is chosen with Stripe as the provider:
 * `@stripe/stripe-js/pure` adds no script to other pages. Card data goes from this iframe to
 * Stripe, never to our server; 3-D Secure is handled by Stripe.js.
 */
export function StripePaymentElement({ publishableKey, amountCents }: { publishableKey: string; amountCents: number }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = await loadStripe(publishableKey, { locale: 'fr' });
        if (!stripe || cancelled || !container.current) return;
        const elements = stripe.elements({ mode: 'payment', amount: amountCents, currency: 'eur', locale: 'fr' });
        const element = elements.create('payment');
        element.mount(container.current);
        mounted = { stripe, elements };
        destroy = () => element.destroy();
        setState('ready');
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
      mounted = null;
    };
  }, [publishableKey, amountCents]);
  return (
    <div className="rounded-2xl border border-black/10 p-4">
      {state === 'loading' ? <p className="text-sm text-ink/70">{paymentTexts.stripeLoading}</p> : null}
      {state === 'error' ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {paymentTexts.stripeUnavailable}
        </p>
      ) : null}
      <div ref={container} />
    </div>
  );
}

/** Step 1, inside the click (Stripe requires it before any await): validates the Payment Element. @returns false when incomplete. */
export async function submitStripeElement(): Promise<boolean> {
  if (!mounted) return false;
  const { error } = await mounted.elements.submit();
  return !error;
}

/**
 * Step 2: confirms the order's intent with what the Payment Element collected (3-D Secure
 * included). @returns the intent's status after confirmation, or 'failed'.
 */
export async function confirmStripePayment(clientSecret: string, returnUrl: string): Promise<'succeeded' | 'processing' | 'failed'> {
  if (!mounted) return 'failed';
  const { error, paymentIntent } = await mounted.stripe.confirmPayment({
    elements: mounted.elements,
    clientSecret,
    redirect: 'if_required',
    confirmParams: { return_url: returnUrl },
  });
  if (error || !paymentIntent) return 'failed';
  return paymentIntent.status === 'succeeded' ? 'succeeded' : paymentIntent.status === 'processing' ? 'processing' : 'failed';
}
