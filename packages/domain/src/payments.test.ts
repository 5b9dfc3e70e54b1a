import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  canMoveOrderStatus,
  canMovePaymentStatus,
  checkIntentPaysOrder,
  intentProvesOrder,
  checkTestCard,
  intentAmountCents,
  parseExpiry,
  passesLuhn,
  readPaymentMethods,
  resolvePaymentMethod,
  testCardBehaviour,
  testCardRefundRefused,
  cardLast4,
  webhookAction,
  type IntentStatus,
} from './payments.ts';
import { StripePaymentIntentSchema } from './payment-schemas.ts';

/** Card payment rules (spec sections 3, 4, 7, 8; docs/decisions/007). */

describe('readPaymentMethods / resolvePaymentMethod (section 3 settings, section 4 "forced to card")', () => {
  const settings = (cod: boolean, stripe: boolean, paypal = false) => [
    { name: 'payments.cod.active', value: cod },
    { name: 'payments.stripe.active', value: stripe },
    { name: 'payments.paypal.active', value: paypal },
  ];
  test.each([
    [true, true, ['cash', 'card']],
    [true, false, ['cash']],
    [false, true, ['card']],
    [false, false, []],
  ] as const)('cod %s, stripe %s → %j', (cod, stripe, methods) => {
    expect(readPaymentMethods(settings(cod, stripe)).methods).toEqual(methods);
  });
  test('paypal is read, never offered', () => {
    expect(readPaymentMethods(settings(true, false, true))).toEqual({ methods: ['cash'], paypalRequested: true });
  });
  test.each([
    ['cash', ['cash', 'card'], 'cash'],
    ['card', ['cash', 'card'], 'card'],
    ['cash', ['card'], 'card'],
    ['card', ['cash'], 'cash'],
    ['cash', [], null],
  ] as const)('chosen %s among %j → %s', (chosen, offered, expected) => {
    expect(resolvePaymentMethod(chosen, offered)).toBe(expected);
  });
});

describe('intentAmountCents (section 7: amount in euros with 2 decimals)', () => {
  test.each([
    [25.9, 2590],
    [0.1 + 0.2, 30],
    [12, 1200],
    [1234.56, 123456],
    [0, null],
    [-5, null],
    [10.001, null],
    [Number.NaN, null],
  ])('%d € → %s cents', (euros, cents) => {
    expect(intentAmountCents(euros)).toBe(cents);
  });
  test('every whole number of cents round-trips', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => intentAmountCents(cents / 100) === cents));
  });
});

describe('statuses move forward only (docs/decisions/017, section 4: history; docs/decisions/007: out-of-order events)', () => {
  test.each([
    ['pending', 'paid', true],
    ['paid', 'pending', false],
    ['paid', 'paid', false],
    ['accepted', 'paid', false],
    ['pending', 'pending', false],
  ])('order %s → %s: %s', (from, to, allowed) => {
    expect(canMoveOrderStatus(from, to)).toBe(allowed);
  });
  test.each<[IntentStatus, IntentStatus, boolean]>([
    ['requires_payment_method', 'succeeded', true],
    ['requires_action', 'requires_payment_method', true],
    ['requires_payment_method', 'requires_action', true],
    ['succeeded', 'requires_payment_method', false],
    ['succeeded', 'succeeded', true],
    ['canceled', 'succeeded', false],
  ])('payment %s → %s: %s', (from, to, allowed) => {
    expect(canMovePaymentStatus(from, to)).toBe(allowed);
  });
});

describe('checkIntentPaysOrder (docs/decisions/007: never believe the browser)', () => {
  const order = { orderId: 1001, totalCents: 2590, intentId: 'pi_1' };
  const intent = { id: 'pi_1', status: 'succeeded' as IntentStatus, amountCents: 2590, currency: 'eur', metadata: { order_id: '1001' } };
  test.each([
    ['the succeeded intent of the order', {}, { ok: true }],
    ['an intent not succeeded', { status: 'requires_action' as IntentStatus }, { ok: false, reason: 'not_succeeded' }],
    ['one cent less', { amountCents: 2589 }, { ok: false, reason: 'amount_mismatch' }],
    ['another currency', { currency: 'usd' }, { ok: false, reason: 'currency_mismatch' }],
    ['EUR in capitals', { currency: 'EUR' }, { ok: true }],
    ['another order in metadata', { metadata: { order_id: '1002' } }, { ok: false, reason: 'other_order' }],
    ['no metadata', { metadata: {} }, { ok: false, reason: 'other_order' }],
    ['created without an order, bound to this one by the stored payment', { metadata: { awaiting_order: 'true' } }, { ok: true }],
    ['created without an order but naming another', { metadata: { awaiting_order: 'true', order_id: '1002' } }, { ok: false, reason: 'other_order' }],
    ['created without an order, one cent less', { metadata: { awaiting_order: 'true' }, amountCents: 2589 }, { ok: false, reason: 'amount_mismatch' }],
    ['another intent', { id: 'pi_2' }, { ok: false, reason: 'other_intent' }],
  ])('%s', (_name, change, expected) => {
    expect(checkIntentPaysOrder({ ...intent, ...change }, order)).toEqual(expected);
  });
});

