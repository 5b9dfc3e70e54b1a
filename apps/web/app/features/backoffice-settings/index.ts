/**
 * The back office's settings and delivery pages (docs/decisions/023): sections that each
 * save through PATCH /v2/restaurant/settings (settings-section.tsx).
 */
export { DeliveryPage } from './delivery-page.tsx';
export { SettingsPage } from './settings-page.tsx';
