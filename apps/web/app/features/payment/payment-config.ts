import { callApi } from '../../lib/api-client.ts';

/** What the API tells the browser about card payments: the provider and Stripe's publishable key, nothing else. */
export interface PaymentConfig {
  provider: 'test' | 'stripe';
  publishable_key: string | null;
}

let config: Promise<PaymentConfig> | undefined;

/** GET /v2/public/checkout/payment-config once per page load (asked only when card is chosen). */
export function loadPaymentConfig(): Promise<PaymentConfig> {
  config ??= callApi<PaymentConfig>('GET', '/v2/public/checkout/payment-config').catch((error: unknown) => {
    config = undefined; // a later attempt may succeed
    throw error;
  });
  return config;
}
