import type { LatLng } from '@resto/domain/location';
import { ProviderError, type RoutingProvider } from './types.ts';

/**
 * Road distance from an OSRM server (OSRM_URL): GET
 * `{baseUrl}/route/v1/driving/{lng},{lat};{lng},{lat}?overview=false`, answering
 * `{code: 'Ok', routes: [{distance (m), duration (s)}]}` or another `code` with a `message`.
 */
export function createOsrmRouting(baseUrl: string, fetchImpl: typeof fetch = fetch): RoutingProvider {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    name: 'osrm',
    async route(from: LatLng, to: LatLng) {
      const url = `${root}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=false&alternatives=false&steps=false`;
      let response: Response;
      try {
        response = await fetchImpl(url, { signal: AbortSignal.timeout(3000), headers: { Accept: 'application/json' } });
      } catch (error) {
        throw new ProviderError('osrm', error instanceof Error ? error.message : 'no answer');
      }
      const body = (await response.json().catch(() => null)) as { code?: string; message?: string; routes?: { distance?: number; duration?: number }[] } | null;
      const route = body?.routes?.[0];
      if (!response.ok || body?.code !== 'Ok' || typeof route?.distance !== 'number' || typeof route.duration !== 'number') {
        throw new ProviderError('osrm', `${body?.code ?? `HTTP ${response.status}`}${body?.message ? `: ${body.message}` : ''}`);
      }
      return { km: route.distance / 1000, minutes: route.duration / 60 };
    },
  };
}
