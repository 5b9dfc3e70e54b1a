/** Capacity per 15-minute slot (docs/decisions/023): the owner's page and the picker's full slots. */
export { CapacityPage } from './capacity-page.tsx';
export { useFullSlots } from './use-full-slots.ts';
