import { useEffect } from 'react';
import { data, isRouteErrorResponse, Link, useNavigate } from 'react-router';
import { checkoutTabs, isCheckoutTab, type CheckoutTab } from '@resto/domain/checkout';
import { orderAnswers } from '@resto/copy/errors/orders';
import { checkoutPage } from '@resto/copy/storefront/checkout';
import { OrderingBanner } from '../features/backoffice-hours/index.ts';
import type { Route } from './+types/checkout';
import { useStoreData } from '../lib/store-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { useCartStore } from '../features/cart/cart-store.ts';
import { useHydratedStores } from '../lib/use-hydrated-stores.ts';
import { TabsNav } from '../features/checkout/index.ts';
import { TypeTab } from '../features/checkout/index.ts';
import { PersonalTab } from '../features/checkout/index.ts';
import { DeliveryTab } from '../features/checkout/index.ts';
import { useScheduleGuard } from '../features/checkout/index.ts';
import { PaymentTab } from '../features/checkout/index.ts';
import { ConfirmationTab } from '../features/checkout/index.ts';
import { CartSummary } from '../features/checkout/index.ts';
import { SoldOutNotice } from '../features/checkout/index.ts';
import { ErrorPage } from '../components/error-page.tsx';
import { RepricingNotice } from '../features/checkout/index.ts';
import { cardClass } from '../components/ui/card.tsx';

/** ?tab= picks the checkout tab (spec section 2: an unknown tab is an error). */
function readTab(url: string): CheckoutTab {
  const tab = new URL(url).searchParams.get('tab') ?? 'type';
  if (!isCheckoutTab(tab)) throw data(orderAnswers.unknownTab, { status: 404 });
  return tab;
}

export function loader({ request }: Route.LoaderArgs) {
  return { tab: readTab(request.url) };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { tab: readTab(request.url) };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(checkoutPage.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { tab } = loaderData;
  const store = useStoreData();
  const { settings, menus } = store;
  const lines = useCartStore((s) => s.lines);
  const refreshItems = useCartStore((s) => s.refreshItems);
  const prefix = useLocalePrefix();
  const navigate = useNavigate();
  const index = checkoutTabs.indexOf(tab);

  const ready = useHydratedStores();
  useEffect(() => {
    if (ready) refreshItems(menus);
  }, [ready, menus, refreshItems]);

  const goTo = (next: CheckoutTab) => navigate({ search: `?tab=${next}` });
  useScheduleGuard(tab, ready, store, goTo);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 lg:grid lg:grid-cols-[1fr_22rem] lg:gap-8">
      <div>
        <h1 className="mb-4 text-2xl font-extrabold">{checkoutPage.heading}</h1>
        <OrderingBanner settings={settings} className="mb-4" />
        <TabsNav current={tab} onSelect={goTo} />
        {ready ? <RepricingNotice data={store} /> : null}
        {ready ? <SoldOutNotice /> : null}
        {ready && lines.length === 0 ? (
          <p className={`${cardClass} mb-4 p-4 text-sm`} suppressHydrationWarning>
            {checkoutPage.emptyCart}{' '}
            <Link to={`${prefix}/menu`} className="font-semibold text-brand-700 underline">
              {checkoutPage.viewMenu}
            </Link>
          </p>
        ) : null}
        <section aria-labelledby={`onglet-${tab}`} className="rounded-3xl bg-white p-5 shadow-sm">
          {!ready && <p className="py-8 text-center text-ink/70">{checkoutPage.loading}</p>}
          {ready && tab === 'type' && <TypeTab data={store} onDone={() => goTo('personal')} />}
          {ready && tab === 'personal' && <PersonalTab onDone={() => goTo('delivery')} />}
          {ready && tab === 'delivery' && <DeliveryTab data={store} onDone={() => goTo('payment')} />}
          {ready && tab === 'payment' && <PaymentTab settings={settings} data={store} onDone={() => goTo('confirmation')} />}
          {ready && tab === 'confirmation' && <ConfirmationTab data={store} goTo={goTo} />}
        </section>
        <div className="mt-4 flex justify-between">
          {index > 0 ? (
            <button
              type="button"
              onClick={() => goTo(checkoutTabs[index - 1]!)}
              className="rounded-full px-4 py-2.5 font-medium text-ink/80 underline-offset-2 hover:underline"
            >
              {checkoutPage.previous}
            </button>
          ) : (
            <span />
          )}
        </div>
      </div>
      <aside className="mt-6 lg:mt-12" aria-label={checkoutPage.cartSummary}>
        <CartSummary data={store} />
      </aside>
    </div>
  );
}

/** An unknown ?tab= (spec section 2) is shown inside the site's layout, with the way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      notFound={isRouteErrorResponse(error) && error.status === 404}
      detail={isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined}
    />
  );
}