describe('intentProvesOrder (docs/decisions/014: the intent id is a section 7 client’s proof of its order)', () => {
  const order = { orderId: 1001, paymentMethod: 'card', totalCents: 2590, transactionId: null };
  const paid = { id: 'pi_1', status: 'succeeded' as IntentStatus, amountCents: 2590, currency: 'eur', metadata: { order_id: '1001' } };
  const awaiting = { ...paid, metadata: { awaiting_order: 'true' } };
  const facts = { intentId: 'pi_1', intent: paid, order, intentBoundTo: null, orderBoundTo: null, carriedByAnotherOrder: false };
  test.each([
    ['made for this order (metadata), succeeded, exact total', {}, true],
    ['bound to this order by its payment row', { intent: awaiting, intentBoundTo: 1001, orderBoundTo: 'pi_1' }, true],
    ['the transaction_id the order was created with (section 3)', { intent: awaiting, order: { ...order, transactionId: 'pi_1' } }, true],
    ['made without an order and bound to none', { intent: awaiting }, false],
    ['not succeeded yet', { intent: { ...paid, status: 'requires_payment_method' as IntentStatus } }, false],
    ['one cent less than the order', { intent: { ...paid, amountCents: 2589 } }, false],
    ['another currency', { intent: { ...paid, currency: 'usd' } }, false],
    ['made for another order', { intent: { ...paid, metadata: { order_id: '1002' } } }, false],
    ['bound to another order', { intent: awaiting, intentBoundTo: 1002, order: { ...order, transactionId: 'pi_1' } }, false],
    ['the order bound to another intent', { orderBoundTo: 'pi_2' }, false],
    ['the order created with another intent', { order: { ...order, transactionId: 'pi_2' } }, false],
    ['carried by another order too', { intent: awaiting, order: { ...order, transactionId: 'pi_1' }, carriedByAnotherOrder: true }, false],
    ['a cash order', { order: { ...order, paymentMethod: 'cash' } }, false],
    ['unknown to the provider', { intent: undefined }, false],
    ['the provider answers another intent', { intent: { ...paid, id: 'pi_2' } }, false],
  ])('%s → %s', (_name, change, proves) => {
    expect(intentProvesOrder({ ...facts, ...change })).toBe(proves);
  });
});

describe('webhookAction (Stripe event types)', () => {
  test.each([
    ['payment_intent.succeeded', 'finalise'],
    ['payment_intent.payment_failed', 'record_failure'],
    ['payment_intent.created', 'ignore'],
    ['charge.refunded', 'ignore'],
  ])('%s → %s', (type, action) => {
    expect(webhookAction(type)).toBe(action);
  });
});

describe('test cards (docs/decisions/016, section 5: Stripe test mode)', () => {
  test.each([
    ['4242 4242 4242 4242', 'succeeds'],
    ['4242424242424242', 'succeeds'],
    ['4000 0000 0000 0002', 'declined'],
    ['4000 0027 6000 3184', 'requires_authentication'],
    ['4000 0000 0000 5126', 'succeeds'],
    ['5555 5555 5555 4444', 'declined'],
  ])('%s %s', (number, behaviour) => {
    expect(testCardBehaviour(number)).toBe(behaviour);
  });
  test('only 4000 0000 0000 5126 has its refunds refused (docs/decisions/019)', () => {
    expect(testCardRefundRefused(cardLast4('4000 0000 0000 5126'))).toBe(true);
    expect(testCardRefundRefused(cardLast4('4242 4242 4242 4242'))).toBe(false);
    expect(testCardRefundRefused(null)).toBe(false);
  });
  test.each([
    ['4242424242424242', true],
    ['4242424242424241', false],
    ['4000002760003184', true],
    ['12', false],
  ])('Luhn %s: %s', (digits, ok) => {
    expect(passesLuhn(digits)).toBe(ok);
  });
  const now = new Date('2026-11-23T10:00:00Z');
  test.each([
    [{ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, []],
    [{ number: '4242 4242 4242 4242', expiry: '11/26', cvc: '1234' }, []],
    [{ number: '4242 4242 4242 4242', expiry: '10/26', cvc: '123' }, ['expiry']],
    [{ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' }, ['number', 'expiry', 'cvc']],
  ])('form %j → errors %j', (input, fields) => {
    expect(checkTestCard(input, now).map((e) => e.field)).toEqual(fields);
  });
  test.each([
    ['12/34', { month: 12, year: 2034 }],
    ['1/2030', { month: 1, year: 2030 }],
    ['00/30', null],
    ['1234', null],
  ])('expiry %s', (value, parsed) => {
    expect(parseExpiry(value)).toEqual(parsed);
  });
});

describe('StripePaymentIntentSchema (section 7: amount with 2 decimals, a number or a string)', () => {
  const base = { customer_id: 'cus_1' };
  test.each([
    [23.5, 23.5],
    ['23.50', 23.5],
    ['23', 23],
    [' 7.05 ', 7.05],
  ])('amount %j reads as %d euros, with no order_id', (amount, euros) => {
    const parsed = StripePaymentIntentSchema.parse({ ...base, amount });
    expect(parsed.amount).toBe(euros);
    expect(parsed.order_id ?? null).toBeNull();
  });
  test.each([['23.505'], ['23,50'], ['-1'], ['0'], [''], ['abc'], [null], [true]])('amount %j is refused', (amount) => {
    expect(StripePaymentIntentSchema.safeParse({ ...base, amount }).success).toBe(false);
  });
});
