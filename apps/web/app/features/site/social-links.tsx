import { Facebook, Globe, Instagram, Linkedin, Twitter, Youtube } from 'lucide-react';
import type { SocialNetwork } from '@resto/domain/site';
import { socialLinks } from '@resto/copy/storefront/site';

/** How each network is named to a French visitor. */
export const socialLabels: Record<SocialNetwork, string> = {
  facebook: socialLinks.facebook,
  instagram: socialLinks.instagram,
  twitter: socialLinks.twitter,
  tiktok: socialLinks.tiktok,
  youtube: socialLinks.youtube,
  linkedin: socialLinks.linkedin,
  pinterest: socialLinks.pinterest,
};

const icons: Partial<Record<SocialNetwork, typeof Globe>> = {
  facebook: Facebook,
  instagram: Instagram,
  twitter: Twitter,
  youtube: Youtube,
  linkedin: Linkedin,
};

/** The icon of a network (bundled; a generic globe for networks lucide has no mark for). */
export function SocialIcon({ network }: { network: SocialNetwork }) {
  const Icon = icons[network] ?? Globe;
  return <Icon size={18} aria-hidden />;
}
