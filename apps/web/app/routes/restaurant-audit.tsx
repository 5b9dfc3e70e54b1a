import { listAuditEntries } from '@resto/contract/audit.routes';
import { auditLog } from '@resto/copy/staff/audit';
import { staffAnswers, staffArea } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-audit';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { AuditLogPage } from '../features/backoffice-audit/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: staffArea.audit }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/journal?entity=&before_id= (docs/decisions/023): a page of the audit log; a staff member is told it is the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const entity = url.searchParams.get('entity') || null;
  const beforeId = Number(url.searchParams.get('before_id')) || undefined;
  return loadStaffPage(
    async () => {
      const page = await staffApi(request, context).call(listAuditEntries, { query: { entity: entity ?? undefined, before_id: beforeId } });
      return { page, entity, forbidden: false as const };
    },
    { forbidden: () => ({ page: null, entity, forbidden: true as const }) },
  );
}

export default function RestaurantAudit({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page)
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{auditLog.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffAnswers.forbidden}
        </p>
      </Card>
    );
  return <AuditLogPage page={loaderData.page} entity={loaderData.entity} />;
}
