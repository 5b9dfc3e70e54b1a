/** The books (docs/decisions/031-the-books.md): what other modules and the server's start may use. */
export { closeDaysThrough, type ClosedDay, type CloseOptions } from './closures.ts';
export { appendEntry, openJournal, rotateKey, type Chain, type NewEntry, type Operator } from './journal.ts';
export { loadSigner, signingKeySecret } from './keys.ts';
export { type BooksSigner } from './signing.ts';
export { describeReport, verifyJournal, type VerificationReport } from './verify.ts';
export { BooksService } from './service.ts';
export {
  findOrderPayments,
  recordCancellation,
  recordCardRefund,
  recordCounterPayments,
  recordLinkPayment,
  recordOrderChange,
  recordPartialRefund,
  recordReversal,
  recordSale,
  recordSaleOf,
  type BooksWrite,
  type OrderPaymentEntry,
} from './sales.ts';
