import type { PaymentConfig } from '@resto/contract/payments';
import { getPaymentConfig } from '@resto/contract/payments.routes';
import { api } from '../../lib/api.ts';

/** What the API tells the browser about card payments: the provider and Stripe's publishable key, nothing else. */
export type { PaymentConfig };

let config: Promise<PaymentConfig> | undefined;

/** GET /v2/public/checkout/payment-config once per page load (asked only when card is chosen). */
export function loadPaymentConfig(): Promise<PaymentConfig> {
  config ??= api.call(getPaymentConfig).catch((error: unknown) => {
    config = undefined; // a later attempt may succeed
    throw error;
  });
  return config;
}
