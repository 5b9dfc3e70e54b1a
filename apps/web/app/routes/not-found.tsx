import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { errorPage, notFoundPage } from '@resto/copy/storefront/site';
import { ErrorPage } from '../components/error-page.tsx';
import { siteMetaFrom, titleWithSite } from '../lib/seo.ts';

/** Unmatched paths: a non-fatal 404 'Page not found: {fullPath}' (spec section 8), inside the site's layout. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleWithSite(notFoundPage.pageTitle, siteMetaFrom(matches)) },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <ErrorPage notFound detail={errorPage.pageNotFoundPath(loaderData.path)} />;
}
