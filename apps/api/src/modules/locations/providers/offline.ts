import { haversineKm, type LatLng, type LocationSuggestion, type ResolvedAddress } from '@resto/domain/location';
import { loadCommunesIndex, normalizeText, type Commune, type CommunesIndex } from './communes-index.ts';
import type { AddressProvider } from './types.ts';

/**
 * The embedded address provider (docs/decisions/016, section 5): works offline for all of France at
 * the commune level. What the visitor typed before the commune ('12 rue de la Paix') is kept as
 * the street line; the commune is found by postal code and/or name (accents, case, 'St' ignored),
 * typed whole or as a prefix. Positions are the commune's (see communes-index.ts).
 */

const placePrefix = 'commune:';

interface Match {
  commune: Commune;
  postalCode: string;
  street: string;
}

/** Words of the street line, tidied: spaces collapsed, no trailing comma. */
const tidyStreet = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;-]+|[\s,;-]+$/g, '')
    .trim();

/** 'rue de la paix' → 'Rue de la paix' (first letter only: the visitor's spelling is kept). */
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function firstPostalCode(commune: Commune, wanted: string | null): string {
  return wanted && commune.postalCodes.includes(wanted) ? wanted : commune.postalCodes[0]!;
}

/**
 * Finds the communes a query names: a 5-digit postal code narrows the candidates; then the longest
 * run of trailing words that is a commune's whole name, else a commune name starting with them.
 */
function matchQuery(index: CommunesIndex, query: string, limit: number, near: LatLng | null = null): Match[] {
  const postal = /\b(\d{5})\b/.exec(query)?.[1] ?? null;
  const withoutPostal = postal ? query.replace(postal, ' ') : query;
  // The words as typed (for the street line) and normalised (for matching), kept aligned.
  const typed = withoutPostal.split(/[\s,;]+/).filter(Boolean);
  const words = typed.map((w) => normalizeText(w));
  const candidates = postal ? (index.byPostalCode.get(postal) ?? []) : null;

  const pick = (communes: readonly Commune[], streetWords: number): Match[] =>
    communes
      .slice(0, limit)
      .map((commune) => ({ commune, postalCode: firstPostalCode(commune, postal), street: capitalize(tidyStreet(typed.slice(0, streetWords).join(' '))) }));

  for (let k = Math.min(6, words.length); k >= 1; k--) {
    const name = words
      .slice(words.length - k)
      .join(' ')
      .trim();
    if (!name) continue;
    const exact = (index.byName.get(name) ?? []).filter((c) => !candidates || candidates.includes(c));
    // Homonyms ('8 rue Mercière lyon': nine arrondissements, 'Saint-Denis': dozens): nearest the restaurant first.
    if (exact.length) return pick(near ? [...exact].sort((a, b) => haversineKm(near, a) - haversineKm(near, b)) : exact, words.length - k);
  }
  if (candidates?.length) return pick(candidates, words.length);
  // The commune is being typed: 'vill' → Villeurbanne, Villejuif… by population.
  for (let k = Math.min(4, words.length); k >= 1; k--) {
    const prefix = words
      .slice(words.length - k)
      .join(' ')
      .trim();
    if (prefix.length < 3) continue;
    const found = prefixMatches(index, prefix, limit);
    if (found.length) return pick(found, words.length - k);
  }
  return [];
}

function prefixMatches(index: CommunesIndex, prefix: string, limit: number): Commune[] {
  const keys = index.sortedKeys;
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (keys[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  const found = new Set<Commune>();
  for (let i = low; i < keys.length && keys[i]!.startsWith(prefix); i++) for (const c of index.byName.get(keys[i]!) ?? []) found.add(c);
  return [...found].sort((a, b) => b.population - a.population).slice(0, limit);
}

function toResolved(match: Match): ResolvedAddress {
  const { commune, postalCode, street } = match;
  const locality = `${postalCode} ${commune.name}`;
  return {
    address: street,
    city: commune.name,
    postal_code: postalCode,
    state: [commune.departementName, commune.regionName].filter(Boolean).join(', '),
    country: 'France',
    formatted_address: street ? `${street}, ${locality}` : locality,
    lat: commune.lat,
    lng: commune.lng,
  };
}

function toSuggestion(match: Match): LocationSuggestion {
  const resolved = toResolved(match);
  const locality = `${match.postalCode} ${match.commune.name}`;
  return {
    description: resolved.formatted_address,
    structured_formatting: match.street
      ? { main_text: match.street, secondary_text: `${locality}, France` }
      : { main_text: match.commune.name, secondary_text: `${match.postalCode}, ${match.commune.departementName}` },
    place_id: `${placePrefix}${match.commune.insee}:${match.postalCode}:${match.street}`,
  };
}

/** The offline provider over the communes index (built on first use, or by warm()). */
export function createOfflineAddressProvider(getIndex: () => Promise<CommunesIndex> = loadCommunesIndex): AddressProvider & { warm(): Promise<unknown> } {
  return {
    name: 'offline',
    warm: getIndex,
    async suggest(query, limit, near) {
      return matchQuery(await getIndex(), query, limit, near).map(toSuggestion);
    },
    async resolve(location, near) {
      const index = await getIndex();
      if (location.startsWith(placePrefix)) {
        const [insee = '', postalCode = '', ...street] = location.slice(placePrefix.length).split(':');
        const commune = index.communes.find((c) => c.insee === insee);
        if (!commune || !commune.postalCodes.includes(postalCode)) return null;
        return toResolved({ commune, postalCode, street: tidyStreet(street.join(':')) });
      }
      const [best] = matchQuery(index, location, 1, near);
      return best ? toResolved(best) : null;
    },
    async reverse(point: LatLng) {
      const commune = (await getIndex()).nearest(point);
      return commune ? { ...toResolved({ commune, postalCode: commune.postalCodes[0]!, street: '' }), lat: point.lat, lng: point.lng } : null;
    },
  };
}
