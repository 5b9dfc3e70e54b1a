import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { groupChoices } from '@resto/domain/catalogue';
import {
  BusinessSchema,
  DeliverySchema,
  orderPayloadTotals,
  PaymentSchema,
  PersonalSchema,
  type BusinessDetails,
  type CheckoutTab,
  type OrderPayload,
  type Personal,
} from '@resto/domain/checkout';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import type { StoreData } from '../../lib/api.server.ts';
import { createOrder, finalizeOrder } from '@resto/contract/orders.routes';
import { errorStatus } from '@resto/contract/errors';
import { api, isApiError, type ApiCallError } from '../../lib/api.ts';
import { useLocalePrefix } from '../../lib/paths.ts';
import { useToasts } from '../../components/ui/toast.tsx';
import { useCartStore } from '../cart/cart-store.ts';
import { priceCart } from '../cart/index.ts';
import { lastOrderKey, useCheckoutStore } from './checkout-store.ts';
import { distanceFor, useLocationStore } from '../location/location-store.ts';
import { useAuthStore } from '../account/auth-store.ts';
import { CardFormError, PaymentFailedError, payOrderByCard, prepareCardPayment } from '../payment/index.ts';
import { useTestCardStore } from '../payment/test-card-store.ts';
import { readMealVoucherSettings } from '@resto/domain/meal-vouchers';
import { cartVoucherSplit } from './meal-voucher.ts';
import type { CartTotals } from '@resto/domain/cart';
import type { CartLine } from '../cart/cart-store.ts';

/** No answer, or the server could not serve it: only the generic message is shown. */
function serverTrouble(error: ApiCallError): boolean {
  return error.code === 'network' || error.code === 'invalid_answer' || errorStatus[error.code] >= 500;
}

/** Whether meal vouchers are taken and would pay part of this cart (else the choice is not sent: docs/decisions/012). */
function voucherPays(lines: readonly CartLine[], totals: CartTotals, data: StoreData): boolean {
  const settings = readMealVoucherSettings(data.settings);
  return settings.active && cartVoucherSplit(lines, totals, settings.dailyLimitCents).voucherCents > 0;
}

type CartState = ReturnType<typeof useCartStore.getState>;
type CheckoutState = ReturnType<typeof useCheckoutStore.getState>;
type OrderBody = Omit<OrderPayload, 'local_id'>;

/** Who orders (spec section 6): logged in, the order carries user_id, proven by the bearer token; else a guest. */
function orderingAccount(): { userId: number | null; headers: Record<string, string> } {
  const { token, user } = useAuthStore.getState();
  return token && user ? { userId: user.id, headers: { Authorization: `Bearer ${token}` } } : { userId: null, headers: {} };
}

/**
 * Every checkout tab checked with the domain's schemas (spec section 5): the personal details and
 * company details as parsed, or the first tab to fill.
 */
function checkedForms(
  cart: CartState,
  checkout: CheckoutState,
): { incomplete: CheckoutTab } | { incomplete: undefined; personal: Personal; business: Required<BusinessDetails> | null } {
  const personal = PersonalSchema.safeParse(checkout.personal);
  const delivery = DeliverySchema.safeParse({ ...checkout.delivery, is_pickup: cart.is_pickup });
  const payment = PaymentSchema.safeParse({ method: checkout.method });
  const business = checkout.receipt.business ? BusinessSchema.safeParse(checkout.receipt.business) : null;
  const incomplete: CheckoutTab | undefined =
    !personal.success || business?.success === false ? 'personal' : !delivery.success ? 'delivery' : !payment.success ? 'payment' : undefined;
  if (incomplete || !personal.success) return { incomplete: incomplete ?? 'personal' };
  return { incomplete: undefined, personal: personal.data, business: business?.success ? business.data : null };
}

/**
 * The order payload but its local_id (spec section 3, "Order payload"): the cart's lines, its
 * totals priced as on screen (orderPayloadTotals: euros), the checkout's forms, status pending.
 */
