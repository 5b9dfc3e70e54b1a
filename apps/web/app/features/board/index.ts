/**
 * The restaurant's orders board and kitchen ticket (docs/decisions/019, 021 and 022): what the routes use
 * of it. Its state lives in board-store.ts (pure rules in board-state.ts).
 */
export { BoardPage } from './board-page.tsx';
export { TicketPage } from './ticket-page.tsx';
