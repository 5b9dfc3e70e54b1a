import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

/** Every page twice: unprefixed (canonical) and under /fr (spec section 2; docs/decisions/016, section 4.2). */
const pages = (idPrefix: string) => [
  index('routes/home.tsx', { id: `${idPrefix}home` }),
  route('menu', 'routes/menu.tsx', { id: `${idPrefix}menu` }),
  route('checkout', 'routes/checkout.tsx', { id: `${idPrefix}checkout` }),
  route('success', 'routes/success.tsx', { id: `${idPrefix}success` }),
  route('recu', 'routes/receipt.tsx', { id: `${idPrefix}receipt` }),
  route('suivi', 'routes/tracking.tsx', { id: `${idPrefix}tracking` }),
  // A card payment link (docs/decisions/038).
  route('payer/:token', 'routes/pay-link.tsx', { id: `${idPrefix}pay-link` }),
  route('auth', 'routes/auth.tsx', { id: `${idPrefix}auth` }),
  route('auth/login', 'routes/auth-login.tsx', { id: `${idPrefix}auth-login` }),
  route('auth/forgot', 'routes/auth-forgot.tsx', { id: `${idPrefix}auth-forgot` }),
  route('auth/signup', 'routes/auth-signup.tsx', { id: `${idPrefix}auth-signup` }),
  route('auth/verify', 'routes/auth-verify.tsx', { id: `${idPrefix}auth-verify` }),
  route('profile', 'routes/profile.tsx', { id: `${idPrefix}profile` }, [
    index('routes/profile-account.tsx', { id: `${idPrefix}profile-index` }),
    route('ViewOrders', 'routes/profile-orders.tsx', { id: `${idPrefix}profile-orders` }),
    route('ViewAccount', 'routes/profile-account.tsx', { id: `${idPrefix}profile-account` }),
    route('ViewProfile', 'routes/profile-profile.tsx', { id: `${idPrefix}profile-profile` }),
    route('ViewSecurity', 'routes/profile-security.tsx', { id: `${idPrefix}profile-security` }),
    route('ChangePassword', 'routes/profile-change-password.tsx', { id: `${idPrefix}profile-change-password` }),
  ]),
  route('about', 'routes/about.tsx', { id: `${idPrefix}about` }),
  route('contact', 'routes/contact.tsx', { id: `${idPrefix}contact` }),
  route('blog', 'routes/blog.tsx', { id: `${idPrefix}blog` }),
  route('cookie-policy', 'routes/cookie-policy.tsx', { id: `${idPrefix}cookie-policy` }),
  route('privacy-policy', 'routes/privacy-policy.tsx', { id: `${idPrefix}privacy-policy` }),
  route('terms-of-service', 'routes/terms-of-service.tsx', { id: `${idPrefix}terms-of-service` }),
];

/** Pages and files outside the site's layout: the offline page (spec section 2: no layout), sitemaps, robots, manifest. */
const bare = (idPrefix: string) => [
  route('offline', 'routes/offline.tsx', { id: `${idPrefix}offline` }),
  route('sitemap.xml', 'routes/sitemap.ts', { id: `${idPrefix}sitemap` }),
];

export default [
  ...bare(''),
  ...prefix('fr', bare('fr-')),
  route('robots.txt', 'routes/robots.ts'),
  route('manifest.webmanifest', 'routes/manifest.ts'),
  // docs/decisions/019: the kitchen ticket prints alone, outside any layout (no /fr twin for staff pages).
  route('restaurant/commandes/:orderId/ticket', 'routes/restaurant-ticket.tsx'),
  // The staff area (docs/decisions/020): outside the storefront's shell, no /fr twin.
  route('restaurant', 'routes/restaurant-login.tsx'),
  route('restaurant/invitation', 'routes/restaurant-invitation.tsx'),
  layout('routes/restaurant-area.tsx', [
    route('restaurant/commandes', 'routes/restaurant-orders.tsx'),
    // A phone order taken by staff (docs/decisions/036).
    route('restaurant/commandes/nouvelle', 'routes/restaurant-phone-order.tsx'),
    // Changing an order before it is ready (docs/decisions/039).
    route('restaurant/commandes/:orderId/modifier', 'routes/restaurant-change-order.tsx'),
    // Every past order (docs/decisions/033).
    route('restaurant/commandes/historique', 'routes/restaurant-history.tsx'),
    route('restaurant/commandes/historique/:orderId', 'routes/restaurant-history-order.tsx'),
    // The customers (docs/decisions/037).
    route('restaurant/clients', 'routes/restaurant-customers.tsx'),
    route('restaurant/clients/:customerKey', 'routes/restaurant-customer.tsx'),
    route('restaurant/equipe', 'routes/restaurant-team.tsx'),
    // The back office (docs/decisions/023).
    route('restaurant/carte', 'routes/restaurant-menu.tsx'),
    route('restaurant/disponibilites', 'routes/restaurant-availability.tsx'),
    route('restaurant/horaires', 'routes/restaurant-hours.tsx'),
    route('restaurant/capacite', 'routes/restaurant-capacity.tsx'),
    route('restaurant/livraison', 'routes/restaurant-delivery.tsx'),
    route('restaurant/offres', 'routes/restaurant-offers.tsx'),
    route('restaurant/imprimantes', 'routes/restaurant-printers.tsx'),
    route('restaurant/reglages', 'routes/restaurant-settings.tsx'),
    route('restaurant/journal', 'routes/restaurant-audit.tsx'),
    route('restaurant/import-export', 'routes/restaurant-import-export.tsx'),
    // The books (docs/decisions/031).
    route('restaurant/ventes', 'routes/restaurant-sales.tsx'),
    route('restaurant/exports', 'routes/restaurant-exports.tsx'),
    route('restaurant/registre', 'routes/restaurant-register.tsx'),
  ]),
  layout('routes/shell.tsx', [...pages(''), ...prefix('fr', pages('fr-')), route('*', 'routes/not-found.tsx')]),
] satisfies RouteConfig;
