/**
 * The French catalogue: every sentence a visitor can read, shared by the API (error envelopes),
 * the storefront (screens) and the e-mails; the product speaks French only.
 *
 * Organised by feature in packages/domain/src/messages/<feature>.ts (account, cart, checkout,
 * delivery, errors, legal, mail, menu, orders, payment, pwa, receipts, site); each file holds the API's
 * messages of its feature and the texts of its screens (`<screen>Texts`, one object per component).
 * `messages` composes the API's messages of every feature under their historical flat keys, so
 * `messages.someKey` reads the same wherever it is used; a key lives in exactly one feature
 * (messages.test.ts checks it).
 */
import { accountMessages } from './messages/account.ts';
import { offerMessages } from './messages/cart.ts';
import { orderMessages } from './messages/orders.ts';
import { deliveryMessages } from './messages/delivery.ts';
import { requestMessages } from './messages/errors.ts';
import { paymentMessages } from './messages/payment.ts';
import { pwaMessages } from './messages/pwa.ts';
import { receiptMessages } from './messages/receipts.ts';
import { errorPageMessages } from './messages/site.ts';

/** The parts of `messages`, by feature (the catalogue test checks that no key is in two of them). */
export const messageParts = {
  requestMessages,
  accountMessages,
  orderMessages,
  paymentMessages,
  deliveryMessages,
  offerMessages,
  errorPageMessages,
  pwaMessages,
  receiptMessages,
} as const;

/** Every API and domain message under its flat key: `messages.pricesChanged`, `messages.tooManyAttempts(5)`. */
export const messages = {
  ...requestMessages,
  ...accountMessages,
  ...orderMessages,
  ...paymentMessages,
  ...deliveryMessages,
  ...offerMessages,
  ...errorPageMessages,
  ...pwaMessages,
  ...receiptMessages,
} as const;

export { orderStatusLabels } from './messages/account.ts';
export { paymentTexts } from './messages/payment.ts';
