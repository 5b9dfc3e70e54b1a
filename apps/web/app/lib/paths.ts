import { useLocation } from 'react-router';

/** '/fr' when the page was opened under /fr, so links keep the visitor's prefix (spec section 2). */
export function useLocalePrefix(): '' | '/fr' {
  const { pathname } = useLocation();
  return pathname === '/fr' || pathname.startsWith('/fr/') ? '/fr' : '';
}
