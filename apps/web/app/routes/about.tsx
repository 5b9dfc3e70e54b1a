import { Link } from 'react-router';
import { readSetting } from '@resto/domain/settings';
import type { Route } from './+types/about';
import { requireAllowedPage } from '../lib/site-pages.server.ts';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Prose } from '../features/site/index.ts';
import { aboutPage } from '@resto/copy/storefront/site';

/** Disallowed by default (spec section 1): then it redirects home. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAllowedPage(context, request, 'About');
  return null;
}

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(aboutPage.pageTitle, { location, matches }, site ? readSetting(site.settings, 'site.description', '') : undefined, { site });
};

/** /about: the restaurant's presentation from the settings (docs/decisions/016, section 4.1). */
export default function About() {
  const { settings } = useStoreData();
  const prefix = useLocalePrefix();
  const name = readSetting(settings, 'contacts.name', aboutPage.restaurantFallback);
  return (
    <Prose title={aboutPage.heading(name)} intro={readSetting(settings, 'site.tagline', '')}>
      <p>{readSetting(settings, 'site.description', '')}</p>
      <p>{readSetting(settings, 'site.about', '')}</p>
      <p>
        <Link to={`${prefix}/menu`}>{aboutPage.discoverMenu}</Link>
      </p>
    </Prose>
  );
}
