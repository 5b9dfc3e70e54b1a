import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { locationMessages, type LocationSuggestion } from '@resto/domain/location';
import { errorOf, getJson, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import type { DistanceAnswer } from '@resto/contract/locations';

/** The location calls of spec section 7 on the embedded (offline) provider, demo restaurant in Lyon 2e. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-11-24T12:00:00+01:00') });
});
afterAll(() => server.close());

const suggest = (query: string) => getJson<LocationSuggestion[]>(server.baseUrl, `/v2/public/locations/?query=${encodeURIComponent(query)}`);
const distance = (location: string) => getJson<DistanceAnswer>(server.baseUrl, `/v2/public/locations/distance?location=${encodeURIComponent(location)}`);

describe('GET /v2/public/locations/?query=', () => {
  test('a street in a demo zone: one suggestion with description and structured_formatting', async () => {
    const [first, ...rest] = payloadOf(await suggest('8 rue Mercière, 69002 Lyon'));
    expect(rest).toEqual([]);
    expect(first).toEqual({
      description: '8 rue Mercière, 69002 Lyon',
      structured_formatting: { main_text: '8 rue Mercière', secondary_text: '69002 Lyon, France' },
      place_id: 'commune:69382:69002:8 rue Mercière',
    });
  });

  test('a commune being typed, without accents: the largest first', async () => {
    const names = payloadOf(await suggest('villeurb')).map((s) => s.description);
    expect(names[0]).toBe('69100 Villeurbanne');
    const saint = payloadOf(await suggest('st etienne')).map((s) => s.description);
    expect(saint[0]).toBe('42000 Saint-Étienne');
  });

  test('"lyon" alone lists its arrondissements, each with its postal code', async () => {
    const codes = payloadOf(await suggest('Lyon')).map((s) => s.description.slice(0, 5));
    expect(codes.length).toBe(8);
    expect(codes.every((code) => /^6900\d$/.test(code))).toBe(true);
  });

  test.each(['', 'ly', '  a '])('a query under 3 characters (%j) is refused in French', async (query) => {
    const response = await suggest(query);
    expect(response.status).toBe(400);
    const error = errorOf(response);
    expect(error.message).toBe(locationMessages.queryTooShort);
    expect(looksFrench(error.message)).toBe(true);
  });

  test('nothing found: an empty list, not an error', async () => {
    expect(payloadOf(await suggest('zzzz qqqq'))).toEqual([]);
  });
});

describe('GET /v2/public/locations/distance?location=', () => {
  test('a suggestion in Lyon 2e: the distance record with the zone fee (section 3)', async () => {
    const record = payloadOf(await distance('commune:69382:69002:8 rue Mercière'));
    expect(record).toMatchObject({
      address: '8 rue Mercière',
      address2: '',
      city: 'Lyon',
      postal_code: '69002',
      country: 'France',
      state: 'Rhône, Auvergne-Rhône-Alpes',
      formatted_address: '8 rue Mercière, 69002 Lyon',
      unit: 'km',
      delivery_cost: 1.5,
      zone: 'Lyon 2e — Presqu’île',
      refusal: null,
    });
    expect(record.distance).toBeLessThan(2);
    expect(record.duration).toBeGreaterThan(0);
    expect(record.lat).toBeCloseTo(45.75, 1);
  });

  test('a typed address is resolved like its first suggestion', async () => {
    const record = payloadOf(await distance('10 cours Gambetta 69007 Lyon'));
    expect(record).toMatchObject({ postal_code: '69007', delivery_cost: 2.5, refusal: null });
  });

  test('Paris: the record, refused as too far (over max_distance 8 km)', async () => {
    const record = payloadOf(await distance('1 rue de Rivoli 75001 Paris'));
    expect(record.distance).toBeGreaterThan(380);
    expect(record.refusal?.reason).toBe('too_far');
    expect(record.refusal?.message).toContain(locationMessages.tooFar);
  });

  test('Villeurbanne (4 km, in no zone): refused as outside every zone', async () => {
    const record = payloadOf(await distance('3 avenue Henri Barbusse 69100 Villeurbanne'));
    expect(record.distance).toBeLessThan(8);
    expect(record.refusal?.reason).toBe('outside_zones');
    expect(looksFrench(record.refusal!.message)).toBe(true);
  });

  test('"lat,lng" (use my position) is the commune at that point', async () => {
    const record = payloadOf(await distance('45.7485,4.8467'));
    expect(record.city).toBe('Lyon');
    expect(record.lat).toBe(45.7485);
  });

  test.each(['zzzz qqqq', 'commune:99999:00000:', 'commune:69382:75001:x'])('%j matches nothing: 404 in French', async (location) => {
    const response = await distance(location);
    expect(response.status).toBe(404);
    expect(errorOf(response).message).toBe(locationMessages.notFound);
  });

  test('no location: 400 in French', async () => {
    const response = await getJson(server.baseUrl, '/v2/public/locations/distance');
    expect(response.status).toBe(400);
    expect(looksFrench(errorOf(response).message)).toBe(true);
  });
});

describe('homonyms: nearest the restaurant first', () => {
  test('"8 rue Mercière lyon" (no postal code): Lyon 2e, where the restaurant is, comes first', async () => {
    const first = payloadOf(await suggest('8 rue Mercière lyon'))[0];
    expect(first?.description).toBe('8 rue Mercière, 69002 Lyon');
  });
  test('"Châtillon" alone: the one in the Rhône (2,252 inhabitants) before the one by Paris (36,705)', async () => {
    const [first, second] = payloadOf(await suggest('Châtillon'));
    expect(first?.description).toBe('69380 Châtillon');
    expect(second?.description).not.toMatch(/^69/);
  });
});
