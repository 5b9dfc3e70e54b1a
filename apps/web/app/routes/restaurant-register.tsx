import { createBooksArchive, listBooksArchives, verifyBooks } from '@resto/contract/books-archives.routes';
import { booksRegister } from '@resto/copy/staff/books-register';
import { staffAnswers } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-register';
import { ApiCallError } from '../lib/api.ts';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { RegisterPage, type RegisterActionData } from '../features/books-register/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: booksRegister.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/registre (docs/decisions/031): the owner's archives, newest first; a staff member is
 * told the page is the owner's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffPage(
    async () => {
      const { archives } = await staffApi(request, context).call(listBooksArchives);
      return { archives, forbidden: false as const };
    },
    { forbidden: () => ({ archives: [], forbidden: true as const }) },
  );
}

/**
 * The page's two forms (posted without JavaScript too): `intent=verify` verifies the journal
 * (POST /v2/restaurant/books/verification); `intent=archive` archives the closed month `period`
 * (POST /v2/restaurant/books/archives), a month not closed (422 period_not_closed) or not
 * 'AAAA-MM' (invalid_request) answered with the API's French message and the typed month kept.
 * @throws a redirect to the login page without a session, Response 502 on another failure.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<RegisterActionData> {
  const form = await request.formData();
  const api = staffApi(request, context);
  if (form.get('intent') === 'verify') return loadStaffPage(async () => ({ intent: 'verify' as const, verification: await api.call(verifyBooks) }));
  const period = String(form.get('period') ?? '').trim();
  return loadStaffPage(async () => {
    try {
      const archived = await api.call(createBooksArchive, { body: { period } });
      return { intent: 'archive' as const, period, archived, refusal: null };
    } catch (error) {
      if (!(error instanceof ApiCallError) || !error.is('period_not_closed', 'invalid_request')) throw error;
      return { intent: 'archive' as const, period, archived: null, refusal: error.errors[0]?.message ?? error.message };
    }
  });
}

export default function RestaurantRegister({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.forbidden)
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{booksRegister.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffAnswers.forbidden}
        </p>
      </Card>
    );
  return <RegisterPage archives={loaderData.archives} actionData={actionData} />;
}
