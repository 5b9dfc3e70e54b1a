import type { BoardEventData, BoardOrder, BoardState } from '@resto/contract/board';
import { boardColumns, type BoardColumn } from '@resto/domain/order-lifecycle';

/**
 * The board's knowledge of the orders (docs/decisions/021: "never miss an event"), as pure
 * functions over an immutable value, so the rules are tested without a browser
 * (board-state.test.ts). Three sources feed it, in any order:
 * - a full state (GET /v2/restaurant/orders, a `BoardState`): on load, every 30 s, when the tab
 *   comes back to view or the network comes back;
 * - the SSE events (`order`, id = the `order_events` row's id, data = `BoardEventData`);
 * - the answers of this screen's own calls (an action, /opened, /ticket-printed, a 409's payload).
 *
 * Each order carries its `version`: the highest id of its events (`BoardOrder.events`). Ids are
 * taken in commit order (apps/api/src/modules/orders/events.ts), so a higher version is a newer
 * order: whatever arrives, the newer copy wins and nothing goes back in time. An event whose id
 * was already applied, or older than what the board already reflects for its order, is ignored.
 */
export interface BoardData {
  /** The orders on the board, by id. */
  orders: Readonly<Record<number, BoardOrder>>;
  /** The highest event id the board reflects: where the SSE stream resumes (`?after=`). */
  lastEventId: number;
  /** The `last_event_id` of the latest full state: events up to it are in that state already. */
  baseEventId: number;
  /** Ids of the events applied since the last full state above them (dedupe; pruned on resync). */
  appliedEventIds: readonly number[];
  /** Whether a full state was loaded at least once. */
  loaded: boolean;
}

export const emptyBoard: BoardData = { orders: {}, lastEventId: 0, baseEventId: 0, appliedEventIds: [], loaded: false };

/** An order's version: the highest id among its events (0 without events). */
export function orderVersion(order: BoardOrder): number {
  let version = 0;
  for (const event of order.events) if (event.id > version) version = event.id;
  return version;
}

/**
 * The copy to keep of an order, `current` (the board's) or `incoming`: the newer one. At the same
 * version `incoming` wins, keeping the board's `opened_at` and `ticket_printed_at` when it lacks
 * them (an /opened answer sets `opened_at` without a new event, and a full state sent just before
 * it must not make the board ring again).
 */
function newer(incoming: BoardOrder, current: BoardOrder | undefined): BoardOrder {
  if (!current) return incoming;
  const incomingVersion = orderVersion(incoming);
  const currentVersion = orderVersion(current);
  if (incomingVersion > currentVersion) return incoming;
  if (incomingVersion < currentVersion) return current;
  return {
    ...incoming,
    opened_at: incoming.opened_at ?? current.opened_at,
    ticket_printed_at: incoming.ticket_printed_at ?? current.ticket_printed_at,
  };
}

/**
 * A full state from the server. Every order of the state replaces the board's copy unless the
 * board holds a newer one (an event that arrived while the state was on its way). An order the
 * state no longer lists leaves the board, unless the board's copy is newer than the state.
 */
export function applyFullState(board: BoardData, state: BoardState): BoardData {
  const orders: Record<number, BoardOrder> = {};
  for (const order of state.orders) {
    orders[order.order_id] = newer(order, board.orders[order.order_id]);
  }
  for (const current of Object.values(board.orders)) {
    if (orders[current.order_id] === undefined && orderVersion(current) > state.last_event_id) orders[current.order_id] = current;
  }
  const lastEventId = Math.max(board.lastEventId, state.last_event_id);
  const baseEventId = Math.max(board.baseEventId, state.last_event_id);
  return { orders, lastEventId, baseEventId, appliedEventIds: board.appliedEventIds.filter((id) => id > baseEventId), loaded: true };
}

/**
 * One SSE event. Ignored when its id was applied already or is in the latest full state, or when
 * the board's copy of the order is at least as new. `data.order === null` (an order no longer the
 * board's) removes it.
 */
export function applyEvent(board: BoardData, eventId: number, data: BoardEventData): BoardData {
  if (eventId <= board.baseEventId || board.appliedEventIds.includes(eventId)) return board;
  const orderId = data.event.order_id;
  const current = board.orders[orderId];
  const lastEventId = Math.max(board.lastEventId, eventId);
  const appliedEventIds = [...board.appliedEventIds, eventId];
  if (current && orderVersion(current) >= eventId) return { ...board, lastEventId, appliedEventIds };
  const orders = { ...board.orders };
  if (data.order === null) delete orders[orderId];
  else orders[orderId] = newer(data.order, current);
  return { ...board, orders, lastEventId, appliedEventIds };
}

/** An order as one of this screen's calls returned it (an action, /opened, /ticket-printed, a 409's payload). */
export function applyOrder(board: BoardData, order: BoardOrder): BoardData {
  const kept = newer(order, board.orders[order.order_id]);
  if (kept === board.orders[order.order_id]) return board;
  return { ...board, orders: { ...board.orders, [order.order_id]: kept } };
}

const time = (instant: string | null | undefined) => (instant ? Date.parse(instant) : Number.POSITIVE_INFINITY);

/**
 * The orders of each column, in the order the kitchen works them: new ones oldest first (the
 * one waiting longest on top), in preparation and ready by ready time, finished ones latest first.
 */
export function ordersByColumn(board: BoardData): Record<BoardColumn, BoardOrder[]> {
  const columns = Object.fromEntries(boardColumns.map((c) => [c, [] as BoardOrder[]])) as Record<BoardColumn, BoardOrder[]>;
  for (const order of Object.values(board.orders)) columns[order.column].push(order);
  const placed = (o: BoardOrder) => time(o.placed_at ?? o.created_at);
  columns.new.sort((a, b) => placed(a) - placed(b) || a.order_id - b.order_id);
  columns.in_progress.sort((a, b) => time(a.ready_at) - time(b.ready_at) || a.order_id - b.order_id);
  columns.ready.sort((a, b) => time(a.ready_at) - time(b.ready_at) || a.order_id - b.order_id);
  columns.done.sort((a, b) => orderVersion(b) - orderVersion(a) || b.order_id - a.order_id);
  return columns;
}

/** The new orders nobody opened yet: while there is one, the board rings (docs/decisions/019). */
export function unopenedOrders(board: BoardData): BoardOrder[] {
  return Object.values(board.orders).filter((o) => o.column === 'new' && o.opened_at === null);
}
