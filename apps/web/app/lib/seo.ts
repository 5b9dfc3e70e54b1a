/**
 * Title and canonical link of a page: the /fr twin points at the unprefixed page (DECISIONS.md,
 * "Pages and configuration").
 */
export function pageMeta(title: string, pathname: string, description?: string) {
  const canonical = pathname.replace(/^\/fr(?=\/|$)/, '') || '/';
  return [{ title }, ...(description ? [{ name: 'description', content: description }] : []), { tagName: 'link', rel: 'canonical', href: canonical }];
}
