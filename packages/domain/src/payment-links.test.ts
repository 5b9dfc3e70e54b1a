import { describe, expect, test } from 'vitest';
import {
  linkPaidAboveCents,
  linkRefundKey,
  parseLinkRefundKey,
  paymentLinkDue,
  paymentLinkLifetimeMs,
  paymentLinkReusable,
  paymentLinkState,
  paymentLinkTokenPattern,
  type PaymentLinkFacts,
} from './payment-links.ts';
import { amountDueCents } from './sale-documents.ts';

describe('amountDueCents: total minus what was paid, never below 0', () => {
  test.each([
    ['nothing paid', 2350, 0, 2350],
    ['partly paid at the counter', 2350, 1000, 1350],
    ['paid in full', 2350, 2350, 0],
    ['a changed card order: new total above what was paid', 3100, 2350, 750],
    ['a changed order: new total below what was paid', 2000, 2350, 0],
    ['a payment reversed (net 0)', 2350, 0, 2350],
  ])('%s: %i − %i → %i', (_, total, paid, due) => {
    expect(amountDueCents(total, paid)).toBe(due);
  });
});

describe('paymentLinkDue', () => {
  test.each([
    ['a phone order, unpaid', { status: 'accepted', paymentMethod: 'cash', totalCents: 2350 }, 0, { ok: true, dueCents: 2350 }],
    ['a phone order, partly paid', { status: 'ready', paymentMethod: 'cash', totalCents: 2350 }, 500, { ok: true, dueCents: 1850 }],
    ['a phone order, paid', { status: 'ready', paymentMethod: 'cash', totalCents: 2350 }, 2350, { ok: false, refusal: 'already_paid' }],
    ['cancelled', { status: 'cancelled', paymentMethod: 'cash', totalCents: 2350 }, 0, { ok: false, refusal: 'cancelled' }],
    ['refused', { status: 'rejected', paymentMethod: 'cash', totalCents: 2350 }, 0, { ok: false, refusal: 'cancelled' }],
    ['a card order not paid at checkout', { status: 'pending', paymentMethod: 'card', totalCents: 2350 }, 0, { ok: false, refusal: 'not_placed' }],
    ['a paid card order whose total rose', { status: 'accepted', paymentMethod: 'card', totalCents: 3100 }, 2350, { ok: true, dueCents: 750 }],
    ['a paid card order, unchanged', { status: 'paid', paymentMethod: 'card', totalCents: 2350 }, 2350, { ok: false, refusal: 'already_paid' }],
  ] as const)('%s', (_, order, paid, expected) => {
    expect(paymentLinkDue(order, paid)).toEqual(expected);
  });
});

describe('paymentLinkState and paymentLinkReusable', () => {
  const now = new Date('2026-11-24T11:30:00Z');
  const link: PaymentLinkFacts = { amountCents: 2350, expiresAt: new Date(now.getTime() + paymentLinkLifetimeMs), paidAt: null, replaced: false };
  const order = { status: 'accepted', paymentMethod: 'cash', totalCents: 2350 };
  test.each([
    ['valid', link, order, 0, now, { state: 'payable', dueCents: 2350 }],
    ['paid by the link', { ...link, paidAt: now }, order, 2350, now, { state: 'paid' }],
    ['paid by the link, the order cancelled since', { ...link, paidAt: now }, { ...order, status: 'cancelled' }, 2350, now, { state: 'paid' }],
    ['24 h later', link, order, 0, link.expiresAt, { state: 'expired' }],
    ['replaced', { ...link, replaced: true }, order, 0, now, { state: 'expired' }],
    ['a payment at the counter since: the amount is no longer the due', link, order, 1000, now, { state: 'expired' }],
    ['paid at the counter since', link, order, 2350, now, { state: 'refused', refusal: 'already_paid' }],
    ['order cancelled', link, { ...order, status: 'cancelled' }, 0, now, { state: 'refused', refusal: 'cancelled' }],
  ] as const)('%s', (_, facts, theOrder, paid, at, expected) => {
    expect(paymentLinkState(facts, theOrder, paid, at)).toEqual(expected);
  });

  test.each([
    ['open, valid, same amount', link, 2350, now, true],
    ['another amount due', link, 1350, now, false],
    ['less than a minute left', link, 2350, new Date(link.expiresAt.getTime() - 30_000), false],
    ['paid', { ...link, paidAt: now }, 2350, now, false],
    ['replaced', { ...link, replaced: true }, 2350, now, false],
  ] as const)('reusable: %s → %s', (_, facts, due, at, expected) => {
    expect(paymentLinkReusable(facts, due, at)).toBe(expected);
  });

  test('a token is 32 base64url characters', () => {
    expect(paymentLinkTokenPattern.test('abcdefghijklmnopqrstuvwxyzAB-_09')).toBe(true);
    expect(paymentLinkTokenPattern.test('trop-court')).toBe(false);
    expect(paymentLinkTokenPattern.test('abcdefghijklmnopqrstuvwxyzAB-_0/')).toBe(false);
  });
});

describe('linkPaidAboveCents: what a link paid beyond what was due, given back on its intent', () => {
  const placed = { status: 'accepted', paymentMethod: 'cash', totalCents: 2350 };
  test.each([
    ['nothing paid before: the link paid what was due', placed, 0, 2350, 0],
    ['partly paid, the link for the rest', placed, 1000, 1350, 0],
    ['paid in full at the counter seconds before', placed, 2350, 2350, 2350],
    ['part paid at the counter meanwhile (10 €), the link for the old rest', placed, 1000, 2350, 1000],
    ['the order cancelled meanwhile', { ...placed, status: 'cancelled' }, 0, 2350, 2350],
    ['the order refused meanwhile', { ...placed, status: 'rejected' }, 0, 2350, 2350],
    ['a card order changed dearer, the link for the difference', { status: 'accepted', paymentMethod: 'card', totalCents: 3000 }, 2350, 650, 0],
  ])('%s', (_label, order, paidBefore, linkAmount, above) => {
    expect(linkPaidAboveCents(order, paidBefore, linkAmount)).toBe(above);
  });
});

describe('linkRefundKey and parseLinkRefundKey', () => {
  test('the whole payment and the part above have their own key, read back', () => {
    expect(linkRefundKey(42, 7, 'whole')).toBe('link-42-7');
    expect(linkRefundKey(42, 7, 'above')).toBe('link-42-7-above');
    expect(parseLinkRefundKey('link-42-7')).toEqual({ linkId: 7, part: 'whole' });
    expect(parseLinkRefundKey('link-42-7-above')).toEqual({ linkId: 7, part: 'above' });
    expect(parseLinkRefundKey('refund-42')).toBeNull();
    expect(parseLinkRefundKey('change-42-abc-refund')).toBeNull();
  });
});
