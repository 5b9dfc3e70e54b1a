import { useCartStore } from '../cart/cart-store.ts';
import { checkoutTabs, type CheckoutTab } from '@resto/domain/checkout';
import { checkoutSteps } from '@resto/copy/storefront/checkout';

const tabLabels: Record<CheckoutTab, string> = {
  type: checkoutSteps.orderType,
  personal: checkoutSteps.contact,
  delivery: checkoutSteps.pickup,
  payment: checkoutSteps.payment,
  confirmation: checkoutSteps.confirm,
};

/** A tab's name as the customer reads it: the third tab is « Retrait » for pickup, « Livraison » for delivery. */
export function tabLabel(tab: CheckoutTab, isPickup: boolean): string {
  return tab === 'delivery' && !isPickup ? checkoutSteps.delivery : tabLabels[tab];
}

/** The five checkout tabs in order (spec section 2); any tab can be opened directly. */
export function TabsNav({ current, onSelect }: { current: CheckoutTab; onSelect: (tab: CheckoutTab) => void }) {
  const isPickup = useCartStore((s) => s.is_pickup);
  const currentIndex = checkoutTabs.indexOf(current);
  return (
    <nav aria-label={checkoutSteps.label} className="mb-4 overflow-x-auto">
      <ol className="flex min-w-max gap-1">
        {checkoutTabs.map((tab, index) => (
          <li key={tab}>
            <button
              type="button"
              onClick={() => onSelect(tab)}
              aria-current={tab === current ? 'step' : undefined}
              className={`flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium ${
                tab === current ? 'bg-brand-600 text-white' : index < currentIndex ? 'bg-brand-100 text-brand-700' : 'bg-white text-ink/70'
              }`}
            >
              <span className="grid size-5 place-items-center rounded-full bg-black/10 text-xs">{index + 1}</span>
              <span className={tab === current ? '' : 'sr-only sm:not-sr-only'}>{tabLabel(tab, isPickup)}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
