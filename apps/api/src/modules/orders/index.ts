/**
 * The front door of the `orders` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * Orders (docs/decisions/019-the-orders-life.md): their rows, their view, their numbering, and their events (orders/events.ts), which orders write and the board, the live hub and the escalation read.
 */
export { appendOrderEvent, appendOrderEvents, orderEventsChannel } from './events.ts';
export type { OrderEventRow } from './events.ts';
export { numberPlacedOrder } from '../../db/document-numbers.ts';
export { toOrderView } from './order-view.ts';
export { countReceiptEdition, findOrder, findOrderBySecret, findOrderLines, findStatusHistories, findTestModeOrders, insertPastOrders } from './repository.ts';
export type { OrderMailOutbox, OrderOrigin } from './service.ts';
export type { ChangedOrderLine, ChangedOrderRow, OrderChange, PreparedChange } from './service.ts';
export { replaceOrderContent } from './repository.ts';
