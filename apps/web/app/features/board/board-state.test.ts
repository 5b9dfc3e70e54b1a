import { describe, expect, test } from 'vitest';
import { BoardOrderSchema, type BoardEventData, type BoardOrder, type BoardState, type OrderEventView } from '@resto/contract/board';
import { availableActions, boardColumn, type OrderStatus } from '@resto/domain/order-lifecycle';
import { applyEvent, applyFullState, applyOrder, emptyBoard, orderVersion, ordersByColumn, unopenedOrders, type BoardData } from './board-state.ts';

/** docs/decisions/021: the board applies events by id, ignores those it has, and a full state never takes it back in time. */

/** An event of order `orderId` with id `id` taking it to `to`. */
function event(id: number, orderId: number, to: OrderStatus): OrderEventView {
  return {
    id,
    order_id: orderId,
    type: to === 'pending' ? 'placed' : to,
    from_status: null,
    to_status: to,
    actor: 'staff',
    actor_name: null,
    reason: null,
    reason_text: null,
    ready_at: null,
    at: new Date(Date.UTC(2026, 10, 24, 11, 30) + id * 1000).toISOString(),
  };
}

/** A cash order in `status` whose events have the ids `eventIds` (the last one takes it to `status`). */
function order(orderId: number, status: OrderStatus, eventIds: number[], overrides: Partial<BoardOrder> = {}): BoardOrder {
  const lifecycle = { status, paymentMethod: 'cash' as const };
  return BoardOrderSchema.parse({
    order_id: orderId,
    status,
    column: boardColumn(lifecycle),
    available_actions: availableActions(lifecycle),
    is_pickup: true,
    is_scheduled: false,
    delivery_date: null,
    delivery_time_range: null,
    location: null,
    payment_method: 'cash',
    meal_voucher: false,
    meal_voucher_amount: 0,
    payment_test_mode: false,
    customer: { first_name: 'Marie', last_name: 'Dupont', email: 'marie@example.fr', phone: '+33612345678' },
    created_at: '2026-11-24T11:30:00.000Z',
    subtotal: 20,
    discount: 0,
    coupon: 0,
    delivery: 0,
    tax: 1.82,
    total: 20,
    tax_by_rate: [],
    coupon_code: null,
    applied_offers: [],
    free_items: [],
    items: [],
    placed_at: '2026-11-24T11:30:00.000Z',
    ready_at: null,
    opened_at: null,
    ticket_printed_at: null,
    reason: null,
    reason_text: null,
    refund: null,
    refunds: [],
    refund_left: 0,
    refundable: false,
    refundable_lines: [],
    payments: { total: 20, paid: 0, due: 20, summary: null, voucher_cap: 0, payable: true, lines: [] },
    events: eventIds.map((id, index) => event(id, orderId, index === eventIds.length - 1 ? status : 'pending')),
    print_jobs: [],
    source: 'online',
    revision: 0,
    changeable: false,
    changes: [],
    ...overrides,
  });
}

const state = (orders: BoardOrder[], lastEventId: number): BoardState => ({ orders, last_event_id: lastEventId, server_time: '2026-11-24T11:31:00.000Z' });
const sse = (o: BoardOrder, to: OrderStatus = o.status): BoardEventData => ({ event: event(orderVersion(o), o.order_id, to), order: o });

describe('a full state', () => {
  test('loads every order and the id the stream resumes after', () => {
    const board = applyFullState(emptyBoard, state([order(1, 'pending', [10]), order(2, 'accepted', [11, 12])], 12));
    expect(board.loaded).toBe(true);
    expect(board.lastEventId).toBe(12);
    expect(Object.keys(board.orders).map(Number)).toEqual([1, 2]);
  });

  test('replaces what the board had, and drops orders the server no longer lists', () => {
    let board = applyFullState(emptyBoard, state([order(1, 'pending', [10]), order(2, 'completed', [11, 12])], 12));
    board = applyFullState(board, state([order(1, 'accepted', [10, 13])], 13));
    expect(board.orders[1]?.status).toBe('accepted');
    expect(board.orders[2]).toBeUndefined();
  });

  test('an older state does not undo an event that arrived while it was on its way', () => {
    let board = applyFullState(emptyBoard, state([order(1, 'pending', [10])], 10));
    board = applyEvent(board, 11, sse(order(1, 'accepted', [10, 11])));
    board = applyEvent(board, 12, sse(order(3, 'pending', [12])));
    // A state computed at event 10, answered after events 11 and 12 were shown.
    board = applyFullState(board, state([order(1, 'pending', [10])], 10));
    expect(board.orders[1]?.status).toBe('accepted');
    expect(board.orders[3]?.status).toBe('pending');
    expect(board.lastEventId).toBe(12);
  });

  test('a state computed before /opened answered keeps the order opened (no ringing again)', () => {
    let board = applyFullState(emptyBoard, state([order(1, 'pending', [10])], 10));
    board = applyOrder(board, order(1, 'pending', [10], { opened_at: '2026-11-24T11:31:00.000Z' }));
    board = applyFullState(board, state([order(1, 'pending', [10])], 10));
    expect(board.orders[1]?.opened_at).toBe('2026-11-24T11:31:00.000Z');
    expect(unopenedOrders(board)).toEqual([]);
  });
});

