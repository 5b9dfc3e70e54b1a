import { describe, expect, it } from 'vitest';
import {
  changeSettlement,
  comparedSchedule,
  describeDiff,
  diffOrder,
  isChangeable,
  isEmptyDiff,
  type ComparedLine,
  type ComparedSchedule,
} from './order-change.ts';

const line = (itemId: number, itemName: string, quantity: number, extra: Partial<ComparedLine> = {}): ComparedLine => ({
  itemId,
  itemName,
  quantity,
  note: '',
  options: [],
  ...extra,
});
const cream = { option_id: 1, option_name: 'Base', id: 12, name: 'Base crème', price_cents: 0, quantity: 1 };
const tomato = { option_id: 1, option_name: 'Base', id: 11, name: 'Base tomate', price_cents: 0, quantity: 1 };
const pickupAsap: ComparedSchedule = { isPickup: true, when: 'dès que possible', address: '' };

describe('isChangeable', () => {
  it.each([
    ['cash', 'pending', true],
    ['cash', 'accepted', true],
    ['cash', 'ready', false],
    ['cash', 'completed', false],
    ['cash', 'cancelled', false],
    ['card', 'pending', false],
    ['card', 'paid', true],
    ['card', 'accepted', true],
    ['card', 'ready', false],
    ['card', 'rejected', false],
  ] as const)('%s order %s → %s', (paymentMethod, status, expected) => {
    expect(isChangeable({ paymentMethod, status })).toBe(expected);
  });
});

describe('diffOrder', () => {
  const cases: [string, ComparedLine[], ComparedLine[], { added: [string, number][]; removed: [string, number][] }][] = [
    ['a dish added', [line(1, 'Margherita', 1)], [line(1, 'Margherita', 1), line(5, 'Tiramisu', 1)], { added: [['Tiramisu', 1]], removed: [] }],
    ['a dish removed', [line(1, 'Margherita', 1), line(7, 'Coca-Cola', 2)], [line(1, 'Margherita', 1)], { added: [], removed: [['Coca-Cola', 2]] }],
    ['more of a dish', [line(5, 'Tiramisu', 1)], [line(5, 'Tiramisu', 3)], { added: [['Tiramisu', 2]], removed: [] }],
    ['fewer of a dish', [line(5, 'Tiramisu', 3)], [line(5, 'Tiramisu', 1)], { added: [], removed: [['Tiramisu', 2]] }],
    [
      'an option changed: one taken away, one added',
      [line(1, 'Margherita', 1, { options: [tomato] })],
      [line(1, 'Margherita', 1, { options: [cream] })],
      { added: [['Margherita (Base crème)', 1]], removed: [['Margherita (Base tomate)', 1]] },
    ],
    [
      'a note changed',
      [line(1, 'Margherita', 1)],
      [line(1, 'Margherita', 1, { note: 'sans oignons' })],
      { added: [['Margherita', 1]], removed: [['Margherita', 1]] },
    ],
    ['two lines of one dish count together', [line(5, 'Tiramisu', 1), line(5, 'Tiramisu', 1)], [line(5, 'Tiramisu', 2)], { added: [], removed: [] }],
    [
      'free dishes follow the offers',
      [line(1, 'Margherita', 1)],
      [line(1, 'Margherita', 1), line(9, 'Boisson offerte', 1, { isFree: true })],
      { added: [], removed: [] },
    ],
  ];
  it.each(cases)('%s', (_name, before, after, expected) => {
    const diff = diffOrder({ lines: before, schedule: pickupAsap }, { lines: after, schedule: pickupAsap });
    expect(diff.added.map((u) => [u.label, u.quantity])).toEqual(expected.added);
    expect(diff.removed.map((u) => [u.label, u.quantity])).toEqual(expected.removed);
    expect(diff.schedule).toBeNull();
  });

  it('reads the stored location', () => {
    expect(
      comparedSchedule({
        isPickup: false,
        deliveryDate: null,
        deliveryTimeRange: null,
        location: { address: '3 rue de la Paix', postal_code: '75002', city: 'Paris', lat: 48.8 },
      }),
    ).toEqual({
      isPickup: false,
      when: 'dès que possible',
      address: '3 rue de la Paix, 75002 Paris',
    });
    expect(comparedSchedule({ isPickup: true, deliveryDate: '2026-12-03', deliveryTimeRange: '12:30 - 12:45', location: null })).toEqual({
      isPickup: true,
      when: 'jeudi 3 décembre, 12:30–12:45',
      address: '',
    });
  });

  it('the slot, the order type and the address', () => {
    const lines = [line(1, 'Margherita', 1)];
    const delivery = { isPickup: false, when: 'jeu. 3 déc., 12:30 – 12:45', address: '3 rue de la Paix, 75002 Paris' };
    const moved = diffOrder({ lines, schedule: pickupAsap }, { lines, schedule: delivery });
    expect(moved.schedule).toEqual({ from: 'dès que possible', to: 'jeu. 3 déc., 12:30 – 12:45' });
    expect(moved.order_type).toEqual({ from_pickup: true, to_pickup: false });
    expect(moved.address).toEqual({ from: '', to: delivery.address });
    expect(describeDiff(moved)).toBe(
      'Passe en livraison ; Créneau : dès que possible → jeu. 3 déc., 12:30 – 12:45 ; Nouvelle adresse : 3 rue de la Paix, 75002 Paris',
    );
    const elsewhere = diffOrder({ lines, schedule: delivery }, { lines, schedule: { ...delivery, address: '8 rue Oberkampf, 75011 Paris' } });
    expect(elsewhere.address).toEqual({ from: delivery.address, to: '8 rue Oberkampf, 75011 Paris' });
    expect(isEmptyDiff(elsewhere)).toBe(false);
    expect(isEmptyDiff(diffOrder({ lines, schedule: delivery }, { lines, schedule: delivery }))).toBe(true);
  });

  it('describes units with their note', () => {
    const diff = diffOrder(
      { lines: [line(7, 'Coca-Cola', 1)], schedule: pickupAsap },
      { lines: [line(1, 'Margherita', 2, { note: 'bien cuite' })], schedule: pickupAsap },
    );
    expect(describeDiff(diff)).toBe('+ 2 × Margherita « bien cuite » ; − 1 × Coca-Cola');
  });
});

