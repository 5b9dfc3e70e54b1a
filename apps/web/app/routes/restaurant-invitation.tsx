import { getStaffInvitation } from '@resto/contract/staff.routes';
import { invitationPage, staffAnswers } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-invitation';
import { ApiCallError } from '../lib/api.ts';
import { serverApi } from '../lib/api.server.ts';
import { StaffInvitationForm, StaffInvitationInvalid } from '../features/staff/index.ts';

export const meta: Route.MetaFunction = () => [
  { title: invitationPage.title },
  { name: 'robots', content: 'noindex, nofollow' },
  // The link's token is in this page's URL: never sent to another site.
  { name: 'referrer', content: 'no-referrer' },
];

/** /restaurant/invitation?jeton=… (docs/decisions/020): what the link is for, or why it no longer works. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('jeton') ?? '';
  if (!/^[A-Za-z0-9_-]{16,200}$/.test(token)) return { token, info: null, message: staffAnswers.invitationInvalid };
  try {
    return { token, info: await serverApi(context).call(getStaffInvitation, { params: { token } }), message: null };
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'staff_invitation_invalid') return { token, info: null, message: error.message };
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

export default function RestaurantInvitation({ loaderData }: Route.ComponentProps) {
  return (
    <main className="min-h-dvh bg-stone-100 py-6">
      {loaderData.info ? (
        <StaffInvitationForm token={loaderData.token} info={loaderData.info} />
      ) : (
        <StaffInvitationInvalid message={loaderData.message ?? staffAnswers.invitationInvalid} />
      )}
    </main>
  );
}
