import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Minus, Plus, Trash2 } from 'lucide-react';
import type { BoardOrder } from '@resto/contract/board';
import type { Menu, MenuItem, ChosenOptionValue } from '@resto/domain/catalogue';
import { groupChoices, validateOptionChoices } from '@resto/domain/catalogue';
import { orderPayloadTotals } from '@resto/domain/checkout';
import { formatEuros, formatPrice } from '@resto/domain/format';
import { formatPhone } from '@resto/domain/phone';
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
import { LocationSearch } from '../location/index.ts';
import { placePhoneOrder } from './phone-order-api.ts';
import { createPaymentLink, PaymentLinkShare } from '../board/index.ts';

/** A new idempotency key: kept across retries of one order, new after it is placed (docs/decisions/036). */
const newLocalId = () => `phone-${crypto.randomUUID().replace(/-/g, '')}`;

/** Back to the search box: the next dish is typed at once. */
const focusSearch = () => document.getElementById('phone-search')?.focus();

/** The cards' padding: compact, for a tablet. */
const boxPadding = 'p-4';

const emptyCustomer = { first_name: '', last_name: '', phone: '', email: '' };
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
export function PhoneOrderPage({ menus, settings, offers }: { menus: Menu[]; settings: SettingsList; offers: Offer[] }) {
  const items = useMemo(() => menus.flatMap((menu) => menu.categories.flatMap((category) => category.items)).filter((item) => item.item_is_available), [menus]);
  const index = useMemo(() => buildSearchIndex(items), [items]);
  const [query, setQuery] = useState('');
  const found = useMemo(() => (query.trim() ? searchItems(index, query) : items), [index, items, query]);
  const [lines, setLines] = useState<CartLine[]>([]);
  const [picking, setPicking] = useState<Picking | null>(null);
  const [customer, setCustomer] = useState(emptyCustomer);
  const [isPickup, setIsPickup] = useState(true);
  const [street, setStreet] = useState('');
  const [place, setPlace] = useState<DistanceRecord | null>(null);
  const [schedule, setSchedule] = useState<ScheduleValue>(asap);
  const [localId, setLocalId] = useState(newLocalId);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [created, setCreated] = useState<BoardOrder | null>(null);
  // How the customer pays (docs/decisions/038): at the counter, or by card through a payment link made once the order is.
  const [payBy, setPayBy] = useState<'counter' | 'link'>('counter');
  const [link, setLink] = useState<PaymentLinkAnswer | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);

  // The call starts with the name: the first field has the focus (after the navigation's own focus handling).
  useEffect(() => {
    const timer = setTimeout(() => document.getElementById('phone-first-name')?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  const address = place ? { postal_code: place.postal_code, city: place.city, distance: place.distance } : null;
  const { totals, offers: applied } = priceCart(lines, isPickup, null, { settings, offers }, isPickup ? null : address);
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || lines.length === 0) return;
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
        <h1 className="text-2xl font-extrabold">{t.pageTitle}</h1>
        <Link to="/restaurant/commandes" className="inline-flex items-center gap-1 text-sm font-semibold text-ink/70 underline">
          <ArrowLeft size={16} aria-hidden />
          {t.backToBoard}
        </Link>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-4">
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
              <OptionsForm picking={picking} onChange={setPicking} onConfirm={confirmPicking} onCancel={() => setPicking(null)} />
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
                      <span className="shrink-0 tabular-nums">{formatEuros(isPickup ? item.item_price.price_pickup : item.item_price.price_delivery)}</span>
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
                <Field
                  id="phone-street"
                  label={t.addressLabel}
                  placeholder={t.addressPlaceholder}
                  value={street}
                  error={fieldError('location.address')}
                  onChange={(e) => setStreet(e.target.value)}
                />
                {place ? <p className="text-sm font-semibold">{t.deliveryFee(formatPrice(totals.deliveryCents))}</p> : null}
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
          </Card>

          {refusal ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800" data-testid="phone-refusal">
              {refusal.message}
            </p>
          ) : null}
          <Button type="submit" disabled={submitting || lines.length === 0} className="w-full px-5 py-3 text-lg" data-testid="phone-submit">
            {submitting ? t.submitting : t.submit(formatPrice(totals.totalCents))}
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
  onChange,
  onConfirm,
  onCancel,
}: {
  picking: Picking;
  onChange: (p: Picking) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { item } = picking;
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
