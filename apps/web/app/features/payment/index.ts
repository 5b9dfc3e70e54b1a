/**
 * Card payment (the checkout's payment tab, section 2 of the specification, and the calls of section 7): what the checkout uses of this
 * feature. The test card's state lives in test-card-store.ts, imported directly.
 */
export { CardFormError, PaymentFailedError, confirmCardIntent, payOrderByCard, prepareCardPayment } from './card-payment.ts';
export { CardSection } from './card-section.tsx';
export { loadPaymentConfig } from './payment-config.ts';
