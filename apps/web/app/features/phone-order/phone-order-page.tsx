import { useEffect, useLayoutEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Minus, Plus, Trash2 } from 'lucide-react';
import type { BoardOrder } from '@resto/contract/board';
import type { Menu, MenuItem, ChosenOptionValue } from '@resto/domain/catalogue';
import { groupChoices, validateOptionChoices } from '@resto/domain/catalogue';
import { orderPayloadTotals } from '@resto/domain/checkout';
import { formatEuros, formatPrice } from '@resto/domain/format';
import { formatPhone } from '@resto/domain/phone';
import { eurosToCents } from '@resto/domain/money';
import { orderedPrices, withOrderedPrices, type OrderedPrice } from '@resto/domain/order-change';
import type { DistanceRecord } from '@resto/domain/location';
import { PhoneCustomerSchema, type PhoneOrderPayload } from '@resto/domain/phone-order';
import { buildSearchIndex, searchItems } from '@resto/domain/search';
import type { SettingsList } from '@resto/domain/settings';
import type { Offer } from '@resto/domain/offers';
import { phoneOrderPage as t } from '@resto/copy/staff/phone-order';
import { boardOrderCard } from '@resto/copy/staff/board';
import { paymentLinkPanel } from '@resto/copy/staff/payment-links';
import type { PaymentLinkAnswer } from '@resto/contract/payment-links';
import { orderHistoryPage } from '@resto/copy/staff/order-history';
import { checkoutOrderType, checkoutContact } from '@resto/copy/storefront/checkout';
import { words } from '@resto/copy/words';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiCallError } from '../../lib/api-error.ts';
import { priceCart } from '../cart/index.ts';
import type { CartLine } from '../cart/cart-store.ts';
import { SchedulePicker, type ScheduleValue } from '../checkout/index.ts';
import { fetchDistanceRecord, LocationSearch } from '../location/index.ts';
import { changeOrder, placePhoneOrder } from './phone-order-api.ts';
import { orderChangePage, orderChangeSettlement } from '@resto/copy/staff/order-change';
import { createPaymentLink, PaymentLinkShare } from '../board/index.ts';

/** A new idempotency key: kept across retries of one order, new after it is placed (docs/decisions/036). */
const newLocalId = () => `phone-${crypto.randomUUID().replace(/-/g, '')}`;
/** A change's key (docs/decisions/039): kept across retries of one change. */
const newChangeKey = () => `change-${crypto.randomUUID().replace(/-/g, '')}`;

/** The cart of an order being changed (docs/decisions/039): its paid lines, the dishes found in the menus (all of them: one off since stays). */
function cartOf(order: BoardOrder, itemsById: ReadonlyMap<number, MenuItem>): CartLine[] {
  return order.items.flatMap((line) => {
    const item = itemsById.get(line.item_id);
    if (!item) return [];
    const choices = line.options.map((o) => ({ option_id: o.option_id, option_option_id: o.id, quantity: o.quantity }));
    return [{ line_id: `${order.order_id}-${line.item_id}-${line.note}-${JSON.stringify(choices)}`, item, choices, quantity: line.quantity, note: line.note }];
  });
}

/** The stored address of an order (its `location`), as the change keeps it until staff search another. */
function keptLocationOf(order: BoardOrder | undefined): Record<string, unknown> | null {
  return order && !order.is_pickup ? order.location : null;
}
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The stored position of a kept address as the distance call takes it ("lat,lng"), or null when it has none. */
function pointOf(location: Record<string, unknown> | null): string | null {
  return location && typeof location.lat === 'number' && typeof location.lng === 'number' ? `${location.lat},${location.lng}` : null;
}

/** The paid lines of an order as stored, in cents: the prices a change keeps (domain orderedPrices, docs/decisions/039). */
function orderedLinesOf(order: BoardOrder) {
  return order.items.map((line) => ({
    itemId: line.item_id,
    unitPriceCents: eurosToCents(line.unit_price),
    options: line.options.map((o) => ({ id: o.id, price_cents: eurosToCents(o.price), quantity: o.quantity })),
  }));
}

