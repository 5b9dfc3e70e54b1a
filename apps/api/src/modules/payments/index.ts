/**
 * The front door of the `payments` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * Card payments (docs/decisions/007-card-payments.md): the payments' rows and the providers.
 */
export { startFakeStripeApi } from './providers/fake-stripe-api.ts';
export type { FakeStripeApi } from './providers/fake-stripe-api.ts';
export { StripeProvider } from './providers/stripe.ts';
export { TestProcessor } from './providers/test-processor.ts';
export { ProviderError } from './providers/types.ts';
export type { PaymentProvider } from './providers/types.ts';
export { findPaymentByOrder } from './repository.ts';
