/** The customer's card payment page of a payment link, /payer/<token> (docs/decisions/038). */
export { PayLinkPage } from './pay-link-page.tsx';
