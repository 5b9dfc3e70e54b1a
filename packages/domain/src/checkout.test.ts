import { describe, test, expect } from 'vitest';
import {
  DeliverySchema,
  FinalizeOrderSchema,
  OrderPayloadSchema,
  PaymentSchema,
  PersonalSchema,
  checkoutTabs,
  isCheckoutTab,
  orderPayloadTotals,
  type OrderPayload,
} from './checkout.ts';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { maxLineQuantity } from './catalogue.ts';

type Issues = { path: PropertyKey[]; message: string }[];
/** The issues of a failed parse as [path joined with '.', message] pairs. */
function issuesOf(result: { success: boolean; error?: { issues: Issues } }): [string, string][] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => [issue.path.map(String).join('.'), issue.message]);
}

const person = { first_name: 'Marie', last_name: 'Curie', email: 'marie@example.fr', phone: '06 12 34 56 78' };

describe('checkout tabs (section 2, Checkout tabs)', () => {
  test('tabs in order: type, personal, delivery, payment, confirmation', () => {
    expect(checkoutTabs).toEqual(['type', 'personal', 'delivery', 'payment', 'confirmation']);
  });

  test.each(['type', 'personal', 'delivery', 'payment', 'confirmation'])('section 2: %s is a tab', (tab) => {
    expect(isCheckoutTab(tab)).toBe(true);
  });

  test.each(['', 'Type', 'PERSONAL', 'success', 'shipping', 'confirmation ', 'toString', '__proto__'])('section 2: %j is an unknown tab', (tab) => {
    expect(isCheckoutTab(tab)).toBe(false);
  });
});

