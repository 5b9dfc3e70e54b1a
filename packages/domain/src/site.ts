import { readSetting, type SettingsList } from './settings.ts';

/** The public pages whose display the configuration can refuse (spec section 1, "Page names disallowed"). */
export type OptionalPage = 'About' | 'Contact' | 'Blog';

/** The spec's default: Blog, Contact and About are disallowed, the blog feature is off (spec section 1). */
const defaultDisallowedPages: readonly OptionalPage[] = ['Blog', 'Contact', 'About'];

/**
 * Whether a public page may be shown. A page named in `site.disallowed_pages` (a list of page
 * names, compared without case) is refused; the blog also needs `features.blog.active`.
 * With no setting, the spec's defaults hold (docs/decisions/016, section 4.1).
 */
export function isPageAllowed(settings: SettingsList, page: OptionalPage): boolean {
  const disallowed = readSetting<unknown[]>(settings, 'site.disallowed_pages', [...defaultDisallowedPages]);
  const names = Array.isArray(disallowed) ? disallowed.filter((n): n is string => typeof n === 'string').map((n) => n.toLowerCase()) : [];
  if (names.includes(page.toLowerCase())) return false;
  if (page === 'Blog') return readSetting(settings, 'features.blog.active', false);
  return true;
}

/** A tag-manager id the spec accepts: `GTM-XXXX` or `G-XXXX` (spec section 1). */
export function isValidTagManagerId(id: string): boolean {
  return /^(GTM-[A-Z0-9]{4,12}|G-[A-Z0-9]{6,12})$/.test(id);
}

/**
 * The tag-manager id to load, or null: the integration must be switched on
 * (`integrations.tag_manager.active`) and its id valid. Loading also waits for consent (client side).
 */
export function getTagManagerId(settings: SettingsList): string | null {
  if (!readSetting(settings, 'integrations.tag_manager.active', false)) return null;
  const id = readSetting(settings, 'integrations.tag_manager.id', '').trim();
  return isValidTagManagerId(id) ? id : null;
}

/** The social networks the footer and the contact page may link to, in display order (spec section 3, contacts). */
const socialNetworks = ['facebook', 'instagram', 'twitter', 'tiktok', 'youtube', 'linkedin', 'pinterest'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** The social links that are set, as absolute http(s) URLs only; unset or malformed ones are left out. */
export function getSocialLinks(settings: SettingsList): { network: SocialNetwork; url: string }[] {
  return socialNetworks
    .map((network) => ({ network, url: readSetting(settings, `contacts.${network}`, '').trim() }))
    .filter((link) => /^https?:\/\/\S+$/.test(link.url));
}

/** What the legal pages print about the business; a missing value reads '[à compléter]' so a gap is visible, never invented. */
export interface LegalInfo {
  name: string;
  companyName: string;
  legalForm: string;
  registration: string;
  siret: string;
  vatNumber: string;
  publicationDirector: string;
  host: string;
  mediator: string;
  address: string;
  phone: string;
  email: string;
  siteUrl: string;
}

const missing = '[à compléter]';

/** The legal notice's facts from the settings (`legal.*`, `contacts.*`, `site.url`). */
export function getLegalInfo(settings: SettingsList): LegalInfo {
  const read = (name: string) => readSetting(settings, name, '').trim() || missing;
  return {
    name: read('contacts.name'),
    companyName: read('legal.company_name'),
    legalForm: read('legal.legal_form'),
    registration: read('legal.registration'),
    siret: read('legal.siret'),
    vatNumber: read('legal.vat_number'),
    publicationDirector: read('legal.publication_director'),
    host: read('legal.host'),
    mediator: read('legal.mediator'),
    address: read('contacts.address'),
    phone: read('contacts.phone'),
    email: read('contacts.email'),
    siteUrl: read('site.url'),
  };
}
