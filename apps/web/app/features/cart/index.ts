/**
 * The cart (lines, coupon, totals; the /menu and /checkout screens of section 2 of the specification): what the routes and the other features use of it.
 * Its state lives in cart-store.ts, imported directly.
 */
export { CartBar, CartPanel } from './cart-loaders.ts';
export { EmptyCart } from './empty-cart.tsx';
export { CouponField } from './coupon-field.tsx';
export { TotalsRecap } from './totals-recap.tsx';
export { OtherTypePrice } from './other-type-price.tsx';
export { priceCart, useCartTotals, type PricingData } from './use-cart-totals.ts';
