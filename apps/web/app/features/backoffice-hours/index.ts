export { HoursPage } from './hours-page.tsx';
export { OrderingBanner } from './ordering-banner.tsx';
export { OrderingControls } from './ordering-controls.tsx';
