/**
 * The customer's place (delivery address or pickup point, chosen on /menu and /checkout): what the routes and the
 * other features use of this feature. Its state lives in location-store.ts, imported directly.
 */
export { LocationPanel, preloadLocationDialog } from './location-panel.tsx';
export { fetchDistanceRecord, LocationSearch } from './location-search.tsx';
export { PickupPoint } from './pickup-point.tsx';
