import type { Env } from '../../../env.ts';
import type { LocationProviders } from '../../../app.ts';
import { createBanAddressProvider } from './ban.ts';
import { createOfflineAddressProvider } from './offline.ts';
import { createOsrmRouting } from './osrm.ts';
import { straightLineRouting } from './straight-line.ts';

/**
 * The providers the environment selects (README, "Address search"): LOCATIONS_PROVIDER=ban for
 * the Base Adresse Nationale at BAN_URL, OSRM_URL for road distances; offline otherwise. The
 * offline index is built in the background at start, so the first search does not wait for it.
 */
export function locationProviders(env: Pick<Env, 'LOCATIONS_PROVIDER' | 'BAN_URL' | 'OSRM_URL'>): LocationProviders {
  const routing = env.OSRM_URL ? createOsrmRouting(env.OSRM_URL) : straightLineRouting;
  if (env.LOCATIONS_PROVIDER === 'ban') return { addresses: createBanAddressProvider(env.BAN_URL), routing };
  const offline = createOfflineAddressProvider();
  // Its errors are met again, and answered, by the first search.
  setTimeout(() => void offline.warm().catch(() => undefined), 200).unref();
  return { addresses: offline, routing };
}
