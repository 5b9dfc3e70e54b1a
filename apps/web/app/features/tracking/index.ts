/**
 * The customer's status page `/suivi?commande=<secret>` (issue 13, part 7): what the route uses of
 * it. The words and the stepper come from tracking-display.ts, the live updates from
 * use-live-tracking.ts.
 */
export { TrackingPage } from './tracking-page.tsx';
export { trackingPath } from './tracking-path.ts';
