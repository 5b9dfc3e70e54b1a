import { messages } from '@resto/domain/messages';
import { checkTestCard } from '@resto/domain/payments';
import { callApi } from '../../lib/api-client.ts';
import { useCheckoutStore, type CardPaymentData } from '../checkout/checkout-store.ts';
import { useAuthenticationStore } from './authentication-store.ts';
import { loadPaymentConfig } from './payment-config.ts';
import { confirmStripePayment, submitStripeElement } from './stripe-payment-element.tsx';
import { useTestCardStore } from './test-card-store.ts';

/** The card was refused, not confirmed or not authenticated: 'Le paiement a échoué, veuillez réessayer' (section 8). */
export class PaymentFailedError extends Error {
  constructor() {
    super(messages.paymentFailed);
    this.name = 'PaymentFailedError';
  }
}

/** The card form is incomplete or wrong: its fields show why, nothing was sent. */
export class CardFormError extends Error {
  constructor() {
    super(messages.fillRequired);
    this.name = 'CardFormError';
  }
}

const cardMessages = { number: messages.cardNumberInvalid, expiry: messages.cardExpiryInvalid, cvc: messages.cardCvcInvalid } as const;

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

interface IntentAnswer {
  id: string;
  client_secret: string;
  status: string;
  amount: number;
}

/**
 * Pays a pending card order (issue 6, steps b–d): the provider customer, the order's one intent
 * for its repriced total (the same intent on every retry), then the confirmation in the browser —
 * the test card form and its 3-D Secure dialog, or Stripe.js. An intent that already succeeded
 * (a retry after a lost PUT) is not confirmed again.
 * @returns the intent id, for PUT /v2/public/checkout/. @throws PaymentFailedError, ApiCallError.
 */
export async function payOrderByCard(order: {
  orderId: number;
  /** The order's secret from POST /checkout/: proves the order to stripe-payment-intent (issue 17). */
  secret: string;
  total: number;
  customer: { email: string; first_name: string; last_name: string; phone: string };
}): Promise<string> {
  const config = await loadPaymentConfig();
  const checkout = useCheckoutStore.getState();
  const { customer } = await callApi<{ customer: string }>('POST', '/v2/public/checkout/stripe-customer', {
    email: order.customer.email,
    name: `${order.customer.first_name} ${order.customer.last_name}`.trim(),
    phone: order.customer.phone,
  });
  const intent = await callApi<IntentAnswer>('POST', '/v2/public/checkout/stripe-payment-intent', {
    order_id: order.orderId,
    customer_id: customer,
    amount: order.total,
    payment_intent_id: checkout.card?.payment_intent_id ?? null,
    secret: order.secret,
  });
  const card: CardPaymentData = { client_secret: intent.client_secret, customer_id: customer, payment_intent_id: intent.id, amount: intent.amount };
  checkout.setCard(card);
  if (intent.status === 'succeeded') return intent.id;

  if (config.provider === 'stripe') {
    const outcome = await confirmStripePayment(intent.client_secret, `${window.location.origin}/checkout?tab=confirmation`);
    if (outcome === 'failed') throw new PaymentFailedError();
    return intent.id;
  }
  const form = useTestCardStore.getState();
  let result = await callApi<{ status: string; next_action: string | null }>('POST', '/v2/public/checkout/test-processor/confirm', {
    client_secret: intent.client_secret,
    number: form.number,
    expiry: form.expiry,
    cvc: form.cvc,
  });
  if (result.next_action === 'authenticate') {
    const approved = await useAuthenticationStore.getState().ask();
    result = await callApi('POST', '/v2/public/checkout/test-processor/authenticate', { client_secret: intent.client_secret, approve: approved });
  }
  if (result.status !== 'succeeded') throw new PaymentFailedError();
  return intent.id;
}
