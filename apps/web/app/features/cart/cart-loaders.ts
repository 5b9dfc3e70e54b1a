import { lazyWithPreload } from 'react-lazy-with-preload';

/**
 * The cart's screens of /menu in their own chunks (docs/decisions/027: the menu's first load holds what an
 * empty cart shows): each rendered inside a Suspense boundary once the visitor's cart has lines.
 */
export const CartPanel = /* @__PURE__ */ lazyWithPreload(() => import('./cart-panel.tsx').then((m) => ({ default: m.CartPanel })));

/** The phone's cart bar and sheet (cart-bar.tsx), on demand like CartPanel. */
export const CartBar = /* @__PURE__ */ lazyWithPreload(() => import('./cart-bar.tsx').then((m) => ({ default: m.CartBar })));
