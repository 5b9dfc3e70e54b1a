import { describe, expect, test } from 'vitest';
import { eventTypeOfAction, eventTypeOfStatus, orderEventTypes } from './order-events.ts';
import { orderActions, orderStatuses, transition } from './order-lifecycle.ts';

describe('order event types (docs/decisions/019-the-orders-life.md)', () => {
  test('each action writes its own event type, one of the list', () => {
    const types = orderActions.map(eventTypeOfAction);
    expect(new Set(types).size).toBe(orderActions.length);
    for (const type of types) expect(orderEventTypes).toContain(type);
    expect(eventTypeOfAction('delay')).toBe('delayed');
    expect(eventTypeOfAction('mark_ready')).toBe('ready');
  });

  test('an allowed action that changes the status writes the event named after the status reached (delay and auto_reject apart)', () => {
    for (const status of orderStatuses)
      for (const paymentMethod of ['cash', 'card'] as const)
        for (const action of orderActions) {
          const step = transition({ status, paymentMethod }, action);
          if (!step.ok || action === 'delay' || action === 'auto_reject') continue;
          expect(eventTypeOfAction(action)).toBe(eventTypeOfStatus(step.to));
        }
  });

  test('a past history: pending is placed, other statuses keep their names', () => {
    expect(eventTypeOfStatus('pending')).toBe('placed');
    for (const status of orderStatuses.filter((s) => s !== 'pending')) expect(eventTypeOfStatus(status)).toBe(status);
  });
});
