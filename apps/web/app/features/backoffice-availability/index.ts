export { AvailabilityPage } from './availability-page.tsx';
