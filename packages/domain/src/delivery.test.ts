import { describe, expect, test } from 'vitest';
import { calculateDeliveryFee, deliveryChoiceRefusal, findZone, readDeliverySettings, zoneQuote, type DeliveryZone } from './delivery.ts';

const zones: DeliveryZone[] = [
  { name: 'Lyon 2e', city: 'Lyon', postal_code: '69002', delivery_fee: 1.5, flat_charge: 2, minimum_order: 15 },
  { name: 'Villeurbanne', city: 'Villeurbanne', postal_code: '69100', delivery_fee: 3, flat_charge: 0, minimum_order: 0 },
];

const settings = (overrides: Record<string, unknown> = {}) =>
  Object.entries({
    'features.delivery.active': true,
    'features.delivery.minimum_order': 15,
    'features.delivery.flat_charge': 2,
    'features.delivery.zones': zones,
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

describe('section 9: zone-based delivery fee', () => {
  test.each([
    ['under the zone minimum: fee + flat charge', 1499, 350],
    ['at the zone minimum: fee only', 1500, 150],
    ['above the minimum: fee only', 4000, 150],
  ])('%s', (_label, subtotalCents, feeCents) => {
    expect(calculateDeliveryFee(zoneQuote(zones[0]!), subtotalCents)).toBe(feeCents);
  });

  test('a zone without flat charge costs its fee whatever the subtotal', () => {
    expect(calculateDeliveryFee(zoneQuote(zones[1]!), 100)).toBe(300);
  });
});

describe('section 9: finding the zone of an address', () => {
  test.each([
    [{ postal_code: '69002', city: 'Lyon' }, 'Lyon 2e'],
    [{ postal_code: ' 69002 ', city: 'LYON' }, 'Lyon 2e'],
    [{ postal_code: '69002', city: 'Lyon 2e Arrondissement' }, 'Lyon 2e'],
    [{ postal_code: '69100', city: 'villeurbanne' }, 'Villeurbanne'],
  ])('%o is in %s', (address, name) => {
    expect(findZone(zones, address)?.name).toBe(name);
  });

  test.each([[{ postal_code: '75001', city: 'Paris' }], [{ postal_code: '69002', city: 'Villeurbanne' }], [{ postal_code: '', city: 'Lyon' }]])(
    '%o is outside every zone',
    (address) => {
      expect(findZone(zones, address)).toBeNull();
    },
  );
});

describe('section 4: choosing delivery under the minimum order', () => {
  test('with a flat charge, delivery can be chosen under the minimum', () => {
    expect(deliveryChoiceRefusal(readDeliverySettings(settings()), 500)).toBeNull();
  });

  test('without a flat charge, under the minimum it stays on the type tab with the amount missing', () => {
    const refusal = deliveryChoiceRefusal(readDeliverySettings(settings({ 'features.delivery.flat_charge': 0 })), 1000);
    expect(refusal?.replace(/\s/gu, ' ')).toBe('La livraison est possible dès 15,00 € de commande (il manque 5,00 €).');
  });

  test('at the minimum, delivery can be chosen', () => {
    expect(deliveryChoiceRefusal(readDeliverySettings(settings({ 'features.delivery.flat_charge': 0 })), 1500)).toBeNull();
  });

  test('delivery off is refused', () => {
    expect(deliveryChoiceRefusal(readDeliverySettings(settings({ 'features.delivery.active': false })), 5000)).toBe(
      'La livraison n’est pas proposée par le restaurant.',
    );
  });

  test('missing settings mean delivery off, zone-based, no zones', () => {
    expect(readDeliverySettings([])).toEqual({
      active: false,
      calculationType: 'zone_based',
      maxDistance: 0,
      unit: 'km',
      minimumOrderCents: 0,
      flatChargeCents: 0,
      zones: [],
    });
  });
});
