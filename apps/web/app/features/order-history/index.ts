/** Every past order (/restaurant/commandes/historique; docs/decisions/034-order-history.md): what the routes use. */
export { OrderHistoryPageView } from './history-page.tsx';
export { HistoryOrderView } from './history-order.tsx';
export { historyApiQuery, historyHref, historyQueryOf } from './history-query.ts';
