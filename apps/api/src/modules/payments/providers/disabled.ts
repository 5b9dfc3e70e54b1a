import { ProviderError, WebhookSignatureError, type PaymentProvider, type ProviderEvent, type ProviderIntent, type ProviderRefund } from './types.ts';

/**
 * No card payments (docs/decisions/014): production without Stripe keys and without
 * PAYMENT_TEST_MODE=1. Card orders are refused (422) before any of these calls, the public
 * settings say `payments.stripe.active: false`; a call that still comes answers 502, a webhook 400.
 */
export class DisabledPaymentProvider implements PaymentProvider {
  readonly name = 'none' as const;
  readonly publishableKey = null;

  private refuse<T>(): Promise<T> {
    return Promise.reject(new ProviderError('paiement par carte désactivé'));
  }

  createCustomer(): Promise<{ id: string }> {
    return this.refuse();
  }
  createIntent(): Promise<ProviderIntent> {
    return this.refuse();
  }
  updateIntent(): Promise<ProviderIntent> {
    return this.refuse();
  }
  retrieveIntent(): Promise<ProviderIntent> {
    return this.refuse();
  }
  /** No provider to refund through: refused (recorded as a failed refund staff see). */
  refund(): Promise<ProviderRefund> {
    return Promise.reject(new ProviderError('paiement par carte désactivé : remboursement impossible', undefined, true));
  }
  verifyWebhook(): Promise<ProviderEvent> {
    return Promise.reject(new WebhookSignatureError('paiement par carte désactivé'));
  }
}
