import type { CheckoutTab } from '@resto/domain/checkout';
import { describeSchedule } from '@resto/domain/scheduling';
import { readSetting } from '@resto/domain/settings';
import { checkoutConfirm } from '@resto/copy/storefront/checkout';
import { paymentTexts } from '@resto/copy/storefront/payment';
import { formatPrice } from '@resto/domain/format';
import { CardSection } from '../payment/index.ts';
import { useCartTotals } from '../cart/index.ts';
import type { StoreData } from '../../lib/api.server.ts';
import { useCartStore } from '../cart/cart-store.ts';
import { useCheckoutStore } from './checkout-store.ts';
import { usePlaceOrder } from './use-place-order.ts';
import { tabLabel } from './tabs-nav.tsx';
import { useMealVoucher } from './meal-voucher.ts';
import { MealVoucherAmounts } from './payment-tab.tsx';

/** Confirmation tab: what will be ordered, by whom, how, and the button that places the order. */
export function ConfirmationTab({ data, goTo }: { data: StoreData; goTo: (tab: CheckoutTab) => void }) {
  const { settings } = data;
  const personal = useCheckoutStore((s) => s.personal);
  const address = useCheckoutStore((s) => s.delivery);
  const method = useCheckoutStore((s) => s.method);
  const isPickup = useCartStore((s) => s.is_pickup);
  const count = useCartStore((s) => s.lines.length);
  // New prices wait for the customer's « J'ai compris » (RepricingNotice, docs/decisions/023).
  const repricing = useCartStore((s) => s.repriced.length > 0);
  // A dish sold out since it was added: the page's SoldOutNotice names it; no order until it is removed.
  const holdsSoldOut = useCartStore((s) => s.lines.some((line) => !line.item.item_is_available));
  const { placing, placeOrder } = usePlaceOrder(data, goTo);
  const { totals } = useCartTotals(data);
  const card = method === 'card';
  const voucher = useMealVoucher(data);

  const row = (tab: CheckoutTab, content: React.ReactNode) => (
    <div className="flex items-start justify-between gap-3 py-3">
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-ink/65">{tabLabel(tab, isPickup)}</p>
        <div>{content}</div>
      </div>
      <button type="button" onClick={() => goTo(tab)} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        {checkoutConfirm.edit}
      </button>
    </div>
  );

  const when = address.is_scheduled ? describeSchedule(address.delivery_date, address.delivery_time_range) : checkoutConfirm.asSoonAsPossible;

  return (
    <div>
      <h2 id="onglet-confirmation" className="mb-2 text-lg font-bold">
        {checkoutConfirm.heading}
      </h2>
      <div className="divide-y divide-black/5">
        {row('type', isPickup ? checkoutConfirm.pickup : checkoutConfirm.delivery)}
        {row(
          'personal',
          personal.first_name || personal.last_name ? (
            <>
              {personal.first_name} {personal.last_name}
              <br />
              <span className="text-sm text-ink/70">
                {personal.email} · {personal.phone}
              </span>
            </>
          ) : (
            <span className="text-red-700">{checkoutConfirm.toComplete}</span>
          ),
        )}
        {row(
          'delivery',
          isPickup ? (
            checkoutConfirm.pickupAt(when, readSetting(settings, 'contacts.address', ''))
          ) : address.address ? (
            checkoutConfirm.deliveryAt(when, [address.address, address.address2, `${address.postal_code ?? ''} ${address.city ?? ''}`].filter(Boolean).join(', '))
          ) : (
            <span className="text-red-700">{checkoutConfirm.addressToComplete}</span>
          ),
        )}
        {row(
          'payment',
          card ? (
            paymentTexts.cardTitle
          ) : voucher.chosen ? (
            <>
              {paymentTexts.mealVoucherTitle(isPickup ? paymentTexts.mealVoucherPickup : paymentTexts.mealVoucherDelivery)}
              <MealVoucherAmounts voucherCents={voucher.split.voucherCents} restCents={voucher.split.restCents} />
            </>
          ) : (
            paymentTexts.cashTitle
          ),
        )}
      </div>
      {card && count > 0 ? <CardSection totalCents={totals.totalCents} /> : null}
      <button
        type="button"
        onClick={() => void placeOrder()}
        disabled={placing || count === 0 || repricing || holdsSoldOut}
        className="mt-4 w-full rounded-full bg-brand-600 px-4 py-3.5 text-lg font-semibold text-white disabled:opacity-50"
      >
        {placing ? (card ? paymentTexts.paying : checkoutConfirm.sending) : card ? paymentTexts.pay(formatPrice(totals.totalCents)) : checkoutConfirm.submit}
      </button>
      <p className="mt-2 text-center text-xs text-ink/70">
        {card ? paymentTexts.cardCommitment : checkoutConfirm.commitment(isPickup ? checkoutConfirm.payOnPickup : checkoutConfirm.payOnDelivery)}
      </p>
    </div>
  );
}