describe('events', () => {
  test('a new order appears and moves the resume id', () => {
    const board = applyEvent(applyFullState(emptyBoard, state([], 5)), 6, sse(order(7, 'pending', [6])));
    expect(board.orders[7]?.column).toBe('new');
    expect(board.lastEventId).toBe(6);
    expect(unopenedOrders(board).map((o) => o.order_id)).toEqual([7]);
  });

  test('an id already applied is ignored, even with other data', () => {
    let board = applyFullState(emptyBoard, state([], 5));
    board = applyEvent(board, 6, sse(order(7, 'pending', [6])));
    const again = applyEvent(board, 6, { event: event(6, 7, 'accepted'), order: order(7, 'accepted', [6]) });
    expect(again).toBe(board);
  });

  test('an event already inside the last full state is ignored (a resumed stream replays it)', () => {
    let board = applyFullState(emptyBoard, state([order(1, 'accepted', [4, 9])], 9));
    board = applyEvent(board, 4, sse(order(1, 'pending', [4])));
    expect(board.orders[1]?.status).toBe('accepted');
    // An order the state no longer lists (finished yesterday) does not come back by a replayed event.
    board = applyEvent(board, 8, sse(order(2, 'completed', [3, 8])));
    expect(board.orders[2]).toBeUndefined();
  });

  test('an event older than the board’s copy of its order does not take it back', () => {
    let board = applyFullState(emptyBoard, state([], 5));
    board = applyOrder(board, order(7, 'accepted', [6, 8]));
    board = applyEvent(board, 6, sse(order(7, 'pending', [6])));
    expect(board.orders[7]?.status).toBe('accepted');
  });

  test('out of order and duplicated delivery ends on the newest copy, whatever the order', () => {
    const versions = [order(7, 'pending', [6]), order(7, 'accepted', [6, 7]), order(7, 'ready', [6, 7, 8]), order(7, 'completed', [6, 7, 8, 9])];
    const permutations = [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [1, 3, 0, 2, 3, 1],
      [2, 0, 3, 3, 1],
    ];
    for (const permutation of permutations) {
      let board = applyFullState(emptyBoard, state([], 5));
      for (const index of permutation) {
        const copy = versions[index];
        if (copy) board = applyEvent(board, orderVersion(copy), sse(copy));
      }
      expect(board.orders[7]?.status, permutation.join(',')).toBe('completed');
      expect(board.lastEventId).toBe(9);
    }
  });

  test('an event without an order (no longer the board’s) removes it', () => {
    let board = applyFullState(emptyBoard, state([order(7, 'pending', [6])], 6));
    board = applyEvent(board, 7, { event: event(7, 7, 'pending'), order: null });
    expect(board.orders[7]).toBeUndefined();
  });

  test('a full state after events forgets their ids but keeps ignoring them', () => {
    let board = applyFullState(emptyBoard, state([], 5));
    board = applyEvent(board, 6, sse(order(7, 'pending', [6])));
    board = applyEvent(board, 7, sse(order(8, 'pending', [7])));
    board = applyFullState(board, state([order(7, 'pending', [6]), order(8, 'pending', [7])], 7));
    expect(board.appliedEventIds).toEqual([]);
    expect(applyEvent(board, 7, sse(order(8, 'accepted', [7])))).toBe(board);
  });
});

describe('answers of the screen’s own calls', () => {
  test('a 409’s payload (the order as it is now) replaces a stale card', () => {
    let board = applyFullState(emptyBoard, state([order(1, 'pending', [10])], 10));
    board = applyOrder(board, order(1, 'rejected', [10, 11]));
    expect(board.orders[1]?.status).toBe('rejected');
    expect(board.orders[1]?.column).toBe('done');
  });

  test('an answer older than what an event already showed is ignored', () => {
    let board = applyFullState(emptyBoard, state([order(1, 'pending', [10])], 10));
    board = applyEvent(board, 12, sse(order(1, 'ready', [10, 11, 12])));
    const after = applyOrder(board, order(1, 'accepted', [10, 11]));
    expect(after).toBe(board);
  });
});

describe('columns', () => {
  test('each order in its column: new oldest first, in preparation by ready time, done latest first', () => {
    const board: BoardData = applyFullState(
      emptyBoard,
      state(
        [
          order(1, 'pending', [1], { placed_at: '2026-11-24T11:40:00.000Z' }),
          order(2, 'pending', [2], { placed_at: '2026-11-24T11:35:00.000Z' }),
          order(3, 'accepted', [3, 10], { ready_at: '2026-11-24T12:10:00.000Z' }),
          order(4, 'accepted', [4, 11], { ready_at: '2026-11-24T12:00:00.000Z' }),
          order(5, 'ready', [5, 12]),
          order(6, 'completed', [6, 13]),
          order(7, 'rejected', [7, 14]),
        ],
        14,
      ),
    );
    const columns = ordersByColumn(board);
    expect(columns.new.map((o) => o.order_id)).toEqual([2, 1]);
    expect(columns.in_progress.map((o) => o.order_id)).toEqual([4, 3]);
    expect(columns.ready.map((o) => o.order_id)).toEqual([5]);
    expect(columns.done.map((o) => o.order_id)).toEqual([7, 6]);
  });
});
