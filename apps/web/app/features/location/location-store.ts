import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import type { DistanceRecord } from '@resto/domain/location';

/**
 * The visitor's delivery location (spec section 3, Location), persisted under the local-storage
 * key `location`: what was typed, the zone, and the distance record of the chosen address as
 * `_distance` (its `address` tells the install banner a location is saved, section 4).
 */
interface LocationState {
  is_pickup: boolean;
  query: string;
  zone: string | null;
  _distance: DistanceRecord | null;
  /** The last lookup failed or was refused (section 8: the query is marked invalid). */
  invalid: boolean;
  setQuery(query: string): void;
  choose(record: DistanceRecord): void;
  markInvalid(): void;
  setPickup(isPickup: boolean): void;
}

type StoredLocation = Pick<LocationState, 'is_pickup' | 'query' | 'zone' | '_distance'>;

/**
 * The stored value is the Location object itself, `{is_pickup, query, zone, _distance}` (spec
 * section 3: "a stored location object has a _distance.address field"), not zustand's
 * `{state, version}` envelope: other code (the install banner) reads it as the spec describes.
 */
const flatStorage: PersistStorage<StoredLocation> = {
  getItem: (name) => {
    try {
      const raw = localStorage.getItem(name);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return parsed && typeof parsed === 'object' ? { state: parsed as StoredLocation, version: 0 } : null;
    } catch {
      return null;
    }
  },
  setItem: (name, value) => localStorage.setItem(name, JSON.stringify(value.state)),
  removeItem: (name) => localStorage.removeItem(name),
};

export const useLocationStore = create<LocationState>()(
  persist(
    (set) => ({
      is_pickup: true,
      query: '',
      zone: null,
      _distance: null,
      invalid: false,
      setQuery: (query) => set({ query, invalid: false }),
      choose: (record) => set({ _distance: record, zone: record.zone, query: record.formatted_address, invalid: false }),
      markInvalid: () => set({ invalid: true }),
      setPickup: (is_pickup) => set({ is_pickup }),
    }),
    {
      name: 'location',
      storage: flatStorage,
      skipHydration: true,
      partialize: ({ is_pickup, query, zone, _distance }): StoredLocation => ({ is_pickup, query, zone, _distance }),
    },
  ),
);

/** The stored distance in the settings' unit when it is that of this address, else null (unknown). */
export function distanceFor(record: DistanceRecord | null, address: { postal_code: string; city: string }): number | null {
  if (!record || record.postal_code !== address.postal_code.trim()) return null;
  return record.city.trim().toLowerCase() === address.city.trim().toLowerCase() ? record.distance : null;
}
