import { getMenuTree } from '@resto/contract/menu.routes';
import { menuEditor } from '@resto/copy/staff/menu';
import { staffArea } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-menu';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { MenuEditorPage } from '../features/backoffice-menu/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: staffArea.menu }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/carte (docs/decisions/023): the owner's menu editor; a staff member is told it is the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffPage(
    async () => {
      const tree = await staffApi(request, context).call(getMenuTree);
      return { tree, now: new Date().toISOString(), forbidden: false as const };
    },
    { forbidden: () => ({ tree: null, now: '', forbidden: true as const }) },
  );
}

export default function RestaurantMenu({ loaderData }: Route.ComponentProps) {
  if (!loaderData.tree)
    return (
      <Card data-testid="menu-forbidden">
        <h1 className="text-2xl font-extrabold">{menuEditor.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {menuEditor.forbidden}
        </p>
      </Card>
    );
  return <MenuEditorPage tree={loaderData.tree} now={loaderData.now} />;
}