/** Back to the search box: the next dish is typed at once. */
const focusSearch = () => document.getElementById('phone-search')?.focus();

/** The cards' padding: compact, for a tablet. */
const boxPadding = 'p-4';

const emptyCustomer = { first_name: '', last_name: '', phone: '', email: '' };

/** The customer's fields as the screen shows them. */
const customerFieldIds = { first_name: 'phone-first-name', last_name: 'phone-last-name', phone: 'phone-phone', email: 'phone-email' } as const;

/** What the field `id` holds in the page now ('' on the server, or before the field exists). */
function typedIn(id: string): string {
  if (typeof document === 'undefined') return '';
  return (document.getElementById(id) as HTMLInputElement | null)?.value ?? '';
}

/**
 * The customer typed before the page was hydrated (a fast caller, a slow tablet): the server's
 * fields hold it, and React's next render would write its state over them. Read as the state
 * starts, and again once hydrated (`useTypedDuringHydration`); empty on the server and after a
 * navigation (no fields yet).
 */
function customerTypedBeforeHydration(): typeof emptyCustomer {
  const customer = { ...emptyCustomer };
  for (const [key, id] of Object.entries(customerFieldIds) as [keyof typeof emptyCustomer, string][]) customer[key] = typedIn(id);
  return customer;
}

/**
 * Hydration yields to the browser: text typed after the state was first read and before the
 * fields became React's is in the fields (React keeps a controlled field's text at hydration) but
 * not in the state, and the next render would erase it. Once committed, before any later event,
 * the state takes what the fields hold. For a new order only (a change starts from the order).
 */
function useTypedDuringHydration(active: boolean, setCustomer: (update: (current: typeof emptyCustomer) => typeof emptyCustomer) => void, setQuery: (query: string) => void) {
  useLayoutEffect(() => {
    if (!active) return;
    const typed = Object.entries(customerTypedBeforeHydration()).filter(([, value]) => value !== '');
    setCustomer((current) => (typed.some(([key, value]) => current[key as keyof typeof emptyCustomer] !== value) ? { ...current, ...Object.fromEntries(typed) } : current));
    const search = typedIn('phone-search');
    if (search) setQuery(search);
    // Once, at the first commit (`active` is the page's, the setters are React's, stable): later text comes through the fields' own events.
  }, [active, setCustomer, setQuery]);
}

const asap: ScheduleValue = { is_scheduled: false, delivery_date: null, delivery_time_range: null };

/** The dish being added: its option values chosen so far and its note. */
interface Picking {
  item: MenuItem;
  choices: ChosenOptionValue[];
  note: string;
  error: string | null;
}

/**
 * « Nouvelle commande » (/restaurant/commandes/nouvelle, docs/decisions/036-phone-orders.md): staff
 * take an order for a customer who calls. The menu with its search (domain search.ts), a dish's
 * options and note, quantities, the cart priced by the storefront's own pricing (cart feature,
 * domain pricing.ts), the customer (phone normalised as the checkout does), pickup or delivery
 * with the address search and the zone's fee, « dès que possible » or a slot (the checkout's
 * picker), paid at the counter. The server decides with the storefront's rules; a retry keeps its
 * local_id, so a submit sent twice is one order. Keyboard: Enter in the search adds the first dish.
 */