describe('changeSettlement', () => {
  it.each([
    ['card, total down: the difference refunded', 'card', 2000, 2500, 0, { kind: 'refund', amountCents: 500, cardCents: 500, links: [] }],
    ['card, total up: the difference due', 'card', 2800, 2500, 0, { kind: 'due', amountCents: 300 }],
    ['card, same total', 'card', 2500, 2500, 0, { kind: 'none', amountCents: 0 }],
    ['card after a partial refund, total down', 'card', 2000, 2200, 0, { kind: 'refund', amountCents: 200, cardCents: 200, links: [] }],
    ['card with an extra paid at the counter, total up again', 'card', 3000, 2500, 300, { kind: 'due', amountCents: 200 }],
    [
      'card with an extra paid at the counter, total down by less than the card',
      'card',
      2600,
      2500,
      300,
      { kind: 'refund', amountCents: 200, cardCents: 200, links: [] },
    ],
    ['card, the new total below what the counter holds: refused', 'card', 200, 2500, 300, { kind: 'paid_above', amountCents: 300 }],
    ['cash unpaid, total up: it stands', 'cash', 3000, 0, 0, { kind: 'none', amountCents: 0 }],
    ['cash partly paid, total still above', 'cash', 1500, 0, 1000, { kind: 'none', amountCents: 0 }],
    ['cash paid more than the new total: refused', 'cash', 800, 0, 1000, { kind: 'paid_above', amountCents: 1000 }],
    ['cash order, a card held by mistake is not the card’s', 'cash', 800, 500, 1000, { kind: 'paid_above', amountCents: 1000 }],
  ] as const)('%s', (_name, paymentMethod, totalAfterCents, cardHeldCents, counterPaidCents, expected) => {
    expect(changeSettlement({ paymentMethod, totalAfterCents, cardHeldCents, counterPaidCents })).toEqual(expected);
  });

  it.each([
    [
      'a phone order paid by its link, made cheaper: the difference back on the link',
      'cash',
      1800,
      0,
      [{ linkId: 4, cents: 2500 }],
      0,
      { kind: 'refund', amountCents: 700, cardCents: 0, links: [{ linkId: 4, cents: 700 }] },
    ],
    [
      'paid 10 € at the counter and the rest by link, made cheaper by less than the link',
      'cash',
      2000,
      0,
      [{ linkId: 4, cents: 1500 }],
      1000,
      { kind: 'refund', amountCents: 500, cardCents: 0, links: [{ linkId: 4, cents: 500 }] },
    ],
    [
      'made cheaper than the counter’s money: refused, the link untouched',
      'cash',
      800,
      0,
      [{ linkId: 4, cents: 1500 }],
      1000,
      { kind: 'paid_above', amountCents: 1000 },
    ],
    [
      'a card order made dearer, the rest paid by link, made cheaper than the first payment: the card, then the link',
      'card',
      2000,
      2500,
      [{ linkId: 4, cents: 500 }],
      0,
      { kind: 'refund', amountCents: 1000, cardCents: 1000, links: [] },
    ],
    [
      'the card already refunded in part, two links: the card’s rest, then the newest link first',
      'card',
      500,
      1000,
      [
        { linkId: 4, cents: 600 },
        { linkId: 7, cents: 400 },
      ],
      0,
      {
        kind: 'refund',
        amountCents: 1500,
        cardCents: 1000,
        links: [
          { linkId: 7, cents: 400 },
          { linkId: 4, cents: 100 },
        ],
      },
    ],
    ['a link given back whole before holds nothing', 'cash', 1000, 0, [{ linkId: 4, cents: 0 }], 1000, { kind: 'none', amountCents: 0 }],
  ] as const)('%s', (_name, paymentMethod, totalAfterCents, cardHeldCents, linksHeld, counterPaidCents, expected) => {
    expect(changeSettlement({ paymentMethod, totalAfterCents, cardHeldCents, linksHeld, counterPaidCents })).toEqual(expected);
  });
});
