/**
 * The customer's status page `/suivi?commande=<secret>` (docs/decisions/019): what the route uses of
 * it. The words and the stepper come from tracking-display.ts, the live updates from
 * use-live-tracking.ts.
 */
export { TrackingPage } from './tracking-page.tsx';
export { trackingPath } from './tracking-path.ts';
