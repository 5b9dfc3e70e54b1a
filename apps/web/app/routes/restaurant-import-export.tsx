import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-import-export';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.importExport }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/import-export (issue 14): being built. */
export default function RestaurantImportExport() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.importExport}</h1>;
}