describe('PersonalSchema (section 5, Personal)', () => {
  test('a complete form parses and the phone is stored in E.164', () => {
    const result = PersonalSchema.safeParse(person);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...person, phone: '+33612345678' });
  });

  test('section 5: every missing field has its own French message', () => {
    expect(issuesOf(PersonalSchema.safeParse({}))).toEqual([
      ['first_name', requestErrors.firstNameRequired],
      ['last_name', requestErrors.lastNameRequired],
      ['email', requestErrors.emailRequired],
      ['phone', requestErrors.phoneRequired],
    ]);
  });

  test.each<[string, string, string]>([
    ['first_name', '', 'Le prénom est obligatoire.'],
    ['first_name', '   ', 'Le prénom est obligatoire.'],
    ['last_name', '', 'Le nom est obligatoire.'],
    ['last_name', ' \t', 'Le nom est obligatoire.'],
    ['email', '', "L'adresse e-mail est obligatoire."],
    ['phone', '', 'Le numéro de téléphone est obligatoire.'],
    ['phone', '  ', 'Le numéro de téléphone est obligatoire.'],
  ])('section 5: %s = %j → %s', (field, value, message) => {
    expect(issuesOf(PersonalSchema.safeParse({ ...person, [field]: value }))).toEqual([[field, message]]);
  });

  test.each([[null], [42], [undefined]])('section 5: first_name %j → required message', (value) => {
    expect(issuesOf(PersonalSchema.safeParse({ ...person, first_name: value }))).toEqual([['first_name', requestErrors.firstNameRequired]]);
  });

  test('first_name of 1 character is enough (section 5: min 1 character)', () => {
    expect(PersonalSchema.safeParse({ ...person, first_name: 'A', last_name: 'B' }).success).toBe(true);
  });

  test('names are trimmed', () => {
    expect(PersonalSchema.parse({ ...person, first_name: '  Marie ', last_name: ' Curie  ' })).toMatchObject({ first_name: 'Marie', last_name: 'Curie' });
  });

  test('names longer than 100 characters are refused in French', () => {
    expect(issuesOf(PersonalSchema.safeParse({ ...person, first_name: 'a'.repeat(101) }))).toEqual([['first_name', '100 caractères au maximum.']]);
  });

  test.each(['marie', 'marie@', '@example.fr', 'marie@example', 'marie example@x.fr', 'marie@@example.fr'])(
    'section 5: invalid e-mail %j → messages.invalidEmail',
    (email) => {
      expect(issuesOf(PersonalSchema.safeParse({ ...person, email }))).toEqual([['email', 'Adresse e-mail invalide.']]);
    },
  );

  test('a valid e-mail is trimmed', () => {
    expect(PersonalSchema.parse({ ...person, email: '  marie@example.fr ' }).email).toBe('marie@example.fr');
  });

  test.each([
    ['06 12 34 56 78', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0612345678', '+33612345678'],
    ['+33612345678', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['07 81 23 45 67', '+33781234567'],
    ['01 23 45 67 89', '+33123456789'],
    [' 06 12 34 56 78 ', '+33612345678'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('docs/decisions/016, section 2.2: phone %j is stored as %s', (phone, e164) => {
    expect(PersonalSchema.parse({ ...person, phone }).phone).toBe(e164);
  });

  test.each(['12', '06 12 34 56', '06 12 34 56 78 90', 'abc', '+33 6', '00 00 00 00 00'])(
    'docs/decisions/016, section 2.2: invalid phone %j → messages.invalidPhone',
    (phone) => {
      expect(issuesOf(PersonalSchema.safeParse({ ...person, phone }))).toEqual([['phone', requestErrors.invalidPhone]]);
    },
  );

  test('the invalid phone message is French and gives an example', () => {
    expect(requestErrors.invalidPhone).toBe('Numéro de téléphone invalide (ex. 06 12 34 56 78).');
  });
});

describe('DeliverySchema (section 5, Delivery)', () => {
  const address = { is_pickup: false, address: '12 rue de la Paix', city: 'Paris', postal_code: '75002' };

  test('section 5: delivery with address, city and postal code parses; country defaults to France (section 9)', () => {
    expect(DeliverySchema.parse(address)).toEqual({
      ...address,
      address2: '',
      country: 'France',
      is_scheduled: false,
    });
  });

  test('section 5: address, city and postal_code required for delivery, French messages', () => {
    expect(issuesOf(DeliverySchema.safeParse({ is_pickup: false }))).toEqual([
      ['address', requestErrors.addressRequired],
      ['city', requestErrors.cityRequired],
      ['postal_code', requestErrors.postalCodeRequired],
    ]);
  });

  test.each([
    ['address', "L'adresse est obligatoire."],
    ['city', 'La ville est obligatoire.'],
    ['postal_code', 'Le code postal est obligatoire.'],
  ])('section 5: blank %s for delivery → %s', (field, message) => {
    expect(issuesOf(DeliverySchema.safeParse({ ...address, [field]: '   ' }))).toEqual([[field, message]]);
  });

  test('section 5: pickup needs no address', () => {
    const result = DeliverySchema.safeParse({ is_pickup: true });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ is_pickup: true, address: '', city: '', postal_code: '', country: 'France', is_scheduled: false });
  });

  test('section 5: pickup ignores a malformed postal code', () => {
    expect(DeliverySchema.safeParse({ is_pickup: true, postal_code: '7500' }).success).toBe(true);
  });

  test('section 3: the given country is kept', () => {
    expect(DeliverySchema.parse({ ...address, country: 'Belgique' }).country).toBe('Belgique');
  });

  test.each(['7500', '750001', 'ABCDE', '75 002', '2A004'])('postal code %j is not 5 digits → messages.invalidPostalCode', (postal_code) => {
    expect(issuesOf(DeliverySchema.safeParse({ ...address, postal_code }))).toEqual([['postal_code', 'Code postal invalide (5 chiffres).']]);
  });

  test.each(['75002', '01000', ' 13001 ', '97400'])('postal code %j is accepted', (postal_code) => {
    expect(DeliverySchema.parse({ ...address, postal_code }).postal_code).toBe(postal_code.trim());
  });

  test('section 5: scheduling fields are optional and kept', () => {
    const parsed = DeliverySchema.parse({ ...address, is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '19:30-19:45' });
    expect(parsed).toMatchObject({ is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '19:30-19:45' });
  });

  test('is_pickup is required', () => {
    expect(issuesOf(DeliverySchema.safeParse({ ...address, is_pickup: undefined })).map(([path]) => path)).toEqual(['is_pickup']);
  });
});

describe('PaymentSchema and FinalizeOrderSchema (sections 5 and 7)', () => {
  test.each(['cash', 'card'])('section 5: method %s is accepted', (method) => {
    expect(PaymentSchema.parse({ method })).toEqual({ method });
  });

  test.each([[undefined], ['paypal'], ['']])('section 5: method %j → messages.paymentMethodRequired', (method) => {
    expect(issuesOf(PaymentSchema.safeParse({ method }))).toEqual([['method', paymentAnswers.paymentMethodRequired]]);
  });

  test('section 5: order_id required for finalizing', () => {
    expect(issuesOf(FinalizeOrderSchema.safeParse({ status: 'paid' }))).toEqual([['order_id', orderAnswers.orderIdRequired]]);
    expect(FinalizeOrderSchema.parse({ order_id: 12, status: 'paid' })).toEqual({ order_id: 12, status: 'paid' });
  });

  test('section 4: finalizing status is pending or paid only', () => {
    expect(issuesOf(FinalizeOrderSchema.safeParse({ order_id: 12, status: 'accepted' })).map(([path]) => path)).toEqual(['status']);
  });
});

describe('OrderPayloadSchema (section 3, Order payload)', () => {
  const minimal: OrderPayload = {
    local_id: 'a1B2c3D4_e5-F6',
    items: [{ item_id: 3, item_menu_id: 1, quantity: 2 }],
    is_pickup: true,
    delivery: 0,
    tax: 2,
    subtotal: 22,
    discount: 0,
    total: 22,
    payment_method: 'cash',
    status: 'pending',
    customer: person,
  };

  test('a valid minimal payload parses with defaults filled', () => {
    const result = OrderPayloadSchema.safeParse(minimal);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      local_id: 'a1B2c3D4_e5-F6',
      items: [{ item_id: 3, item_menu_id: 1, quantity: 2, note: '', options: [] }],
      free_items: [],
      customer: { ...person, phone: '+33612345678' },
    });
  });

  test('a full payload with options, location and scheduling parses', () => {
    const result = OrderPayloadSchema.safeParse({
      ...minimal,
      is_pickup: false,
      delivery: 3.5,
      items: [
        {
          item_id: 3,
          item_menu_id: 1,
          quantity: 1,
          note: ' sans oignons ',
          options: [{ option_id: 10, option_options: [{ id: 101 }, { id: 102, quantity: 2 }] }],
        },
      ],
      transaction_id: null,
      user_id: 7,
      location: { city: 'Paris' },
      date: '2026-11-24T18:30:00.000Z',
      delivery_date: '2026-11-24',
      delivery_time_range: '19:30-19:45',
    });
    expect(result.success).toBe(true);
    expect(result.data?.items[0]?.note).toBe('sans oignons');
    expect(result.data?.items[0]?.options[0]?.option_options).toEqual([
      { id: 101, quantity: 1 },
      { id: 102, quantity: 2 },
    ]);
  });

  test('the largest line quantity is 99', () => {
    expect(maxLineQuantity).toBe(99);
    expect(OrderPayloadSchema.safeParse({ ...minimal, items: [{ item_id: 3, item_menu_id: 1, quantity: 99 }] }).success).toBe(true);
  });

  test.each<[string, unknown]>([
    ['negative quantity', -1],
    ['quantity 0', 0],
    ['quantity 100', 100],
    ['quantity 1.5', 1.5],
    ['quantity as text', '2'],
  ])('%s → items.0.quantity with the French range message', (_name, quantity) => {
    const result = OrderPayloadSchema.safeParse({ ...minimal, items: [{ item_id: 3, item_menu_id: 1, quantity }] });
    expect(issuesOf(result)).toEqual([['items.0.quantity', orderAnswers.quantityRange(99)]]);
    expect(orderAnswers.quantityRange(99)).toBe('La quantité doit être un nombre entier entre 1 et 99.');
  });

  test('the failing line is named by its index', () => {
    const result = OrderPayloadSchema.safeParse({
      ...minimal,
      items: [minimal.items[0], { item_id: 4, item_menu_id: 1, quantity: 100 }],
    });
    expect(issuesOf(result).map(([path]) => path)).toEqual(['items.1.quantity']);
  });

  test('empty items → items with messages.emptyCart', () => {
    expect(issuesOf(OrderPayloadSchema.safeParse({ ...minimal, items: [] }))).toEqual([['items', 'Votre panier est vide.']]);
  });

  test.each(['abc', 'short7!', 'has space in it', 'a'.repeat(65), 'ééééééééé', ''])('bad local_id %j → local_id error', (local_id) => {
    expect(issuesOf(OrderPayloadSchema.safeParse({ ...minimal, local_id }))).toEqual([['local_id', "L'identifiant local de la commande est invalide."]]);
  });

  test('missing local_id → local_id required', () => {
    const { local_id: _omitted, ...rest } = minimal;
    expect(issuesOf(OrderPayloadSchema.safeParse(rest))).toEqual([['local_id', "L'identifiant local de la commande est obligatoire."]]);
  });

  test.each(['paid', 'accepted', 'completed', ''])('section 4: status %j (not pending) → status error', (status) => {
    expect(issuesOf(OrderPayloadSchema.safeParse({ ...minimal, status }))).toEqual([['status', 'Une commande est créée avec le statut « pending ».']]);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['negative delivery', { delivery: -1 }, 'delivery'],
    ['total not a number', { total: '22' }, 'total'],
    ['unknown payment method', { payment_method: 'paypal' }, 'payment_method'],
    ['is_pickup missing', { is_pickup: undefined }, 'is_pickup'],
    ['user_id 0', { user_id: 0 }, 'user_id'],
    ['item_id 0', { items: [{ item_id: 0, item_menu_id: 1, quantity: 1 }] }, 'items.0.item_id'],
    [
      'option value quantity 0',
      { items: [{ item_id: 3, item_menu_id: 1, quantity: 1, options: [{ option_id: 1, option_options: [{ id: 2, quantity: 0 }] }] }] },
      'items.0.options.0.option_options.0.quantity',
    ],
    ['invalid customer phone', { customer: { ...person, phone: '12' } }, 'customer.phone'],
    ['missing customer e-mail', { customer: { ...person, email: undefined } }, 'customer.email'],
  ])('%s → error at %s', (_name, patch, path) => {
    expect(issuesOf(OrderPayloadSchema.safeParse({ ...minimal, ...patch })).map(([p]) => p)).toEqual([path]);
  });

  test('the customer errors carry the French Personal messages', () => {
    expect(issuesOf(OrderPayloadSchema.safeParse({ ...minimal, customer: { ...person, phone: '12' } }))).toEqual([['customer.phone', requestErrors.invalidPhone]]);
  });
});

