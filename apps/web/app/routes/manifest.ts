import type { SettingsList } from '@resto/domain/settings';
import type { Route } from './+types/manifest';
import { apiGet } from '../lib/api.server.ts';
import { buildWebManifest } from '../lib/web-manifest.ts';

/** /manifest.webmanifest, built from the settings (spec section 1, "Installable"). */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await apiGet<SettingsList>(context, '/v2/public/settings');
  return new Response(JSON.stringify(buildWebManifest(settings)), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