function orderBody(cart: CartState, checkout: CheckoutState, data: StoreData, userId: number | null, business: Required<BusinessDetails> | null): OrderBody {
  const address = { postal_code: checkout.delivery.postal_code ?? '', city: checkout.delivery.city ?? '' };
  const record = useLocationStore.getState()._distance;
  const distance = distanceFor(record, address);
  const { totals, offers } = priceCart(cart.lines, cart.is_pickup, cart.coupon, data, cart.is_pickup ? null : { ...address, distance });
  const items = cart.lines.map((line) => ({
    item_id: line.item.item_id,
    item_menu_id: line.item.item_menu_id,
    quantity: line.quantity,
    note: line.note,
    options: groupChoices(line.choices),
  }));
  return {
    items,
    free_items: offers.freeItems,
    coupon: cart.coupon?.validity === 'valid' && !offers.couponRefusal ? cart.coupon.code : null,
    is_pickup: cart.is_pickup,
    ...orderPayloadTotals(totals),
    payment_method: checkout.method,
    // docs/decisions/012: sent only when chosen; the server computes the voucher amount itself.
    ...(checkout.method === 'cash' && checkout.mealVoucher && voucherPays(cart.lines, totals, data) ? { meal_voucher: true } : {}),
    transaction_id: null,
    user_id: userId,
    status: 'pending',
    customer: checkout.personal,
    // The position of the address chosen in the location panel, so the server measures the same distance.
    location: cart.is_pickup ? null : { ...checkout.delivery, ...(distance !== null && record ? { lat: record.lat, lng: record.lng } : {}) },
    is_scheduled: checkout.delivery.is_scheduled ?? false,
    delivery_date: checkout.delivery.is_scheduled ? (checkout.delivery.delivery_date ?? null) : null,
    delivery_time_range: checkout.delivery.is_scheduled ? (checkout.delivery.delivery_time_range ?? null) : null,
    date: new Date().toISOString(),
    receipt_hide_name: checkout.receipt.hideName,
    business,
  };
}

/**
 * POST /v2/public/checkout (pending), then for card the payment (customer, the order's intent,
 * confirmation in the browser: docs/decisions/007) and the PUT that makes it paid once the server has checked
 * with the provider; for cash the PUT that keeps it pending. The order's secret proves it to the
 * payment and finalisation calls (docs/decisions/014). @throws PaymentFailedError when the provider has not
 * confirmed the payment (yet), an ApiCallError otherwise.
 */
async function submitOrder(
  body: OrderBody,
  local_id: string,
  headers: Record<string, string>,
  customer: Personal,
): Promise<{ order_id: number; secret: string }> {
  const { order_id, secret } = await api.call(createOrder, { body: { ...body, local_id }, headers });
  if (body.payment_method === 'card') {
    const intentId = await payOrderByCard({ orderId: order_id, secret, total: body.total, customer });
    await api.call(finalizeOrder, { body: { order_id, transaction_id: intentId, status: 'paid', secret } }).catch((error: unknown) => {
      // The provider has not confirmed the payment (yet): the same order and intent will be retried.
      if (isApiError(error, 'payment_not_confirmed', 'payment_not_for_order', 'order_status_refused')) throw new PaymentFailedError();
      throw error;
    });
  } else {
    await api.call(finalizeOrder, { body: { order_id, transaction_id: null, status: 'pending', secret } });
  }
  return { order_id, secret };
}

/** What the screen does after a failed attempt: its alert, fresh data, another tab. */
interface FailureScreen {
  toast: (message: string) => void;
  revalidate: () => Promise<void>;
  goTo: (tab: CheckoutTab) => void;
}

