import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { DeliverySettings } from './delivery.ts';
import { buildDistanceRecord, haversineKm, kmToUnit, parseLatLng, quoteAddress, readDistanceFees, type ResolvedAddress } from './location.ts';

const zones = [
  { name: 'Lyon 2e', city: 'Lyon', postal_code: '69002', delivery_fee: 1.5, flat_charge: 2, minimum_order: 15 },
  { name: 'Lyon 7e', city: 'Lyon', postal_code: '69007', delivery_fee: 2.5, flat_charge: 2, minimum_order: 20 },
];
const zoneBased: DeliverySettings = {
  active: true,
  calculationType: 'zone_based',
  maxDistance: 8,
  unit: 'km',
  minimumOrderCents: 1500,
  flatChargeCents: 200,
  zones,
};
const byDistance: DeliverySettings = { ...zoneBased, calculationType: 'distance', zones: [] };
const tiers = [
  { up_to: 6, fee: 3.5 },
  { up_to: 3, fee: 2 },
];

describe('distances', () => {
  test('Bellecour to Part-Dieu is about 2.1 km as the crow flies', () => {
    expect(haversineKm({ lat: 45.7578, lng: 4.832 }, { lat: 45.7606, lng: 4.8593 })).toBeCloseTo(2.14, 1);
  });
  test('Lyon to Paris is about 392 km', () => {
    expect(Math.round(haversineKm({ lat: 45.764, lng: 4.8357 }, { lat: 48.8566, lng: 2.3522 }))).toBeGreaterThan(385);
  });
  test('km to miles, rounded to 0.1', () => {
    expect(kmToUnit(10, 'miles')).toBe(6.2);
    expect(kmToUnit(2.449, 'km')).toBe(2.4);
  });
  test('property: symmetric and never negative', () => {
    const point = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -179, max: 179, noNaN: true }) });
    fc.assert(fc.property(point, point, (a, b) => Math.abs(haversineKm(a, b) - haversineKm(b, a)) < 1e-9 && haversineKm(a, b) >= 0));
  });
  test.each([
    ['45.76,4.83', { lat: 45.76, lng: 4.83 }],
    [' -12.5 , 130.25 ', { lat: -12.5, lng: 130.25 }],
    ['95,4', null],
    ['12 rue de la Paix', null],
  ])('parseLatLng(%j)', (text, expected) => expect(parseLatLng(text)).toEqual(expected));
});

describe('quoteAddress (spec section 9)', () => {
  test('zone-based: the zone of the postal code and city, its fee, flat charge and minimum', () => {
    expect(quoteAddress(zoneBased, { postal_code: '69007', city: 'Lyon', distance: 2 })).toEqual({
      ok: true,
      quote: { baseFeeCents: 250, flatChargeCents: 200, minimumOrderCents: 2000, zoneName: 'Lyon 7e' },
      deliveryCostCents: 250,
      zone: 'Lyon 7e',
    });
  });
  test('zone-based with the distance unknown: the zone alone decides', () => {
    expect(quoteAddress(zoneBased, { postal_code: '69002', city: 'Lyon', distance: null }).ok).toBe(true);
  });
  test('outside every zone: refused with the French reason', () => {
    const quoted = quoteAddress(zoneBased, { postal_code: '69100', city: 'Villeurbanne', distance: 4 });
    expect(quoted).toMatchObject({ ok: false, reason: 'outside_zones' });
  });
  test('over max_distance: too far, whatever the zone (section 4)', () => {
    expect(quoteAddress(zoneBased, { postal_code: '69002', city: 'Lyon', distance: 8.1 })).toMatchObject({ ok: false, reason: 'too_far' });
    expect(quoteAddress(zoneBased, { postal_code: '69002', city: 'Lyon', distance: 8 }).ok).toBe(true);
  });
  test('max_distance 0 means no limit', () => {
    expect(quoteAddress({ ...zoneBased, maxDistance: 0 }, { postal_code: '69002', city: 'Lyon', distance: 500 }).ok).toBe(true);
  });
  test('delivery off: refused', () => {
    expect(quoteAddress({ ...zoneBased, active: false }, { postal_code: '69002', city: 'Lyon', distance: 1 })).toMatchObject({ ok: false, reason: 'inactive' });
  });
  test.each([
    [1, 200],
    [3, 200],
    [3.1, 350],
    [6, 350],
  ])('distance-based at %d km: the first tier covering it (%d cents) with the global flat charge and minimum', (distance, fee) => {
    const sorted = readDistanceFees([{ name: 'features.delivery.distance_fees', value: tiers }]);
    expect(quoteAddress(byDistance, { postal_code: '69100', city: 'Villeurbanne', distance }, sorted)).toEqual({
      ok: true,
      quote: { baseFeeCents: fee, flatChargeCents: 200, minimumOrderCents: 1500, zoneName: null },
      deliveryCostCents: fee,
      zone: null,
    });
  });
  test('distance-based past the last tier: too far', () => {
    const sorted = readDistanceFees([{ name: 'features.delivery.distance_fees', value: tiers }]);
    expect(quoteAddress({ ...byDistance, maxDistance: 0 }, { postal_code: '69100', city: 'Villeurbanne', distance: 7 }, sorted)).toMatchObject({
      ok: false,
      reason: 'too_far',
    });
  });
});

describe('buildDistanceRecord (section 3, distance record)', () => {
  const place: ResolvedAddress = {
    address: '8 rue Mercière',
    city: 'Lyon',
    postal_code: '69002',
    state: 'Rhône',
    country: 'France',
    formatted_address: '8 rue Mercière, 69002 Lyon',
    lat: 45.76,
    lng: 4.83,
  };
  const settings = [
    { name: 'features.delivery.active', value: true },
    { name: 'features.delivery.max_distance', value: 5 },
    { name: 'features.delivery.unit', value: 'miles' },
    { name: 'features.delivery.zones', value: zones },
  ];
  test('distance in the settings unit, minutes, the zone fee in euros', () => {
    expect(buildDistanceRecord(settings, place, { km: 1.6, minutes: 5.4 })).toEqual({
      record: { ...place, address2: '', distance: 1, duration: 5, unit: 'miles', delivery_cost: 1.5, zone: 'Lyon 2e' },
      refusal: null,
    });
  });
  test('too far: the record with the refusal', () => {
    const { record, refusal } = buildDistanceRecord(settings, place, { km: 9, minutes: 20 });
    expect(record.distance).toBe(5.6);
    expect(refusal?.reason).toBe('too_far');
    expect(refusal?.message).toContain('trop éloignée');
  });
});
