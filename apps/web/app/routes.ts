import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

/** Every page twice: unprefixed (canonical) and under /fr (spec section 2; DECISIONS.md). */
const pages = (idPrefix: string) => [
  index('routes/home.tsx', { id: `${idPrefix}home` }),
  route('menu', 'routes/menu.tsx', { id: `${idPrefix}menu` }),
  route('checkout', 'routes/checkout.tsx', { id: `${idPrefix}checkout` }),
  route('success', 'routes/success.tsx', { id: `${idPrefix}success` }),
];

export default [layout('routes/shell.tsx', [...pages(''), ...prefix('fr', pages('fr-')), route('*', 'routes/not-found.tsx')])] satisfies RouteConfig;
