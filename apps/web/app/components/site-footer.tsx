import { Link } from 'react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import type { Menu } from '@resto/domain/catalogue';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import { getSocialLinks, isPageAllowed } from '@resto/domain/site';
import { SocialIcon, socialLabels } from '../features/site/index.ts';
import { openCookieConsent } from '../features/pwa/index.ts';
import { siteFooter } from '@resto/copy/storefront/site';

/** Dark footer in four columns: the restaurant, opening hours, contacts, links and social links that are set (spec section 1). */
export function SiteFooter({ settings, menus, prefix = '' }: { settings: SettingsList; menus: Menu[]; prefix?: string }) {
  const name = readSetting(settings, 'contacts.name', '');
  const address = readSetting<string>(settings, 'contacts.address', '');
  const phone = readSetting<string>(settings, 'contacts.phone', '');
  const email = readSetting<string>(settings, 'contacts.email', '');
  const map = readSetting<string>(settings, 'contacts.google_map', '');
  const credits = readSetting<string>(settings, 'site.credits', '');
  const mainMenu = menus[0];
  const socials = getSocialLinks(settings);
  const pages = [
    { to: `${prefix}/menu`, label: siteFooter.menu, shown: true },
    { to: `${prefix}/about`, label: siteFooter.about, shown: isPageAllowed(settings, 'About') },
    { to: `${prefix}/contact`, label: siteFooter.contact, shown: isPageAllowed(settings, 'Contact') },
    { to: `${prefix}/blog`, label: siteFooter.blog, shown: isPageAllowed(settings, 'Blog') },
    { to: `${prefix}/terms-of-service`, label: siteFooter.terms, shown: true },
    { to: `${prefix}/privacy-policy`, label: siteFooter.privacy, shown: true },
    { to: `${prefix}/cookie-policy`, label: siteFooter.cookies, shown: true },
  ].filter((p) => p.shown);
  const link = 'underline-offset-2 hover:text-white hover:underline';
  return (
    <footer className="bg-night text-sm text-white/75">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <h2 className="mb-2 font-semibold text-white">{name}</h2>
          <p>{readSetting(settings, 'site.tagline', '')}</p>
          {socials.length ? (
            <ul className="mt-4 flex gap-2" aria-label={siteFooter.social}>
              {socials.map((s) => (
                <li key={s.network}>
                  <a
                    href={s.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={socialLabels[s.network]}
                    className="flex h-9 w-9 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                  >
                    <SocialIcon network={s.network} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section>
          <h2 className="mb-2 font-semibold text-white">{siteFooter.hours}</h2>
          {mainMenu ? (
            <ul className="space-y-0.5">
              {mainMenu.active_times.map((day) => (
                <li key={day.day} className="flex justify-between gap-3">
                  <span>{day.label}</span>
                  <span className="text-right">
                    {day.is_open
                      ? day.times.map((t) => (
                          <span key={t.start} className="block whitespace-nowrap">
                            {t.start}–{t.end}
                          </span>
                        ))
                      : siteFooter.closed}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section>
          <h2 className="mb-2 font-semibold text-white">{siteFooter.findUs}</h2>
          <address className="space-y-1.5 not-italic">
            {address ? (
              <p className="flex gap-2">
                <MapPin size={16} className="mt-0.5 shrink-0" aria-hidden />
                {map ? (
                  <a href={map} rel="noopener noreferrer" target="_blank" className={link}>
                    {address}
                  </a>
                ) : (
                  address
                )}
              </p>
            ) : null}
            {phone ? (
              <p className="flex gap-2">
                <Phone size={16} className="mt-0.5 shrink-0" aria-hidden />
                <a href={`tel:${phone.replace(/[\s.]/g, '')}`} className={link}>
                  {phone}
                </a>
              </p>
            ) : null}
            {email ? (
              <p className="flex gap-2">
                <Mail size={16} className="mt-0.5 shrink-0" aria-hidden />
                <a href={`mailto:${email}`} className={`${link} break-all`}>
                  {email}
                </a>
              </p>
            ) : null}
          </address>
        </section>
        <nav aria-label={siteFooter.linksLabel}>
          <h2 className="mb-2 font-semibold text-white">{siteFooter.information}</h2>
          <ul className="space-y-1">
            {pages.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className={link}>
                  {p.label}
                </Link>
              </li>
            ))}
            <li>
              {/* docs/decisions/012 (RGPD): the cookie choice can be changed at any time, from every page. */}
              <button type="button" onClick={openCookieConsent} className={`${link} text-left`}>
                {siteFooter.manageCookies}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs">
        © {name}
        {credits ? ` · ${credits}` : ''}{siteFooter.onlineOrderingSuffix}
      </p>
    </footer>
  );
}
