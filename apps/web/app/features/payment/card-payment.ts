import { requestErrors } from '@resto/copy/errors/request';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { checkTestCard } from '@resto/domain/payments';
import { authenticateTestPayment, confirmTestPayment, createPaymentIntent, createStripeCustomer } from '@resto/contract/payments.routes';
import { api } from '../../lib/api.ts';
import { useCheckoutStore, type CardPaymentData } from '../checkout/checkout-store.ts';
import { useAuthenticationStore } from './authentication-store.ts';
import { loadPaymentConfig } from './payment-config.ts';
import { confirmStripePayment, submitStripeElement } from './stripe-payment-element.tsx';
import { useTestCardStore } from './test-card-store.ts';

/** The card was refused, not confirmed or not authenticated: 'Le paiement a échoué, veuillez réessayer' (section 8). */
export class PaymentFailedError extends Error {
  constructor() {
    super(paymentAnswers.paymentFailed);
    this.name = 'PaymentFailedError';
  }
}

/** The card form is incomplete or wrong: its fields show why, nothing was sent. */
export class CardFormError extends Error {
  constructor() {
    super(requestErrors.fillRequired);
    this.name = 'CardFormError';
  }
}

const cardMessages = { number: paymentAnswers.cardNumberInvalid, expiry: paymentAnswers.cardExpiryInvalid, cvc: paymentAnswers.cardCvcInvalid } as const;

/**
 * Before the order is sent: checks the card form (test processor) or submits Stripe's Payment
 * Element (Stripe asks for it inside the click). @throws CardFormError when the form is not complete.
 */
export async function prepareCardPayment(): Promise<void> {
  const config = await loadPaymentConfig();
  if (config.provider === 'stripe') {
    if (!(await submitStripeElement())) throw new CardFormError();
    return;
  }
  const card = useTestCardStore.getState();
  const errors = checkTestCard(card, new Date());
  card.setErrors(Object.fromEntries(errors.map((e) => [e.field, cardMessages[e.error]])));
  if (errors.length) throw new CardFormError();
}

/**
 * Pays a pending card order (docs/decisions/007, steps b–d): the provider customer, the order's one intent
 * for its repriced total (the same intent on every retry), then the confirmation in the browser —
 * the test card form and its 3-D Secure dialog, or Stripe.js. An intent that already succeeded
 * (a retry after a lost PUT) is not confirmed again.
 * @returns the intent id, for PUT /v2/public/checkout/. @throws PaymentFailedError, ApiCallError.
 */
export async function payOrderByCard(order: {
  orderId: number;
  /** The order's secret from POST /checkout/: proves the order to stripe-payment-intent (docs/decisions/014). */
  secret: string;
  total: number;
  customer: { email: string; first_name: string; last_name: string; phone: string };
}): Promise<string> {
  const checkout = useCheckoutStore.getState();
  const { customer } = await api.call(createStripeCustomer, {
    body: {
      email: order.customer.email,
      name: `${order.customer.first_name} ${order.customer.last_name}`.trim(),
      phone: order.customer.phone,
    },
  });
  const intent = await api.call(createPaymentIntent, {
    body: {
      order_id: order.orderId,
      customer_id: customer,
      amount: order.total,
      payment_intent_id: checkout.card?.payment_intent_id ?? null,
      secret: order.secret,
    },
  });
  const card: CardPaymentData = { client_secret: intent.client_secret, customer_id: customer, payment_intent_id: intent.id, amount: intent.amount };
  checkout.setCard(card);
  await confirmCardIntent(intent, `${window.location.origin}/checkout?tab=confirmation`);
  return intent.id;
}

/**
 * Confirms an intent in the browser with the card the form holds (after prepareCardPayment): the
 * test card form and its 3-D Secure dialog, or Stripe.js (`returnUrl`: where Stripe sends the
 * browser back after a redirecting authentication). An intent that already succeeded is not
 * confirmed again. Used by the checkout (payOrderByCard) and the payment link's page
 * (docs/decisions/038). @throws PaymentFailedError (declined, not authenticated), ApiCallError.
 */
export async function confirmCardIntent(intent: { status: string; client_secret: string | null }, returnUrl: string): Promise<void> {
  if (intent.status === 'succeeded') return;
  const clientSecret = intent.client_secret;
  if (clientSecret === null) throw new PaymentFailedError();
  const config = await loadPaymentConfig();
  if (config.provider === 'stripe') {
    const outcome = await confirmStripePayment(clientSecret, returnUrl);
    if (outcome === 'failed') throw new PaymentFailedError();
    return;
  }
  const form = useTestCardStore.getState();
  let result = await api.call(confirmTestPayment, { body: { client_secret: clientSecret, number: form.number, expiry: form.expiry, cvc: form.cvc } });
  if (result.next_action === 'authenticate') {
    const approved = await useAuthenticationStore.getState().ask();
    result = await api.call(authenticateTestPayment, { body: { client_secret: clientSecret, approve: approved } });
  }
  if (result.status !== 'succeeded') throw new PaymentFailedError();
}
