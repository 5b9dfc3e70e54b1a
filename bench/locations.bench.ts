/**
 * Address search and slots benchmark (docs/decisions/005). Run: npm run bench:locations
 *
 * 1. Suggestions on the offline provider through the real API (GET /v2/public/locations/?query=,
 *    PGlite, loopback HTTP), for 1,000 addresses of real French communes drawn at random (seeded)
 *    from the INSEE list: the town hall of each ('Mairie, 01400 L'Abergement-Clémenciat'), typed
 *    three ways (as written; lower case without accents; commune name only). "Right commune" =
 *    the first suggestion is that commune (its INSEE code).
 * 2. generateSlots for a full week (7 days, both order types) on the demo menus.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { LocationSuggestion } from '@resto/domain/location';
import type { Menu } from '@resto/domain/catalogue';
import { addDays, generateSlots, readSchedulingSettings, toRestaurantDate } from '@resto/domain/scheduling';
import { getJson, payloadOf, startTestServer } from '../apps/api/src/test/harness.ts';

const require = createRequire(import.meta.url);
const communes = (require('@etalab/decoupage-administratif/data/communes.json') as { code: string; nom: string; type: string; codesPostaux?: string[] }[]).filter(
  (c) => (c.type === 'commune-actuelle' || c.type === 'arrondissement-municipal') && c.codesPostaux?.length && !['75056', '69123', '13055'].includes(c.code),
);

let seed = 20261123;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const strip = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
const sample = Array.from({ length: 1000 }, (_, i) => {
  const c = communes[Math.floor(random() * communes.length)]!;
  const cp = c.codesPostaux![0]!;
  const name = c.type === 'arrondissement-municipal' ? c.nom.replace(/ \d+(er|e) Arrondissement$/, '') : c.nom;
  const forms = [`Mairie, ${cp} ${name}`, strip(`mairie ${cp} ${name}`), name];
  return { insee: c.code, query: forms[i % 3]!, form: i % 3 };
});

const server = await startTestServer({ clock: () => new Date('2026-11-24T12:00:00+01:00') });
try {
  const started = performance.now();
  payloadOf(await getJson(server.baseUrl, '/v2/public/locations/?query=lyon'));
  const warmMs = performance.now() - started;

  const latencies: number[] = [];
  const right = [0, 0, 0];
  const perForm = [0, 0, 0];
  for (const { insee, query, form } of sample) {
    const t = performance.now();
    const suggestions = payloadOf(await getJson<LocationSuggestion[]>(server.baseUrl, `/v2/public/locations/?query=${encodeURIComponent(query)}`));
    latencies.push(performance.now() - t);
    perForm[form]!++;
    if (suggestions[0]?.place_id.startsWith(`commune:${insee}:`)) right[form]!++;
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(2);
  const t = performance.now();
  for (let i = 0; i < 200; i++) await getJson(server.baseUrl, '/v2/health');
  const roundTrip = (performance.now() - t) / 200;

  console.log('Location suggestions, offline provider, 1,000 real communes (HTTP on loopback, PGlite)');
  console.log(`  first query (builds the communes index): ${warmMs.toFixed(0)} ms`);
  console.log(`  p50 ${pct(50)} ms · p99 ${pct(99)} ms · max ${latencies.at(-1)!.toFixed(2)} ms  (a bare /v2/health round trip: ${roundTrip.toFixed(2)} ms)`);
  console.log(`  right commune first: ${right.reduce((a, b) => a + b, 0)} / 1000`);
  console.log(`    'Mairie, <cp> <Commune>':         ${right[0]} / ${perForm[0]}`);
  console.log(`    'mairie <cp> <commune>' no accents: ${right[1]} / ${perForm[1]}`);
  console.log(`    '<Commune>' alone (homonyms):      ${right[2]} / ${perForm[2]}`);

  const menus = payloadOf(await getJson<Menu[]>(server.baseUrl, '/v2/public/menus'));
  const settings = payloadOf(await getJson<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
  const now = new Date('2026-11-24T12:00:00+01:00');
  const today = toRestaurantDate(now);
  const week = () => {
    let count = 0;
    for (const isPickup of [false, true]) {
      const scheduling = readSchedulingSettings(settings, isPickup);
      for (let d = 0; d < 7; d++) count += generateSlots({ date: addDays(today, d), now, isPickup, menus, scheduling }).length;
    }
    return count;
  };
  let slots = week();
  const runs = 2000;
  const s = performance.now();
  for (let i = 0; i < runs; i++) slots = week();
  const perWeek = (performance.now() - s) / runs;
  console.log('Slots');
  console.log(`  a full week, delivery and pickup (${slots} slots): ${(perWeek * 1000).toFixed(0)} µs (${(perWeek / (roundTrip || 1)).toFixed(2)} of one HTTP round trip)`);
  console.log(`  server memory after the bench: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB RSS (index, PGlite and the test harness in one process)`);
} finally {
  await server.close();
}
