import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  availableActions,
  awaitsAcceptance,
  boardColumn,
  isFinal,
  needsRefund,
  orderActions,
  orderStatuses,
  refusalReasonText,
  trackingStep,
  transition,
  type OrderAction,
  type OrderStatus,
  type PaymentMethod,
} from './order-lifecycle.ts';

/**
 * The whole machine as a table: for each payment method, each status and each action, the status
 * reached or '—' when refused. Read a row as "a <method> order in <status>, after <action>".
 */
const table: Record<PaymentMethod, Record<OrderStatus, Record<OrderAction, OrderStatus | '—'>>> = {
  cash: {
    //        pay   accept      delay       mark_ready  complete     reject      cancel       auto_reject
    pending: { pay: '—', accept: 'accepted', delay: '—', mark_ready: '—', complete: '—', reject: 'rejected', cancel: '—', auto_reject: 'rejected' },
    paid: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: '—', reject: '—', cancel: '—', auto_reject: '—' },
    accepted: { pay: '—', accept: '—', delay: 'accepted', mark_ready: 'ready', complete: 'completed', reject: '—', cancel: 'cancelled', auto_reject: '—' },
    ready: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: 'completed', reject: '—', cancel: 'cancelled', auto_reject: '—' },
    completed: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: '—', reject: '—', cancel: '—', auto_reject: '—' },
    rejected: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: '—', reject: '—', cancel: '—', auto_reject: '—' },
    cancelled: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: '—', reject: '—', cancel: '—', auto_reject: '—' },
  },
  card: {
    pending: { pay: 'paid', accept: '—', delay: '—', mark_ready: '—', complete: '—', reject: '—', cancel: '—', auto_reject: '—' },
    paid: { pay: '—', accept: 'accepted', delay: '—', mark_ready: '—', complete: '—', reject: 'rejected', cancel: '—', auto_reject: 'rejected' },
    accepted: { pay: '—', accept: '—', delay: 'accepted', mark_ready: 'ready', complete: 'completed', reject: '—', cancel: 'cancelled', auto_reject: '—' },
    ready: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: 'completed', reject: '—', cancel: 'cancelled', auto_reject: '—' },
    completed: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: '—', reject: '—', cancel: '—', auto_reject: '—' },
    rejected: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: '—', reject: '—', cancel: '—', auto_reject: '—' },
    cancelled: { pay: '—', accept: '—', delay: '—', mark_ready: '—', complete: '—', reject: '—', cancel: '—', auto_reject: '—' },
  },
};

describe('the order state machine (docs/decisions/019)', () => {
  for (const paymentMethod of ['cash', 'card'] as const)
    for (const status of orderStatuses)
      for (const action of orderActions) {
        const expected = table[paymentMethod][status][action];
        it(`${paymentMethod} ${status} + ${action} → ${expected}`, () => {
          const result = transition({ status, paymentMethod }, action);
          if (expected === '—') expect(result.ok).toBe(false);
          else expect(result).toEqual({ ok: true, from: status, to: expected });
        });
      }

  it('says why a refusal happened', () => {
    expect(transition({ status: 'pending', paymentMethod: 'card' }, 'accept')).toEqual({ ok: false, from: 'pending', reason: 'awaiting_payment' });
    expect(transition({ status: 'pending', paymentMethod: 'cash' }, 'pay')).toEqual({ ok: false, from: 'pending', reason: 'wrong_method' });
    expect(transition({ status: 'completed', paymentMethod: 'cash' }, 'cancel')).toEqual({ ok: false, from: 'completed', reason: 'not_allowed' });
  });

  const anyOrder = fc.record({ status: fc.constantFrom(...orderStatuses), paymentMethod: fc.constantFrom<PaymentMethod>('cash', 'card') });
  const anyActions = fc.array(fc.constantFrom(...orderActions), { maxLength: 12 });

  it('never leaves a final status, whatever happens next', () => {
    fc.assert(
      fc.property(anyOrder, anyActions, (order, actions) => {
        let state = order;
        for (const action of actions) {
          const result = transition(state, action);
          if (isFinal(state.status)) expect(result.ok).toBe(false);
          if (result.ok) state = { ...state, status: result.to };
        }
      }),
    );
  });

  it('never moves an order back towards the start, and a cash order is never paid', () => {
    const rank: Record<OrderStatus, number> = { pending: 0, paid: 1, accepted: 2, ready: 3, completed: 4, rejected: 4, cancelled: 4 };
    fc.assert(
      fc.property(anyOrder, fc.constantFrom(...orderActions), (order, action) => {
        const result = transition(order, action);
        if (!result.ok) return;
        expect(rank[result.to]).toBeGreaterThanOrEqual(rank[order.status]);
        if (order.paymentMethod === 'cash') expect(result.to).not.toBe('paid');
      }),
    );
  });

  it('offers on the board exactly the staff actions the machine allows', () => {
    fc.assert(
      fc.property(anyOrder, (order) => {
        for (const action of availableActions(order)) expect(transition(order, action).ok).toBe(true);
        expect(availableActions(order).length === 0).toBe(isFinal(order.status) || boardColumn(order) === null);
      }),
    );
    expect(availableActions({ status: 'pending', paymentMethod: 'cash' })).toEqual(['accept', 'reject']);
    expect(availableActions({ status: 'accepted', paymentMethod: 'card' })).toEqual(['delay', 'mark_ready', 'complete', 'cancel']);
  });

  it('shows each order in one column, a card order only once paid', () => {
    expect(boardColumn({ status: 'pending', paymentMethod: 'card' })).toBeNull();
    expect(boardColumn({ status: 'pending', paymentMethod: 'cash' })).toBe('new');
    expect(boardColumn({ status: 'paid', paymentMethod: 'card' })).toBe('new');
    expect(boardColumn({ status: 'accepted', paymentMethod: 'cash' })).toBe('in_progress');
    expect(boardColumn({ status: 'ready', paymentMethod: 'cash' })).toBe('ready');
    for (const status of ['completed', 'rejected', 'cancelled'] as const) expect(boardColumn({ status, paymentMethod: 'card' })).toBe('done');
    expect(awaitsAcceptance({ status: 'paid', paymentMethod: 'cash' })).toBe(false);
  });

  it('refunds a paid card order that ends rejected or cancelled, nothing else', () => {
    expect(needsRefund({ status: 'paid', paymentMethod: 'card', wasPaid: true }, 'rejected')).toBe(true);
    expect(needsRefund({ status: 'ready', paymentMethod: 'card', wasPaid: true }, 'cancelled')).toBe(true);
    expect(needsRefund({ status: 'accepted', paymentMethod: 'card', wasPaid: true }, 'completed')).toBe(false);
    expect(needsRefund({ status: 'pending', paymentMethod: 'cash', wasPaid: false }, 'rejected')).toBe(false);
  });

  it('reads statuses as the customer’s steps', () => {
    expect(trackingStep({ status: 'pending', paymentMethod: 'card' })).toBe('awaiting_payment');
    expect(trackingStep({ status: 'pending', paymentMethod: 'cash' })).toBe('received');
    expect(trackingStep({ status: 'paid', paymentMethod: 'card' })).toBe('received');
    expect(trackingStep({ status: 'cancelled', paymentMethod: 'card' })).toBe('refused');
  });

  it('gives the reason a customer reads, staff’s own words for “autre”', () => {
    expect(refusalReasonText('product_sold_out', null)).toBe('Produit épuisé');
    expect(refusalReasonText('other', '  Four en panne ')).toBe('Four en panne');
    expect(refusalReasonText('other', '   ')).toBe('Autre');
  });
});