export function PhoneOrderPage({
  menus,
  settings,
  offers,
  editing,
  coupon,
}: {
  menus: Menu[];
  settings: SettingsList;
  offers: Offer[];
  /** « Modifier la commande » (docs/decisions/039): the order to change, its customer kept; absent: a new phone order. */
  editing?: BoardOrder | undefined;
  /** The changed order's coupon offer (GET /v2/public/offers/{coupon}), or null. */
  coupon?: Offer | null | undefined;
}) {
  const allItems = useMemo(() => menus.flatMap((menu) => menu.categories.flatMap((category) => category.items)), [menus]);
  const items = useMemo(() => allItems.filter((item) => item.item_is_available), [allItems]);
  const itemsById = useMemo(() => new Map(allItems.map((item) => [item.item_id, item])), [allItems]);
  const index = useMemo(() => buildSearchIndex(items), [items]);
  const [query, setQuery] = useState('');
  const found = useMemo(() => (query.trim() ? searchItems(index, query) : items), [index, items, query]);
  const [order, setOrder] = useState(editing);
  const [lines, setLines] = useState<CartLine[]>(() => (editing ? cartOf(editing, itemsById) : []));
  const [picking, setPicking] = useState<Picking | null>(null);
  const [customer, setCustomer] = useState(() => (editing ? { ...editing.customer } : customerTypedBeforeHydration()));
  useTypedDuringHydration(!editing, setCustomer, setQuery);
  const [isPickup, setIsPickup] = useState(editing?.is_pickup ?? true);
  const [street, setStreet] = useState(text(keptLocationOf(editing)?.address));
  const [place, setPlace] = useState<DistanceRecord | null>(null);
  const [keptLocation, setKeptLocation] = useState(() => keptLocationOf(editing));
  const [schedule, setSchedule] = useState<ScheduleValue>(
    editing ? { is_scheduled: editing.is_scheduled, delivery_date: editing.delivery_date, delivery_time_range: editing.delivery_time_range } : asap,
  );
  const [localId, setLocalId] = useState(newLocalId);
  const [changeKey] = useState(newChangeKey);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [created, setCreated] = useState<BoardOrder | null>(null);
  const [changed, setChanged] = useState<BoardOrder | null>(null);
  // How the customer pays (docs/decisions/038): at the counter, or by card through a payment link made once the order is.
  const [payBy, setPayBy] = useState<'counter' | 'link'>('counter');
  const [link, setLink] = useState<PaymentLinkAnswer | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);

  // The call starts with the name: the first field has the focus (after the navigation's own focus handling); a change starts with the menu.
  useEffect(() => {
    const timer = setTimeout(() => document.getElementById(editing ? 'phone-search' : 'phone-first-name')?.focus(), 0);
    return () => clearTimeout(timer);
  }, [editing]);

  // The kept address's distance (docs/decisions/039), asked once from its stored position: the server
  // routes to that same position (quoteOrderAddress), so a fee by distance tier agrees.
  const keptPoint = pointOf(keptLocation);
  const [keptDistance, setKeptDistance] = useState<{ point: string; status: 'ready' | 'failed'; distance: number | null } | null>(null);
  useEffect(() => {
    if (!keptPoint) return;
    // Loading until a record of this point arrives (keptDistanceStatus below).
    let live = true;
    fetchDistanceRecord(keptPoint).then(
      (record) => live && setKeptDistance({ point: keptPoint, status: 'ready', distance: record.distance }),
      () => live && setKeptDistance({ point: keptPoint, status: 'failed', distance: null }),
    );
    return () => {
      live = false;
    };
  }, [keptPoint]);
  const keptDistanceStatus = keptPoint && !place ? (keptDistance?.point === keptPoint ? keptDistance.status : 'loading') : null;
  const keptAddress = keptLocation
    ? {
        postal_code: text(keptLocation.postal_code),
        city: text(keptLocation.city),
        distance: keptDistanceStatus === 'ready' ? (keptDistance?.distance ?? null) : null,
      }
    : null;
  const address = place ? { postal_code: place.postal_code, city: place.city, distance: place.distance } : keptAddress;
  // A changed order keeps its coupon (docs/decisions/039), priced here as the server will.
  const cartCoupon = order?.coupon_code && coupon ? { code: order.coupon_code, validity: 'valid' as const, id: coupon.id, offer: coupon, message: null } : null;
  // The dishes the order had keep the prices they were ordered at while its type stays (docs/decisions/039), as the server prices them.
  const ordered = useMemo(() => (order ? orderedPrices(orderedLinesOf(order), order.is_pickup, isPickup) : new Map<number, OrderedPrice>()), [order, isPickup]);
  const asOrdered = (item: MenuItem) => withOrderedPrices(item, ordered.get(item.item_id), isPickup);
  const pricedLines = lines.map((line) => ({ ...line, item: asOrdered(line.item) }));
  const { totals, offers: applied } = priceCart(pricedLines, isPickup, cartCoupon, { settings, offers }, isPickup ? null : address);
  const waitsForDistance = !isPickup && keptDistanceStatus === 'loading';
  const customerCheck = PhoneCustomerSchema.safeParse(customer);
  const fieldError = (path: string) =>
    refusal?.fields[path] ??
    (refusal && !customerCheck.success ? customerCheck.error.issues.find((i) => i.path.join('.') === path.replace('customer.', ''))?.message : undefined);

  const addItem = (item: MenuItem) => {
    if (item.options.length) {
      setPicking({ item, choices: [], note: '', error: null });
      return;
    }
    addLine(item, [], '');
  };
  const addLine = (item: MenuItem, choices: ChosenOptionValue[], note: string) => {
    setLines((current) => {
      const same = current.find((line) => line.item.item_id === item.item_id && line.note === note && JSON.stringify(line.choices) === JSON.stringify(choices));
      if (same) return current.map((line) => (line === same ? { ...line, quantity: line.quantity + 1 } : line));
      return [...current, { line_id: crypto.randomUUID(), item, choices, quantity: 1, note }];
    });
    setPicking(null);
    setQuery('');
    focusSearch();
  };
  const setQuantity = (lineId: string, quantity: number) =>
    setLines((current) =>
      quantity <= 0 ? current.filter((line) => line.line_id !== lineId) : current.map((line) => (line.line_id === lineId ? { ...line, quantity } : line)),
    );

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (found[0] && query.trim()) addItem(found[0]);
      // An empty search and Enter: on to the order type (keyboard only: no Tab through the whole menu).
      else if (!query.trim()) document.querySelector<HTMLInputElement>('input[name="order-type"]:checked')?.focus();
    }
  };

  const confirmPicking = () => {
    if (!picking) return;
    const errors = validateOptionChoices(picking.item.item_name, picking.item.options, picking.choices);
    if (errors.length) {
      setPicking({ ...picking, error: errors[0]!.message });
      return;
    }
    addLine(picking.item, picking.choices, picking.note.trim());
  };

  /** The order's new content as the change sends it (docs/decisions/039): the storefront's payload fields. */
  const changedContent = () => ({
    items: lines.map((line) => ({
      item_id: line.item.item_id,
      item_menu_id: line.item.item_menu_id,
      quantity: line.quantity,
      note: line.note,
      options: groupChoices(line.choices),
    })),
    free_items: applied.freeItems,
    coupon: order?.coupon_code ?? null,
    is_pickup: isPickup,
    ...orderPayloadTotals(totals),
    location: isPickup
      ? null
      : place
        ? {
            address: street.trim() || place.address || '',
            city: place.city,
            postal_code: place.postal_code,
            country: place.country ?? 'France',
            lat: place.lat,
            lng: place.lng,
          }
        : { ...keptLocation, address: street.trim() || text(keptLocation?.address) },
    ...schedule,
  });

  const submitChange = async (current: BoardOrder) => {
    setSubmitting(true);
    setRefusal(null);
    try {
      setChanged(await changeOrder(current.order_id, { change_key: changeKey, revision: current.revision, order: changedContent() }));
    } catch (error) {
      if (!(error instanceof ApiCallError)) setRefusal({ message: t.networkError, fields: {} });
      else {
        setRefusal({ message: error.message, fields: Object.fromEntries(error.errors.map((e) => [e.path, e.message])) });
        // Changed by someone else meanwhile: the screen shows the order as it is now, to change again.
        const fresh = error.payload as BoardOrder | undefined;
        if (error.is('order_transition_refused') && fresh?.order_id === current.order_id) {
          setOrder(fresh);
          setLines(cartOf(fresh, itemsById));
          setIsPickup(fresh.is_pickup);
          setKeptLocation(keptLocationOf(fresh));
          setStreet(text(keptLocationOf(fresh)?.address));
          setPlace(null);
          setSchedule({ is_scheduled: fresh.is_scheduled, delivery_date: fresh.delivery_date, delivery_time_range: fresh.delivery_time_range });
        }
      }
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || lines.length === 0 || waitsForDistance) return;
    if (order) return submitChange(order);
    if (!customerCheck.success) {
      setRefusal({ message: customerCheck.error.issues[0]?.message ?? '', fields: {} });
      return;
    }
    const body: PhoneOrderPayload = {
      local_id: localId,
      items: lines.map((line) => ({
        item_id: line.item.item_id,
        item_menu_id: line.item.item_menu_id,
        quantity: line.quantity,
        note: line.note,
        options: groupChoices(line.choices),
      })),
      free_items: applied.freeItems,
      coupon: null,
      is_pickup: isPickup,
      ...orderPayloadTotals(totals),
      payment_method: 'cash',
      status: 'pending',
      customer: customerCheck.data,
      location: isPickup
        ? null
        : {
            address: street.trim() || place?.address || '',
            city: place?.city ?? '',
            postal_code: place?.postal_code ?? '',
            country: place?.country ?? 'France',
            ...(place ? { lat: place.lat, lng: place.lng } : {}),
          },
      ...schedule,
      date: new Date().toISOString(),
      receipt_hide_name: false,
      business: null,
    };
    setSubmitting(true);
    setRefusal(null);
    try {
      const order = await placePhoneOrder(body);
      setLink(null);
      setLinkError(null);
      if (payBy === 'link') {
        // The order is made: a link that fails is said here, and « Envoyer un lien de paiement » on the board tries again.
        try {
          setLink(await createPaymentLink(order.order_id));
        } catch (error) {
          setLinkError(error instanceof ApiCallError ? error.message : t.networkError);
        }
      }
      setCreated(order);
      setLines([]);
      setCustomer(emptyCustomer);
      setStreet('');
      setPlace(null);
      setSchedule(asap);
      setLocalId(newLocalId());
    } catch (error) {
      if (error instanceof ApiCallError) setRefusal({ message: error.message, fields: Object.fromEntries(error.errors.map((e) => [e.path, e.message])) });
      else setRefusal({ message: t.networkError, fields: {} });
    } finally {
      setSubmitting(false);
    }
  };

  if (changed) {
    const last = changed.changes.at(-1);
    const money =
      last?.settlement === 'refund'
        ? orderChangeSettlement.refund(formatEuros(last.settlement_amount))
        : last?.settlement === 'due'
          ? orderChangeSettlement.due(formatEuros(last.settlement_amount))
          : changed.payment_method === 'cash'
            ? orderChangeSettlement.cashTotal(formatEuros(changed.total))
            : orderChangeSettlement.none;
    return (
      <Card className="mx-auto max-w-xl space-y-4" data-testid="order-changed">
        <p role="status" className="text-lg font-bold">
          {orderChangePage.done(changed.order_id)}
        </p>
        {last ? <p className="text-ink/80">{last.summary}</p> : null}
        <p className="font-semibold" data-testid="order-changed-money">
          {money}
        </p>
        <Link to="/restaurant/commandes" autoFocus className={buttonClass('primary', 'inline-block px-5 py-2.5')}>
          {orderChangePage.back}
        </Link>
      </Card>
    );
  }

  if (created)
    return (
      <Card className="mx-auto max-w-xl space-y-4" data-testid="phone-order-created">
        <p role="status" className="text-lg font-bold">
          {t.created(created.order_id)}
        </p>
        {link ? <PaymentLinkShare link={link} /> : null}
        {linkError ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800">
            {linkError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button
            autoFocus
            onClick={() => {
              setCreated(null);
              setTimeout(() => focusSearch(), 0);
            }}
            className="px-5 py-2.5"
          >
            {t.newOrder}
          </Button>
          <Link to="/restaurant/commandes" className={buttonClass('secondary', 'px-5 py-2.5')}>
            {orderHistoryPage.onBoard}
          </Link>
        </div>
      </Card>
    );

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" data-testid="phone-order" noValidate>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-extrabold">{order ? orderChangePage.title(order.order_id) : t.pageTitle}</h1>
        <Link to="/restaurant/commandes" className="inline-flex items-center gap-1 text-sm font-semibold text-ink/70 underline">
          <ArrowLeft size={16} aria-hidden />
          {t.backToBoard}
        </Link>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-4">
          {order ? (
            <Card padding={boxPadding} className="space-y-1" data-testid="change-customer">
              <h2 className="text-lg font-bold">{t.customerHeading}</h2>
              <p className="font-semibold">
                {order.customer.first_name} {order.customer.last_name} · {formatPhone(order.customer.phone)}
              </p>
              <p className="text-sm text-ink/70">{orderChangePage.customerLocked}</p>
              <p className="text-sm">
                {orderChangePage.before} : <span className="font-semibold tabular-nums">{formatEuros(order.total)}</span>
              </p>
            </Card>
          ) : (
            <Card padding={boxPadding} className="space-y-3">
              <h2 className="text-lg font-bold">{t.customerHeading}</h2>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  id="phone-first-name"
                  autoFocus
                  label={checkoutContact.firstName}
                  autoComplete="off"
                  value={customer.first_name}
                  error={fieldError('customer.first_name')}
                  onChange={(e) => setCustomer({ ...customer, first_name: e.target.value })}
                />
                <Field
                  id="phone-last-name"
                  label={checkoutContact.lastName}
                  autoComplete="off"
                  value={customer.last_name}
                  error={fieldError('customer.last_name')}
                  onChange={(e) => setCustomer({ ...customer, last_name: e.target.value })}
                />
                <Field
                  id="phone-phone"
                  label={words.phone}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={customer.phone}
                  error={fieldError('customer.phone')}
                  onChange={(e) => setCustomer({ ...customer, phone: e.target.value })}
                  onBlur={() => setCustomer((c) => ({ ...c, phone: c.phone.trim() ? formatPhone(c.phone) : c.phone }))}
                />
                <Field
                  id="phone-email"
                  label={t.emailOptional}
                  type="email"
                  autoComplete="off"
                  value={customer.email}
                  error={fieldError('customer.email')}
                  onChange={(e) => setCustomer({ ...customer, email: e.target.value })}
                />
              </div>
            </Card>
          )}
          <Card padding={boxPadding} className="space-y-3">
            <h2 className="text-lg font-bold">{t.menuHeading}</h2>
            <Field
              id="phone-search"
              label={t.searchLabel}
              placeholder={t.searchPlaceholder}
              value={query}
              autoComplete="off"
              autoFocus
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onSearchKey}
            />
            <p className="text-xs text-ink/60">{t.searchHint}</p>
            {picking ? (
              <OptionsForm
                picking={picking}
                priced={asOrdered(picking.item)}
                onChange={setPicking}
                onConfirm={confirmPicking}
                onCancel={() => setPicking(null)}
              />
            ) : (
              <ul className="max-h-[28rem] space-y-1 overflow-y-auto" aria-label={t.menuHeading} data-testid="phone-menu">
                {found.length === 0 ? <li className="text-sm text-ink/70">{t.noResult}</li> : null}
                {found.map((item) => (
                  <li key={`${item.item_menu_id}-${item.item_id}`}>
                    <button
                      type="button"
                      onClick={() => addItem(item)}
                      aria-label={t.add(item.item_name)}
                      className="flex w-full items-center justify-between gap-3 rounded-xl border border-black/10 px-3 py-2.5 text-left hover:bg-black/5"
                    >
                      <span className="min-w-0 font-semibold">{item.item_name}</span>
                      <span className="shrink-0 tabular-nums">
                        {formatEuros(isPickup ? asOrdered(item).item_price.price_pickup : asOrdered(item).item_price.price_delivery)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>

        <div className="space-y-4">
          <Card padding={boxPadding} className="space-y-2">
            <h2 className="text-lg font-bold">{t.cartHeading}</h2>
            {lines.length === 0 ? <p className="text-sm text-ink/70">{t.cartEmpty}</p> : null}
            <ul className="space-y-2" data-testid="phone-cart">
              {lines.map((line, position) => (
                <li key={line.line_id} className="flex flex-wrap items-center justify-between gap-2 border-b border-black/5 pb-2">
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{line.item.item_name}</span>
                    {line.choices.length ? <span className="block text-sm text-ink/70">{describe(line)}</span> : null}
                    {line.note ? <span className="block text-sm italic text-ink/70">{boardOrderCard.note(line.note)}</span> : null}
                  </span>
                  <span className="flex items-center gap-1">
                    <button
                      type="button"
                      className={buttonClass('secondary', 'p-2')}
                      aria-label={t.less(line.item.item_name)}
                      onClick={() => setQuantity(line.line_id, line.quantity - 1)}
                    >
                      {line.quantity === 1 ? <Trash2 size={16} aria-hidden /> : <Minus size={16} aria-hidden />}
                    </button>
                    <span className="w-8 text-center font-bold tabular-nums" aria-label={t.quantityOf(line.item.item_name)}>
                      {line.quantity}
                    </span>
                    <button
                      type="button"
                      className={buttonClass('secondary', 'p-2')}
                      aria-label={t.more(line.item.item_name)}
                      onClick={() => setQuantity(line.line_id, line.quantity + 1)}
                    >
                      <Plus size={16} aria-hidden />
                    </button>
                  </span>
                  <span className="w-20 text-right font-semibold tabular-nums">{formatPrice(totals.lines[position]?.amountCents ?? 0)}</span>
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-2 gap-y-1 pt-1 text-sm tabular-nums">
              {totals.discountCents > 0 ? (
                <>
                  <dt>{words.discounts}</dt>
                  <dd className="text-right">−{formatPrice(totals.discountCents)}</dd>
                </>
              ) : null}
              {!isPickup ? (
                <>
                  <dt>{words.delivery}</dt>
                  <dd className="text-right">{formatPrice(totals.deliveryCents)}</dd>
                </>
              ) : null}
              <dt className="text-base font-bold">{words.total}</dt>
              <dd className="text-right text-base font-bold" data-testid="phone-total">
                {formatPrice(totals.totalCents)}
              </dd>
            </dl>
          </Card>

          <Card padding={boxPadding} className="space-y-3">
            <fieldset>
              <legend className="mb-2 text-lg font-bold">{t.typeHeading}</legend>
              <div className="grid grid-cols-2 gap-3">
                {[true, false].map((pickup) => (
                  <label
                    key={String(pickup)}
                    className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-2 ${isPickup === pickup ? 'border-brand-600 bg-brand-50' : 'border-black/10'}`}
                  >
                    <input
                      type="radio"
                      name="order-type"
                      checked={isPickup === pickup}
                      onChange={() => setIsPickup(pickup)}
                      className="size-5 accent-brand-600"
                    />
                    <span className="font-semibold">{pickup ? checkoutOrderType.pickup : checkoutOrderType.delivery}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            {!isPickup ? (
              <div className="space-y-3" data-testid="phone-delivery">
                <LocationSearch onChosen={(record) => setPlace(record)} />
                {keptLocation && !place ? <p className="text-sm text-ink/70">{text(keptLocation.formatted_address) || street}</p> : null}
                {keptDistanceStatus === 'loading' ? (
                  <p role="status" className="text-sm text-ink/70" data-testid="phone-kept-distance">
                    {orderChangePage.keptDistanceLoading}
                  </p>
                ) : keptDistanceStatus === 'failed' ? (
                  <p role="alert" className="text-sm font-semibold text-red-800" data-testid="phone-kept-distance">
                    {orderChangePage.keptDistanceFailed}
                  </p>
                ) : null}
                <Field
                  id="phone-street"
                  label={t.addressLabel}
                  placeholder={t.addressPlaceholder}
                  value={street}
                  error={fieldError('location.address')}
                  onChange={(e) => setStreet(e.target.value)}
                />
                {place || keptDistanceStatus === 'ready' ? (
                  <p className="text-sm font-semibold" data-testid="phone-delivery-fee">
                    {t.deliveryFee(formatPrice(totals.deliveryCents))}
                  </p>
                ) : null}
              </div>
            ) : null}
            <SchedulePicker
              menus={menus}
              settings={settings}
              isPickup={isPickup}
              value={schedule}
              onChange={setSchedule}
              error={fieldError('delivery_time_range')}
            />
            {order ? null : (
              <fieldset className="space-y-2" data-testid="phone-payment">
                <legend className="text-sm font-bold">{paymentLinkPanel.paymentHeading}</legend>
                <label className="flex items-center gap-2 text-sm font-semibold">
                  <input type="radio" name="phone-payment" checked={payBy === 'counter'} onChange={() => setPayBy('counter')} className="size-4" />
                  {t.paidAtCounter}
                </label>
                <label className="flex items-center gap-2 text-sm font-semibold">
                  <input
                    type="radio"
                    name="phone-payment"
                    checked={payBy === 'link'}
                    onChange={() => setPayBy('link')}
                    className="size-4"
                    data-testid="phone-pay-by-link"
                  />
                  {paymentLinkPanel.phoneChoice}
                </label>
                {payBy === 'link' ? <p className="text-sm text-ink/70">{paymentLinkPanel.phoneChoiceHint}</p> : null}
              </fieldset>
            )}
          </Card>

          {refusal ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800" data-testid="phone-refusal">
              {refusal.message}
            </p>
          ) : null}
          <Button type="submit" disabled={submitting || lines.length === 0 || waitsForDistance} className="w-full px-5 py-3 text-lg" data-testid="phone-submit">
            {order
              ? submitting
                ? orderChangePage.submitting
                : orderChangePage.submit(formatPrice(totals.totalCents))
              : submitting
                ? t.submitting
                : t.submit(formatPrice(totals.totalCents))}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The option values of a line, as the cart says them. */
function describe(line: CartLine): string {
  return line.choices
    .map((choice) => {
      const value = line.item.options.find((o) => o.option_id === choice.option_id)?.option_options.find((v) => v.id === choice.option_option_id);
      return value ? (choice.quantity > 1 ? `${choice.quantity} × ${value.name}` : value.name) : '';
    })
    .filter(Boolean)
    .join(', ');
}

/** A dish's options (one value: radios; several: checkboxes) and its note, checked by validateOptionChoices. */
function OptionsForm({
  picking,
  priced,
  onChange,
  onConfirm,
  onCancel,
}: {
  picking: Picking;
  /** The dish as it is priced here (a changed order's dish at its ordered prices, docs/decisions/039): the values' prices shown. */
  priced: MenuItem;
  onChange: (p: Picking) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const item = priced;
  const has = (optionId: number, valueId: number) => picking.choices.some((c) => c.option_id === optionId && c.option_option_id === valueId);
  const toggle = (optionId: number, valueId: number, single: boolean) => {
    const others = picking.choices.filter((c) => c.option_id !== optionId || (!single && c.option_option_id !== valueId));
    const choices = has(optionId, valueId) && !single ? others : [...others, { option_id: optionId, option_option_id: valueId, quantity: 1 }];
    onChange({ ...picking, choices, error: null });
  };
  return (
    <div
      className="space-y-3 rounded-xl border-2 border-brand-600 p-3"
      data-testid="phone-options"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <h3 className="font-bold">{t.optionsHeading(item.item_name)}</h3>
      {item.options.map((option, optionIndex) => {
        const single = option.selected <= 1;
        return (
          <fieldset key={option.option_id}>
            <legend className="text-sm font-semibold">
              {option.option_name}
              {option.required ? ' *' : ''}
            </legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {option.option_options.map((value, valueIndex) => (
                <label key={value.id} className="flex items-center gap-2 text-sm">
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={`option-${option.option_id}`}
                    checked={has(option.option_id, value.id)}
                    autoFocus={optionIndex === 0 && valueIndex === 0}
                    onChange={() => toggle(option.option_id, value.id, single)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        onConfirm();
                      }
                    }}
                    className="size-4 accent-brand-600"
                  />
                  <span>
                    {value.name}
                    {value.price > 0 ? ` (+${formatPrice(Math.round(value.price * 100))})` : ''}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <Field
        id="phone-line-note"
        label={t.lineNote}
        value={picking.note}
        maxLength={300}
        onChange={(e) => onChange({ ...picking, note: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onConfirm();
          }
        }}
      />
      {picking.error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {picking.error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button onClick={onConfirm} className="px-4 py-2" data-testid="phone-options-add">
          {t.addToCart}
        </Button>
        <Button variant="secondary" onClick={onCancel} className="px-4 py-2">
          {t.cancelDish}
        </Button>
      </div>
    </div>
  );
}
