import { describe, expect, test } from 'vitest';
import {
  averageBasketCents,
  describeCustomerNotice,
  compareCustomers,
  customerKeysOf,
  groupCustomers,
  matchesCustomerSearch,
  parseCustomerKey,
  type CustomerFigures,
} from './customers.ts';

type Row = { id: string; email: string | null; phone: string | null };

/** The groups as sorted lists of row ids, sorted: what the rule decides, whatever the order of discovery. */
const grouping = (rows: Row[]) =>
  groupCustomers(rows)
    .map((group) => group.rows.map((row) => row.id).sort())
    .sort((a, b) => a[0]!.localeCompare(b[0]!));

describe('docs/decisions/037: one customer = orders sharing an e-mail or a phone', () => {
  test.each<[string, Row[], string[][]]>([
    ['one order', [{ id: 'A', email: 'x@a.fr', phone: '+33612345678' }], [['A']]],
    [
      'same e-mail, case and spaces apart',
      [
        { id: 'A', email: 'Margot@Example.FR', phone: '+33612345678' },
        { id: 'B', email: ' margot@example.fr ', phone: '+33700000001' },
      ],
      [['A', 'B']],
    ],
    [
      'same phone, written two ways',
      [
        { id: 'A', email: 'a@a.fr', phone: '06 12 34 56 78' },
        { id: 'B', email: 'b@b.fr', phone: '+33612345678' },
      ],
      [['A', 'B']],
    ],
    [
      'a chain: A (x, p), B (p, y), C (y, q) → one customer',
      [
        { id: 'A', email: 'x@a.fr', phone: '+33612345678' },
        { id: 'B', email: 'y@a.fr', phone: '+33612345678' },
        { id: 'C', email: 'y@a.fr', phone: '+33799999999' },
      ],
      [['A', 'B', 'C']],
    ],
    [
      'a chain found late: A (x, p), B (y, q), then C (x, q) joins them',
      [
        { id: 'A', email: 'x@a.fr', phone: '+33611111111' },
        { id: 'B', email: 'y@a.fr', phone: '+33622222222' },
        { id: 'C', email: 'x@a.fr', phone: '+33622222222' },
      ],
      [['A', 'B', 'C']],
    ],
    [
      'nothing shared: two customers',
      [
        { id: 'A', email: 'x@a.fr', phone: '+33611111111' },
        { id: 'B', email: 'y@a.fr', phone: '+33622222222' },
      ],
      [['A'], ['B']],
    ],
    [
      'an anonymised order (no e-mail, no phone) is nobody',
      [
        { id: 'A', email: '', phone: '' },
        { id: 'B', email: 'y@a.fr', phone: '' },
      ],
      [['B']],
    ],
    [
      'a phone that is not a number does not join',
      [
        { id: 'A', email: 'x@a.fr', phone: '123' },
        { id: 'B', email: 'y@a.fr', phone: '123' },
      ],
      [['A'], ['B']],
    ],
  ])('%s', (_, rows, expected) => {
    expect(grouping(rows)).toEqual(expected);
  });

  test('a group holds every key of its orders, sorted', () => {
    const [group] = groupCustomers([
      { email: 'y@a.fr', phone: '+33612345678' },
      { email: 'x@a.fr', phone: '06 12 34 56 78' },
    ]);
    expect(group!.keys).toEqual(['email:x@a.fr', 'email:y@a.fr', 'phone:+33612345678']);
  });

  test('10,000 orders in one long chain stay one customer, quickly', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      email: `c${Math.floor(i / 2)}@a.fr`,
      phone: `+336${String(10_000_000 + Math.floor((i + 1) / 2)).slice(-8)}`,
    }));
    const started = performance.now();
    const groups = groupCustomers(rows);
    expect(groups).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test.each([
    ['email:Margot@Example.fr', 'email:margot@example.fr'],
    ['phone:06 12 34 56 78', 'phone:+33612345678'],
    ['phone:12', null],
    ['margot@example.fr', null],
    ['email:', null],
  ])('the key %j reads as %j', (text, key) => {
    expect(parseCustomerKey(text)).toBe(key);
  });

  test('an order’s keys', () => {
    expect(customerKeysOf({ email: 'A@b.fr', phone: '0612345678' })).toEqual(['email:a@b.fr', 'phone:+33612345678']);
    expect(customerKeysOf({ email: '', phone: '' })).toEqual([]);
  });
});

const customer = (over: Partial<CustomerFigures>): CustomerFigures => ({
  name: 'Margot Dupré',
  emails: ['margot@example.fr'],
  phones: ['+33612345678'],
  orders: 1,
  spentCents: 1000,
  firstOrderMs: 0,
  lastOrderMs: 0,
  noShows: 0,
  ...over,
});

describe('docs/decisions/037: the search box and the sorts', () => {
  test.each([
    ['', true],
    ['dupre', true],
    ['MARGOT dupré', true],
    ['dupré margot', true],
    ['example.fr', true],
    ['06 12 34 56 78', true],
    ['+33612345678', true],
    ['345678', true],
    ['06 99 99 99 99', false],
    ['lefevre', false],
    ['999999', false],
  ])('%j finds Margot Dupré: %s', (query, found) => {
    expect(matchesCustomerSearch(customer({}), query)).toBe(found);
  });

  test('sorts: most orders first, ties by name; names A to Z', () => {
    const list = [customer({ name: 'Zoé', orders: 2 }), customer({ name: 'Anne', orders: 2 }), customer({ name: 'Élise', orders: 5 })];
    expect([...list].sort(compareCustomers('orders')).map((c) => c.name)).toEqual(['Élise', 'Anne', 'Zoé']);
    expect([...list].sort(compareCustomers('name')).map((c) => c.name)).toEqual(['Anne', 'Élise', 'Zoé']);
    const dated = [customer({ name: 'A', lastOrderMs: 1 }), customer({ name: 'B', lastOrderMs: 3 })];
    expect(dated.sort(compareCustomers('last_order')).map((c) => c.name)).toEqual(['B', 'A']);
  });

  test.each([
    [3000, 3, 1000],
    [1000, 3, 333],
    [0, 0, 0],
  ])('average basket of %i cents over %i orders: %i', (spent, count, average) => {
    expect(averageBasketCents(spent, count)).toBe(average);
  });
});

describe('docs/decisions/037: what the board says of the customer', () => {
  test.each([
    [null, []],
    [{ note: null, mark: null, mark_reason: null, no_shows: 0 }, []],
    [
      { note: 'allergique aux noix', mark: 'flagged' as const, mark_reason: 'impoli au téléphone', no_shows: 2 },
      ['Client signalé : impoli au téléphone', 'Note client : allergique aux noix', '2 commandes non récupérées'],
    ],
    [
      { note: null, mark: 'blocked' as const, mark_reason: 'trois commandes jamais récupérées', no_shows: 1 },
      ['Client bloqué : trois commandes jamais récupérées', '1 commande non récupérée'],
    ],
  ])('%j → %j', (notice, expected) => {
    expect(describeCustomerNotice(notice).map((line) => line.text)).toEqual(expected);
  });
});
