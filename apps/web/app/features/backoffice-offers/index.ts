export { OffersPage } from './offers-page.tsx';
