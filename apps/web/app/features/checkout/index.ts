/**
 * The checkout's tabs (type, personal, delivery, payment, confirmation: section 2 of the specification): what the
 * checkout route uses of this feature. Its state lives in checkout-store.ts, imported directly.
 */
export { CartSummary } from './cart-summary.tsx';
export { ConfirmationTab } from './confirmation-tab.tsx';
export { DeliveryTab } from './delivery-tab.tsx';
export { PaymentTab } from './payment-tab.tsx';
export { PersonalTab } from './personal-tab.tsx';
export { RepricingNotice } from './repricing-notice.tsx';
export { TabsNav } from './tabs-nav.tsx';
export { TypeTab } from './type-tab.tsx';
export { useScheduleGuard } from './use-schedule-guard.ts';
export { SoldOutNotice } from './sold-out-notice.tsx';
export { SchedulePicker, type ScheduleValue } from './schedule-picker.tsx';
