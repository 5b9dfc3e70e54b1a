import { getSettings } from '@resto/contract/catalog.routes';
import type { Route } from './+types/manifest';
import { loadFromApi } from '../lib/api.server.ts';
import { buildWebManifest } from '../lib/web-manifest.ts';

/** /manifest.webmanifest, built from the settings (spec section 1, "Installable"). */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await loadFromApi(context, getSettings);
  return new Response(JSON.stringify(buildWebManifest(settings)), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
