/**
 * Phone orders (docs/decisions/036-phone-orders.md): the screen where staff take an order for a
 * customer who calls, /restaurant/commandes/nouvelle. What the route uses of this feature.
 */
export { PhoneOrderPage } from './phone-order-page.tsx';
