import { describe, expect, test } from 'vitest';
import { partialRefundErrors } from '@resto/copy/staff/partial-refunds';
import { formatPrice } from '@resto/domain/format';
import {
  checkRefundForm,
  newRefundKey,
  refundBodyOf,
  refundFormCents,
  refundFormValuesOf,
  type RefundFormValues,
  type RefundableOrder,
} from './partial-refund-form.ts';

/** docs/decisions/035: the form « Rembourser une partie » as posted without JavaScript, and its checks. */

/** 3 pizzas charged 10,00 € (one already refunded), 1 drink 2,50 €; 9,17 € left. */
const order: RefundableOrder = {
  refundable_lines: [
    { position: 0, label: 'Pizza Margherita', quantity: 3, quantity_left: 2, charged: 10 },
    { position: 1, label: 'Limonade', quantity: 1, quantity_left: 1, charged: 2.5 },
    { position: 2, label: 'Tiramisu', quantity: 1, quantity_left: 0, charged: 4 },
  ],
  refund_left: 9.17,
};

const values = (overrides: Partial<RefundFormValues>): RefundFormValues => ({
  mode: 'lines',
  units: {},
  amountText: '',
  reason: 'missing_item',
  reasonText: '',
  ...overrides,
});

function posted(fields: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

describe('refundFormValuesOf: the posted form read as typed', () => {
  test.each([
    {
      name: 'lines with units, a reason',
      fields: [
        ['mode', 'lines'],
        ['quantity-0', '2'],
        ['quantity-1', '0'],
        ['amount', ''],
        ['reason', 'late'],
      ],
      expected: values({ units: { 0: 2 }, reason: 'late' }),
    },
    {
      name: 'an amount and « autre » with its words (kept as typed)',
      fields: [
        ['mode', 'amount'],
        ['quantity-0', '1'],
        ['amount', ' 4,50 '],
        ['reason', 'other'],
        ['reason_text', ' Boisson renversée '],
      ],
      expected: values({ mode: 'amount', units: { 0: 1 }, amountText: ' 4,50 ', reason: 'other', reasonText: ' Boisson renversée ' }),
    },
    {
      name: 'what cannot be read: no unit, the first reason, lines',
      fields: [
        ['mode', 'tout'],
        ['quantity-0', '-1'],
        ['quantity-1', 'deux'],
        ['quantity-x', '3'],
        ['reason', 'unknown'],
      ],
      expected: values({}),
    },
  ] as const)('$name', ({ fields, expected }) => {
    expect(refundFormValuesOf(posted(fields.map(([name, value]) => [name, value])))).toEqual(expected);
  });
});

describe('refundFormCents and checkRefundForm', () => {
  test.each([
    { name: 'one pizza, the second of three', form: values({ units: { 0: 1 } }), cents: 334, refusal: null },
    { name: 'both pizzas left', form: values({ units: { 0: 2 } }), cents: 667, refusal: null },
    { name: 'more than the units left counts the units left', form: values({ units: { 0: 5 } }), cents: 667, refusal: null },
    { name: 'no unit', form: values({}), cents: 0, refusal: { message: partialRefundErrors.noLine, field: 'lines' } },
    { name: 'everything left', form: values({ units: { 0: 2, 1: 1 } }), cents: 917, refusal: null },
    { name: 'an amount', form: values({ mode: 'amount', amountText: '4,5 €' }), cents: 450, refusal: null },
    {
      name: 'an unreadable amount',
      form: values({ mode: 'amount', amountText: '4,505' }),
      cents: null,
      refusal: { message: partialRefundErrors.badAmount, field: 'amount' },
    },
    {
      name: 'a zero amount',
      form: values({ mode: 'amount', amountText: '0' }),
      cents: 0,
      refusal: { message: partialRefundErrors.zeroAmount, field: 'amount' },
    },
    {
      name: 'above what is left',
      form: values({ mode: 'amount', amountText: '9,18' }),
      cents: 918,
      refusal: { message: partialRefundErrors.aboveLeft(formatPrice(917)), field: 'amount' },
    },
    {
      name: '« autre » without words',
      form: values({ mode: 'amount', amountText: '1', reason: 'other', reasonText: '  ' }),
      cents: 100,
      refusal: { message: partialRefundErrors.reasonTextRequired, field: 'reason_text' },
    },
  ])('$name', ({ form, cents, refusal }) => {
    expect(refundFormCents(order, form)).toBe(cents);
    expect(checkRefundForm(order, form)).toEqual(refusal);
  });
});

describe('refundBodyOf: the API body', () => {
  test('lines: the units asked, by position; no text unless « autre »', () => {
    expect(refundBodyOf(values({ units: { 0: 1, 1: 0 }, reasonText: 'ignoré' }), 'ecran-cle-0001')).toEqual({
      refund_key: 'ecran-cle-0001',
      reason: 'missing_item',
      lines: [{ position: 0, quantity: 1 }],
    });
  });
  test('an amount in euros, « autre » with its words trimmed', () => {
    expect(refundBodyOf(values({ mode: 'amount', amountText: '4,50', reason: 'other', reasonText: ' Oubli ' }), 'ecran-cle-0001')).toEqual({
      refund_key: 'ecran-cle-0001',
      reason: 'other',
      reason_text: 'Oubli',
      amount: 4.5,
    });
  });
  test('an unreadable amount is refused on its field, nothing sent', () => {
    expect(refundBodyOf(values({ mode: 'amount', amountText: 'quatre' }), 'ecran-cle-0001')).toEqual({
      error: { message: partialRefundErrors.badAmount, field: 'amount' },
    });
  });
  test('a new key each time, as the API reads it', () => {
    const keys = new Set(Array.from({ length: 20 }, newRefundKey));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/u);
  });
});
