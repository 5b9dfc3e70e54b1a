import { Mail, MapPin, Phone } from 'lucide-react';
import { getSocialLinks } from '@resto/domain/site';
import { readSetting } from '@resto/domain/settings';
import type { Route } from './+types/contact';
import { requireAllowedPage } from '../lib/site-pages.server.ts';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { Prose } from '../features/site/index.ts';
import { socialLabels } from '../features/site/index.ts';
import { contactPage } from '@resto/copy/storefront/site';

/** Disallowed by default (spec section 1): then it redirects home. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAllowedPage(context, request, 'Contact');
  return null;
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(contactPage.pageTitle, { location, matches }, contactPage.metaDescription, { site: siteMetaFrom(matches) });

/** /contact: address, phone, e-mail, map link and social links from the settings (docs/decisions/016, section 4.1). */
export default function Contact() {
  const { settings } = useStoreData();
  const address = readSetting<string>(settings, 'contacts.address', '');
  const phone = readSetting<string>(settings, 'contacts.phone', '');
  const email = readSetting<string>(settings, 'contacts.email', '');
  const map = readSetting<string>(settings, 'contacts.google_map', '');
  return (
    <Prose title={contactPage.heading}>
      <ul className="mt-4 space-y-3 [&_li]:ml-0 [&_li]:list-none">
        <li className="flex items-start gap-2">
          <MapPin size={18} className="mt-1 text-brand-600" aria-hidden /> {address}
          {map ? (
            <a href={map} rel="noopener noreferrer">
              {contactPage.viewMap}
            </a>
          ) : null}
        </li>
        <li className="flex items-center gap-2">
          <Phone size={18} className="text-brand-600" aria-hidden /> <a href={`tel:${phone.replace(/[\s.]/g, '')}`}>{phone}</a>
        </li>
        <li className="flex items-center gap-2">
          <Mail size={18} className="text-brand-600" aria-hidden /> <a href={`mailto:${email}`}>{email}</a>
        </li>
        {getSocialLinks(settings).map((link) => (
          <li key={link.network}>
            <a href={link.url} rel="noopener noreferrer">
              {socialLabels[link.network]}
            </a>
          </li>
        ))}
      </ul>
    </Prose>
  );
}
