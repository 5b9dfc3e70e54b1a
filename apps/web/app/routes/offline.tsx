import { WifiOff } from 'lucide-react';
import type { Route } from './+types/offline';
import { pageMeta } from '../lib/seo.ts';
import { offlinePage } from '@resto/copy/storefront/pwa';
import { buttonClass } from '../components/ui/button.tsx';

/**
 * /offline: shown by the service worker for a page never visited when the network is gone. No
 * layout and no scripts (handle.noScripts): it is served in place of any URL, so it must not
 * hydrate as the page it stands for.
 */
export const handle = { noScripts: true };

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(offlinePage.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

export default function Offline() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-night p-6 text-center text-white">
      <WifiOff size={48} className="text-brand-500" aria-hidden />
      <h1 className="text-3xl font-extrabold">{offlinePage.heading}</h1>
      <p className="max-w-md text-white/80">{offlinePage.explanation}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/menu" className={buttonClass('primary', 'border border-brand-600 px-5 py-2.5')}>
          {offlinePage.viewMenu}
        </a>
        <a href="" className="rounded-full border border-white/30 px-5 py-2.5 font-semibold">
          {offlinePage.retry}
        </a>
      </div>
    </main>
  );
}
