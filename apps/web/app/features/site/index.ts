/** The site's pages of text (about, contact and the legal pages of section 2 of the specification): what the routes and the footer use. */
export { Prose } from './prose.tsx';
export { SocialIcon, socialLabels } from './social-links.tsx';