/** Tells why the order was not placed (the error's own message when it has one), the cart and the forms kept as they are. */
async function showOrderFailure(error: unknown, { toast, revalidate, goTo }: FailureScreen): Promise<void> {
  if (error instanceof PaymentFailedError) {
    toast(paymentAnswers.paymentFailed);
  } else if (isApiError(error, 'coupon_unknown', 'coupon_expired', 'coupon_refused', 'coupon_already_used')) {
    // The server refused the coupon (expired, already used, not for this order): say why, keep the cart.
    const current = useCartStore.getState().coupon;
    if (current) useCartStore.getState().setCoupon({ ...current, validity: 'invalid', message: error.message });
    toast(error.message);
  } else if (isApiError(error, 'ordering_paused')) {
    // The restaurant paused meanwhile (docs/decisions/023): say until when, cart kept; the fresh
    // settings show the banner, and the delivery tab the slots after the pause.
    toast(error.message);
    await revalidate();
    goTo('delivery');
  } else if (isApiError(error, 'slot_full')) {
    // Capacity (docs/decisions/023): the slot filled up meanwhile; back to the picker, which shows it « complet » now.
    toast(error.message);
    goTo('delivery');
  } else if (isApiError(error, 'slot_unavailable', 'address_required', 'delivery_refused')) {
    // The time or the address no longer works (slot passed, too far…): back to the delivery tab, cart kept.
    toast(error.message);
    goTo('delivery');
  } else if (isApiError(error, 'login_required', 'session_expired', 'wrong_user', 'account_mismatch')) {
    // The session is over (revoked, expired): logged out here too; the next try orders as a guest.
    useAuthStore.getState().clear();
    toast(error.message);
  } else if (isApiError(error, 'prices_changed', 'payment_amount_changed')) {
    // The server repriced the cart: fresh menus and offers, hence the fresh totals on screen.
    toast(error.message);
    await revalidate();
  } else if (isApiError(error, 'customer_blocked')) {
    // The restaurant asks this customer to call (docs/decisions/037): its sentence alone, no « réessayer ».
    toast(error.message);
  } else if (isApiError(error) && !serverTrouble(error)) {
    toast(`${requestErrors.genericError} : ${error.message}`);
  } else {
    toast(requestErrors.genericError);
  }
}

/** After success (section 4): the order remembered for /success, the cart, the card data and the slot cleared. */
function forgetPlacedOrder(order: { order_id: number; local_id: string; secret: string }): void {
  localStorage.setItem(lastOrderKey, JSON.stringify(order));
  useCartStore.getState().clear();
  useCheckoutStore.getState().resetAfterOrder();
  useTestCardStore.getState().clear();
}

/**
 * Places the order (spec section 4): checks every tab, POST /v2/public/checkout/ (pending); for
 * card, pays it (customer, the order's intent, confirmation in the browser: docs/decisions/007); PUT to
 * finalise (cash stays pending, card becomes paid once the server has checked with the provider),
 * then clears the cart, the card data and the slot, and goes to /success.
 * A retry of the same order reuses its local_id, hence the same order and the same intent: never a
 * second order or a second charge; a failure keeps the cart and the forms as they are.
 */
export function usePlaceOrder(data: StoreData, goTo: (tab: CheckoutTab) => void) {
  const [placing, setPlacing] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const prefix = useLocalePrefix();
  const toast = useToasts((s) => s.show);

  const placeOrder = async () => {
    const cart = useCartStore.getState();
    const checkout = useCheckoutStore.getState();
    const account = orderingAccount();
    if (cart.lines.length === 0) return toast(orderAnswers.emptyCart);
    const forms = checkedForms(cart, checkout);
    if (forms.incomplete) {
      toast(requestErrors.fillRequired);
      return goTo(forms.incomplete);
    }

    if (checkout.method === 'card') {
      try {
        await prepareCardPayment();
      } catch (error) {
        if (error instanceof CardFormError) return toast(requestErrors.fillRequired);
        return toast(requestErrors.genericError);
      }
    }

    const body = orderBody(cart, checkout, data, account.userId, forms.business);
    const local_id = checkout.localIdFor(JSON.stringify(body, (key, value) => (key === 'date' ? undefined : value)));

    // A new attempt supersedes the last one's alert (« Le paiement a échoué… »): it must not
    // outlive a payment that went through and still be read on /success.
    useToasts.getState().dismissTone('error');
    setPlacing(true);
    try {
      const { order_id, secret } = await submitOrder(body, local_id, account.headers, forms.personal);
      forgetPlacedOrder({ order_id, local_id, secret });
      await navigate(`${prefix}/success?order=${order_id}`);
    } catch (error) {
      await showOrderFailure(error, { toast, revalidate: () => revalidator.revalidate(), goTo });
    } finally {
      setPlacing(false);
    }
  };

  return { placing, placeOrder };
}
