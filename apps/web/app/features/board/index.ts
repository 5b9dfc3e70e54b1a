/**
 * The restaurant's orders board and kitchen ticket (issue 13, parts 2 to 6): what the routes use
 * of it. Its state lives in board-store.ts (pure rules in board-state.ts).
 */
export { BoardPage } from './board-page.tsx';
export { TicketPage } from './ticket-page.tsx';
