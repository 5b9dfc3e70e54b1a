import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage, errorDetail } from './components/error-page.tsx';
import { useChunkErrorRecovery, useOfflineRecovery } from './features/pwa/index.ts';
import stylesheet from './app.css?url';

export const links: Route.LinksFunction = () => [
  // A stylesheet with a `precedence` is one of React's resources: written at the top of <head>, before
  // the route modules' modulepreloads (otherwise it queues behind them and delays the first paint; docs/decisions/027).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/icons/icon-48.png', type: 'image/png', sizes: '48x48' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/** A route may ask for no scripts at all (the offline page, served in place of any URL). */
function useNoScripts(): boolean {
  return useMatches().some((m) => (m.handle as { noScripts?: boolean } | undefined)?.noScripts === true);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const noScripts = useNoScripts();
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#ffffff" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {noScripts ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Spec section 2, "Error page": errors outside the shell (the shell has its own boundary). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useChunkErrorRecovery(error);
  useOfflineRecovery();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <ErrorPage notFound={notFound} detail={errorDetail(error)} />;
}
