import { estimateDurationMinutes, haversineKm, type LatLng } from '@resto/domain/location';
import type { RoutingProvider } from './types.ts';

/** Offline routing: the great-circle distance, and a duration estimated from it (no road network). */
export const straightLineRouting: RoutingProvider = {
  name: 'straight-line',
  route(from: LatLng, to: LatLng) {
    const km = haversineKm(from, to);
    return Promise.resolve({ km, minutes: estimateDurationMinutes(km) });
  },
};
