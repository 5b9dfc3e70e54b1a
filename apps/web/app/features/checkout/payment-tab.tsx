import { useEffect, useState } from 'react';
import { Banknote, CreditCard, Ticket } from 'lucide-react';
import { checkoutPayment } from '@resto/copy/storefront/checkout';
import { paymentAnswers, paymentTexts } from '@resto/copy/storefront/payment';
import { readPaymentMethods, resolvePaymentMethod } from '@resto/domain/payments';
import type { SettingsList } from '@resto/domain/settings';
import { useCheckoutStore } from './checkout-store.ts';
import { loadPaymentConfig } from '../payment/index.ts';
import { formatPrice } from '@resto/domain/format';
import { useCartStore } from '../cart/cart-store.ts';
import type { PricingData } from '../cart/index.ts';
import { useMealVoucher } from './meal-voucher.ts';

/**
 * Payment tab (spec sections 3–5): the methods the settings enable — `payments.cod.active` cash,
 * `payments.stripe.active` card (PayPal is not offered: docs/decisions/007). When cash is off
 * and card on, card is chosen for the visitor (section 4). With `payments.meal_voucher.active`, a
 * third choice: cash on site with meal vouchers for the eligible part (docs/decisions/012).
 */
export function PaymentTab({ settings, data, onDone }: { settings: SettingsList; data: PricingData; onDone: () => void }) {
  const method = useCheckoutStore((s) => s.method);
  const setMethod = useCheckoutStore((s) => s.setMethod);
  const setMealVoucher = useCheckoutStore((s) => s.setMealVoucher);
  const isPickup = useCartStore((s) => s.is_pickup);
  const voucher = useMealVoucher(data);
  // What the radio group shows: vouchers are cash on site with the voucher flag.
  const selected = method === 'cash' && voucher.chosen ? 'meal_voucher' : method;
  const choose = (value: 'cash' | 'card' | 'meal_voucher') => {
    setMethod(value === 'card' ? 'card' : 'cash');
    setMealVoucher(value === 'meal_voucher');
  };
  const { methods } = readPaymentMethods(settings);
  const resolved = resolvePaymentMethod(method, methods);
  useEffect(() => {
    if (resolved && resolved !== method) setMethod(resolved);
  }, [resolved, method, setMethod]);
  // docs/decisions/016, section 5: the built-in test processor is shown as test mode wherever card is offered.
  const cardOffered = methods.includes('card');
  const [testMode, setTestMode] = useState(false);
  useEffect(() => {
    if (!cardOffered) return;
    let live = true;
    loadPaymentConfig().then(
      (config) => live && setTestMode(config.provider === 'test'),
      () => undefined, // the confirmation tab says it if the API cannot be reached
    );
    return () => {
      live = false;
    };
  }, [cardOffered]);

  const option = 'flex min-h-14 items-center gap-3 rounded-2xl border-2 p-4';
  const choice = (value: 'cash' | 'card' | 'meal_voucher', icon: React.ReactNode, title: string, hint: string, badge?: string) => {
    const offered = value === 'meal_voucher' ? voucher.offered && voucher.split.eligibleCents > 0 : methods.includes(value);
    return (
      <label
        className={`${option} ${selected === value && offered ? 'border-brand-600 bg-brand-50' : 'border-black/10'} ${offered ? 'cursor-pointer' : 'cursor-not-allowed opacity-60'}`}
      >
        <input
          type="radio"
          name="method"
          value={value}
          checked={selected === value && offered}
          disabled={!offered}
          onChange={() => choose(value)}
          className="size-5 accent-brand-600"
        />
        {icon}
        <span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
            {title}
            {badge ? (
              <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900">{badge}</span>
            ) : null}
          </span>
          <span className="text-sm text-ink/70">{hint}</span>
        </span>
      </label>
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onDone();
      }}
      className="space-y-4"
    >
      <fieldset className="space-y-3">
        <legend id="onglet-payment" className="mb-3 text-lg font-bold">
          {checkoutPayment.heading}
        </legend>
        {choice('cash', <Banknote className="shrink-0 text-brand-600" aria-hidden />, paymentTexts.cashTitle, paymentTexts.cashHint)}
        {voucher.offered
          ? choice(
              'meal_voucher',
              <Ticket className="shrink-0 text-brand-600" aria-hidden />,
              paymentTexts.mealVoucherTitle(isPickup ? paymentTexts.mealVoucherPickup : paymentTexts.mealVoucherDelivery),
              voucher.split.eligibleCents > 0 ? paymentTexts.mealVoucherHint(formatPrice(voucher.dailyLimitCents)) : paymentAnswers.mealVoucherNothingEligible,
            )
          : null}
        {choice(
          'card',
          <CreditCard className="shrink-0 text-brand-600" aria-hidden />,
          paymentTexts.cardTitle,
          paymentTexts.cardHint,
          testMode ? paymentTexts.testMode : undefined,
        )}
      </fieldset>
      {voucher.chosen ? <MealVoucherAmounts voucherCents={voucher.split.voucherCents} restCents={voucher.split.restCents} /> : null}
      {!resolved ? <p className="text-sm font-medium text-red-700">{paymentTexts.noMethod}</p> : null}
      <button type="submit" disabled={!resolved} className="w-full rounded-full bg-brand-600 px-4 py-3 font-semibold text-white disabled:opacity-50 sm:w-auto">
        {checkoutPayment.next}
      </button>
    </form>
  );
}

/** The voucher part and the rest of the order, as the recap and the confirmation show them (docs/decisions/012). */
export function MealVoucherAmounts({ voucherCents, restCents }: { voucherCents: number; restCents: number }) {
  return (
    <p className="rounded-2xl bg-brand-50 p-3 text-sm" data-testid="meal-voucher-amounts">
      <span className="font-semibold">{paymentTexts.mealVoucherPayable(formatPrice(voucherCents))}</span>
      {restCents > 0 ? (
        <>
          <br />
          {paymentTexts.mealVoucherRest(formatPrice(restCents))}
        </>
      ) : null}
    </p>
  );
}
