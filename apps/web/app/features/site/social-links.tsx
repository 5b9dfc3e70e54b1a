import { Facebook, Globe, Instagram, Linkedin, Twitter, Youtube } from 'lucide-react';
import type { SocialNetwork } from '@resto/domain/site';
import { socialLinksTexts } from '@resto/domain/messages/site';

/** How each network is named to a French visitor. */
export const socialLabels: Record<SocialNetwork, string> = {
  facebook: socialLinksTexts.facebook,
  instagram: socialLinksTexts.instagram,
  twitter: socialLinksTexts.xTwitter,
  tiktok: socialLinksTexts.tiktok,
  youtube: socialLinksTexts.youtube,
  linkedin: socialLinksTexts.linkedin,
  pinterest: socialLinksTexts.pinterest,
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
