import { useOutletContext } from 'react-router';
import type { StaffMe } from '@resto/contract/staff';
import { restaurantImport } from '@resto/copy/staff/audit';
import { staffAnswers, staffArea } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-import-export';
import { ImportExportPage } from '../features/backoffice-audit/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: staffArea.importExport }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/import-export (docs/decisions/023): the owner's export and import; a staff member is told it is the owner's. */
export default function RestaurantImportExport() {
  const me = useOutletContext<StaffMe>();
  if (me.role !== 'owner')
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{restaurantImport.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffAnswers.forbidden}
        </p>
      </Card>
    );
  return <ImportExportPage />;
}
