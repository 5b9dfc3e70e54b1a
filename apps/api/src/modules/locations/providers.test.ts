import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { locationMessages, type LocationSuggestion } from '@resto/domain/location';
import { errorOf, getJson, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createBanAddressProvider } from './providers/ban.ts';
import { createOsrmRouting } from './providers/osrm.ts';
import type { DistanceAnswer } from '@resto/contract/locations';

/**
 * The Base Adresse Nationale and OSRM providers, through the real API, against a local HTTP
 * server answering the providers' documented formats (fixtures/, recorded shapes of
 * /search/, /reverse/ and /route/v1/driving). This machine cannot reach the real services.
 */

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8');

/** What the fake services answer; tests switch it to provoke failures. */
let mode: 'ok' | 'ban-500' | 'ban-garbage' | 'osrm-no-route' = 'ok';
const seen: string[] = [];

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push(`${url.pathname}?${url.searchParams}`);
  const send = (status: number, body: string) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
  if (url.pathname === '/search/') {
    if (mode === 'ban-500') return send(500, '{"code":500,"message":"Internal error"}');
    if (mode === 'ban-garbage') return send(200, '<html>maintenance</html>');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    if (q.includes('rivoli')) return send(200, fixture('ban-search-paris.json'));
    if (q.includes('merci')) return send(200, fixture('ban-search-merciere.json'));
    return send(200, fixture('ban-empty.json'));
  }
  if (url.pathname === '/reverse/') return send(200, fixture('ban-reverse.json'));
  if (url.pathname.startsWith('/route/v1/driving/')) {
    if (mode === 'osrm-no-route') return send(400, fixture('osrm-no-route.json'));
    return send(200, fixture('osrm-route-ok.json'));
  }
  return send(404, '{"message":"not found"}');
}

let fake: Server;
let server: TestServer;
beforeAll(async () => {
  fake = createServer(answer);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  server = await startTestServer({
    clock: () => new Date('2026-11-24T12:00:00+01:00'),
    locations: { addresses: createBanAddressProvider(base), routing: createOsrmRouting(base) },
  });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => fake.close(resolve));
});

const suggest = (query: string) => getJson<LocationSuggestion[]>(server.baseUrl, `/v2/public/locations/?query=${encodeURIComponent(query)}`);
const distance = (location: string) => getJson<DistanceAnswer>(server.baseUrl, `/v2/public/locations/distance?location=${encodeURIComponent(location)}`);

describe('Base Adresse Nationale + OSRM', () => {
  test("suggestions: street-level features become the spec's suggestions; the query is sent with autocomplete", async () => {
    mode = 'ok';
    const suggestions = payloadOf(await suggest('8 rue mercière lyon'));
    expect(suggestions.map((s) => s.description)).toEqual(['8 Rue Mercière, 69002 Lyon', 'Rue Mercière, 69002 Lyon', '69001 Lyon']);
    expect(suggestions[0]!.structured_formatting).toEqual({ main_text: '8 Rue Mercière', secondary_text: '69002 Lyon, France' });
    expect(suggestions[2]!.structured_formatting).toEqual({ main_text: 'Lyon', secondary_text: '69001, Rhône, Auvergne-Rhône-Alpes' });
    // Results near the restaurant (its contacts.latitude/longitude) come first.
    expect(seen.at(-1)).toBe('/search/?q=8+rue+merci%C3%A8re+lyon&limit=8&autocomplete=1&lat=45.7578&lon=4.832');
  });

  test('distance: the BAN position, the OSRM road distance and duration, the zone fee', async () => {
    mode = 'ok';
    const record = payloadOf(await distance('8 Rue Mercière 69002 Lyon'));
    expect(record).toMatchObject({
      address: '8 Rue Mercière',
      postal_code: '69002',
      city: 'Lyon',
      lat: 45.762478,
      lng: 4.831469,
      distance: 1.6,
      duration: 5,
      delivery_cost: 1.5,
      refusal: null,
    });
    expect(seen.at(-1)).toBe('/route/v1/driving/4.832,45.7578;4.831469,45.762478?overview=false&alternatives=false&steps=false');
  });

  test('"lat,lng" goes to /reverse/', async () => {
    mode = 'ok';
    const record = payloadOf(await distance('45.7578,4.832'));
    expect(record.formatted_address).toBe('12 Rue des Marronniers, 69002 Lyon');
    expect(seen.some((s) => s.startsWith('/reverse/?lon=4.832&lat=45.7578'))).toBe(true);
    // The route goes to that very point, as an order's quote routes to its stored lat/lng (docs/decisions/039).
    expect(record).toMatchObject({ lat: 45.7578, lng: 4.832 });
    expect(seen.at(-1)).toMatch(/^\/route\/v1\/driving\/[\d.]+,[\d.]+;4\.832,45\.7578\?/);
  });

  test('an address the BAN does not know: 404 in French', async () => {
    mode = 'ok';
    const response = await distance('zzzz qqqq');
    expect(response.status).toBe(404);
    expect(errorOf(response).message).toBe(locationMessages.notFound);
  });

  test.each([
    ['the BAN answers 500', 'ban-500', 'suggest'],
    ['the BAN answers HTML', 'ban-garbage', 'suggest'],
    ['OSRM finds no route', 'osrm-no-route', 'distance'],
  ] as const)('%s: an invalid query (502, French), never a 500', async (_name, failure, call) => {
    mode = failure;
    const response = call === 'suggest' ? await suggest('8 rue mercière lyon') : await distance('8 Rue Mercière 69002 Lyon');
    expect(response.status).toBe(502);
    expect(errorOf(response).message).toBe(locationMessages.unavailable);
    mode = 'ok';
  });
});
