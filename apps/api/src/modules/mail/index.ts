/**
 * The front door of the `mail` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * E-mails (docs/decisions/006-accounts-sessions-mail.md): the service, the outbox's rows, the templates and the transport.
 */
export { escapeHtml } from './escape.ts';
export { deleteMailsTo, insertMails } from './repository.ts';
export type { NewOutboxMail } from './repository.ts';
export { MailService, outboxMessage } from './service.ts';
export type { MailOrder, MailOrderLine } from './service.ts';
export { orderChangeMail, orderStatusMail, partialRefundMail, paymentLinkMailOf } from './templates.ts';
export { unpackMailBody } from './outbox-body.ts';
export type { OrderStatusMailData, PartialRefundMailData, PaymentLinkMailData, RestaurantContacts } from './templates.ts';
export { createMailTransport } from './transport.ts';
export type { MailMessage } from './transport.ts';
