import { lazyWithPreload } from 'react-lazy-with-preload';

/**
 * The product dialog in its own chunk (docs/decisions/027: /menu's first load holds what the menu shows,
 * not the dialogs): rendered inside a Suspense boundary; `ProductDialog.preload()` fetches it
 * ahead, when a dish is pointed at or focused and once the menu is idle, so opening one stays instant.
 */
export const ProductDialog = /* @__PURE__ */ lazyWithPreload(() => import('./product-dialog.tsx').then((m) => ({ default: m.ProductDialog })));