describe('orderPayloadTotals: the order payload\'s amounts (spec sections 3 and 7)', () => {
  test('integer cents become euros with 2 decimals, field by field', () => {
    expect(orderPayloadTotals({ deliveryCents: 350, taxCents: 127, subtotalCents: 1250, discountCents: 125, totalCents: 1475 })).toEqual({
      delivery: 3.5,
      tax: 1.27,
      subtotal: 12.5,
      discount: 1.25,
      total: 14.75,
    });
  });

  test('nothing else of the totals is sent: zeros stay zeros, no float noise', () => {
    const totals = { deliveryCents: 0, taxCents: 1999, subtotalCents: 10_001, discountCents: 0, totalCents: 10_001, couponCents: 200 };
    const amounts = orderPayloadTotals(totals);
    expect(amounts).toEqual({ delivery: 0, tax: 19.99, subtotal: 100.01, discount: 0, total: 100.01 });
    expect(Object.keys(amounts).sort()).toEqual(['delivery', 'discount', 'subtotal', 'tax', 'total']);
  });

  test('the amounts pass the payload schema', () => {
    const amounts = orderPayloadTotals({ deliveryCents: 250, taxCents: 91, subtotalCents: 2390, discountCents: 239, totalCents: 2401 });
    expect(OrderPayloadSchema.shape.total.safeParse(amounts.total).success).toBe(true);
    expect(OrderPayloadSchema.shape.tax.safeParse(amounts.tax).success).toBe(true);
  });
});
