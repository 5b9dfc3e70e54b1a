import { codeTtlMinutes, type CodePurpose } from '@resto/domain/account';
import { formatDateTime, formatPrice, formatRateBasisPoints } from '@resto/domain/format';
import { codeMailCopy, existingAccountMailCopy, mailCommon, orderMailCopy as t } from '@resto/copy/mail/mail';
import { orderStatusMailCopy } from '@resto/copy/staff/order-life';
import { partialRefundMailCopy } from '@resto/copy/staff/partial-refunds';
import { paymentAnswers, paymentTexts } from '@resto/copy/storefront/payment';
import { describeSchedule } from '@resto/domain/scheduling';
import { toRestaurantTime } from '@resto/domain/clock';
import { orderChangeMail as orderChangeMailCopy, orderChangeSummary } from '@resto/copy/staff/order-change';
import { describeDiff, type OrderChangeDiff } from '@resto/domain/order-change';
import { paymentLinkMail, paymentLinkSms } from '@resto/copy/staff/payment-links';
import { escapeHtml } from './escape.ts';
import type { MailMessage } from './transport.ts';

/**
 * The e-mails of the product, in French, as text and HTML (docs/decisions/006). Pure functions: data in,
 * message out. Order e-mails carry what French law wants on a durable medium: number, lines,
 * totals with the tax per rate, type, address or pickup point, slot, payment method, contacts.
 */

/** The restaurant as its settings describe it (spec section 3: contacts.*). */
export interface RestaurantContacts {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** Texts from the catalogue (packages/copy/src/mail/mail.ts) go into the HTML as they are: they are ours; anything from a person is escaped. */
const layout = (title: string, body: string, restaurant: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1a17">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b4431b">${escapeHtml(restaurant)}</p>
${body}
</div></body></html>`;

/** The e-mail carrying a 6-digit code, to confirm a sign-up or to reset a password. */
export function codeMail(input: { to: string; code: string; purpose: CodePurpose; restaurant: string }): MailMessage {
  const action = input.purpose === 'signup' ? codeMailCopy.signupAction : codeMailCopy.resetAction;
  const subject = input.purpose === 'signup' ? codeMailCopy.signupSubject(input.code) : codeMailCopy.resetSubject(input.code);
  const text = [
    mailCommon.hello,
    '',
    codeMailCopy.codeFor(action),
    '',
    `    ${input.code}`,
    '',
    codeMailCopy.validity(codeTtlMinutes),
    codeMailCopy.ignore,
    '',
    input.restaurant,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${mailCommon.hello}</p><p>${escapeHtml(codeMailCopy.codeFor(action))}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(input.code)}</p>
<p>${codeMailCopy.validity(codeTtlMinutes)}</p>
<p style="color:#6b625c;font-size:14px">${codeMailCopy.ignore}</p>`,
    input.restaurant,
  );
  return { to: input.to, subject, text, html, code: input.code };
}

/** Sent instead of a code when someone signs up with the address of an existing account (no enumeration). */
export function existingAccountMail(input: { to: string; restaurant: string }): MailMessage {
  const subject = existingAccountMailCopy.subject;
  const text = [mailCommon.hello, '', existingAccountMailCopy.someone, existingAccountMailCopy.logIn, mailCommon.ignoreIfNotYou, '', input.restaurant].join(
    '\n',
  );
  const html = layout(
    subject,
    `<p>${mailCommon.hello}</p><p>${existingAccountMailCopy.someone}</p>
<p>${existingAccountMailCopy.logIn}</p>
<p style="color:#6b625c;font-size:14px">${mailCommon.ignoreIfNotYou}</p>`,
    input.restaurant,
  );
  return { to: input.to, subject, text, html };
}

/** What an order e-mail shows, in cents and as stored (orders tables). */
export interface OrderMailData {
  orderId: number;
  createdAt: Date;
  isPickup: boolean;
  paymentMethod: string;
  /** Paid with the built-in test processor: said in both e-mails (docs/decisions/014). */
  testMode?: boolean;
  customer: { first_name: string; last_name: string; email: string; phone: string };
  /** Delivery address: address, address2, postal_code, city. */
  location: Record<string, unknown> | null;
  deliveryDate: string | null;
  deliveryTimeRange: string | null;
  lines: { name: string; quantity: number; options: string[]; note: string; amountCents: number; isFree: boolean }[];
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
  taxByRate: { rateBp: number; baseCents: number; taxCents: number }[];
  couponCode: string | null;
  taxInclusive: boolean;
  /** What meal vouchers may pay on site (cents; 0 or absent: none chosen). docs/decisions/012. */
  mealVoucherCents?: number;
  /** The receipt page (`<SITE_URL>/recu?commande=<secret>`, docs/decisions/013-receipts.md), for the customer's e-mail; null when not placed yet. */
  receiptUrl: string | null;
  /** The order's status page (`<SITE_URL>/suivi?commande=<secret>`, docs/decisions/019), for the customer's e-mails. */
  trackingUrl: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The order's facts as label/value pairs, shared by the customer's and the kitchen's e-mails. */
function orderFacts(order: OrderMailData, restaurant: RestaurantContacts): [string, string][] {
  const where = order.isPickup
    ? t.pickupAt(restaurant.address)
    : t.deliveryTo(
        [text(order.location?.address), text(order.location?.address2), `${text(order.location?.postal_code)} ${text(order.location?.city)}`.trim()]
          .filter(Boolean)
          .join(', '),
      );
  const slot = capitalize(describeSchedule(order.deliveryDate, order.deliveryTimeRange).replace(/^le /, ''));
  return [
    [t.order, t.orderNumber(order.orderId)],
    [t.placedAt, formatDateTime(order.createdAt)],
    [t.type, order.isPickup ? t.takeaway : t.delivery],
    [t.address, where],
    [t.slot, slot],
    [t.payment, paymentFact(order)],
    [t.customer, `${order.customer.first_name} ${order.customer.last_name}, ${order.customer.phone}, ${order.customer.email}`],
  ];
}

/** How the order is paid; with meal vouchers, the part they may pay (docs/decisions/012). */
function paymentFact(order: OrderMailData): string {
  if (order.paymentMethod !== 'cash') return `${t.cardOnline}${order.testMode ? ` — ${paymentAnswers.paymentTestMode.toUpperCase()}` : ''}`;
  if (!order.mealVoucherCents) return order.isPickup ? t.cashOnSite : t.cashOnDelivery;
  return t.cashWithMealVouchers(paymentTexts.mealVoucherPayable(formatPrice(order.mealVoucherCents)));
}

function totalsRows(order: OrderMailData): [string, string][] {
  const rows: [string, string][] = [[t.subtotal, formatPrice(order.subtotalCents)]];
  if (order.discountCents > 0) rows.push([order.couponCode ? t.discountsWithCode(order.couponCode) : t.discounts, `−${formatPrice(order.discountCents)}`]);
  if (!order.isPickup) rows.push([t.delivery, formatPrice(order.deliveryCents)]);
  for (const rate of order.taxByRate)
    rows.push([t.tax(formatRateBasisPoints(rate.rateBp), order.taxInclusive, formatPrice(rate.baseCents)), formatPrice(rate.taxCents)]);
  rows.push([t.total, formatPrice(order.totalCents)]);
  return rows;
}

const lineText = (line: OrderMailData['lines'][number]) =>
  [
    `${line.quantity} × ${line.name}${line.isFree ? t.freeMark : ''} — ${line.isFree ? t.free : formatPrice(line.amountCents)}`,
    ...line.options.map((o) => `    + ${o}`),
    ...(line.note ? [`    ${t.note(line.note)}`] : []),
  ].join('\n');

function orderHtml(title: string, intro: string, order: OrderMailData, restaurant: RestaurantContacts, kitchen: boolean): string {
  const facts = orderFacts(order, restaurant)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#6b625c">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const size = kitchen ? '18px' : '15px';
  const lines = order.lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 0;border-top:1px solid #eee;font-size:${size}"><strong>${line.quantity} ×</strong> ${escapeHtml(line.name)}${
          line.options.length ? `<br><span style="color:#6b625c">${line.options.map(escapeHtml).join(', ')}</span>` : ''
        }${line.note ? `<br><em>${escapeHtml(t.note(line.note))}</em>` : ''}</td><td style="padding:6px 0;border-top:1px solid #eee;text-align:right;white-space:nowrap">${
          line.isFree ? t.free : escapeHtml(formatPrice(line.amountCents))
        }</td></tr>`,
    )
    .join('');
  const totals = totalsRows(order)
    .map(([label, value]) => `<tr><td style="padding:2px 0">${escapeHtml(label)}</td><td style="padding:2px 0;text-align:right">${escapeHtml(value)}</td></tr>`)
    .join('');
  const contacts = `<p style="color:#6b625c;font-size:14px;margin-top:24px">${escapeHtml(restaurant.name)}<br>${escapeHtml(restaurant.address)}<br>${escapeHtml(
    restaurant.phone,
  )} · ${escapeHtml(restaurant.email)}</p>`;
  return layout(
    title,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse;margin:12px 0">${facts}</table>
<table style="width:100%;border-collapse:collapse;margin:12px 0">${lines}</table>
<table style="width:100%;border-collapse:collapse;border-top:2px solid #1f1a17">${totals}</table>${
      kitchen
        ? ''
        : `<p style="margin-top:16px"><a href="${escapeHtml(order.trackingUrl)}" style="display:inline-block;background:#a8441d;color:#ffffff;padding:10px 18px;border-radius:999px;font-weight:bold;text-decoration:none">${t.trackOrder}</a></p>`
    }${
      !kitchen && order.receiptUrl ? `<p style="margin-top:16px"><a href="${escapeHtml(order.receiptUrl)}">${t.seeReceipt}</a></p>` : ''
    }${kitchen ? '' : contacts}`,
    restaurant.name,
  );
}

function orderText(intro: string, order: OrderMailData, restaurant: RestaurantContacts, kitchen: boolean): string {
  return [
    intro,
    '',
    ...orderFacts(order, restaurant).map(([label, value]) => `${label} : ${value}`),
    '',
    ...order.lines.map(lineText),
    '',
    ...totalsRows(order).map(([label, value]) => `${label} : ${value}`),
    ...(kitchen ? [] : ['', t.trackOrderAt(order.trackingUrl)]),
    ...(!kitchen && order.receiptUrl ? ['', t.yourReceipt(order.receiptUrl)] : []),
    ...(kitchen ? [] : ['', restaurant.name, restaurant.address, `${restaurant.phone} · ${restaurant.email}`]),
  ].join('\n');
}

/**
 * The customer's e-mail when the order is placed (durable medium): received, with its recap. It
 * never says « confirmée »: until the restaurant accepts (its own e-mail, orderStatusMail), the
 * order may still be refused. `awaitsConfirmation`: the restaurant answers on its board, so the
 * e-mail says a confirmation will follow (false with `orders.email_only`).
 */
export function orderReceivedMail(order: OrderMailData, restaurant: RestaurantContacts, awaitsConfirmation: boolean): MailMessage {
  const subject = t.receivedSubject(order.orderId);
  const intro = t.receivedIntro(order.customer.first_name, awaitsConfirmation);
  return { to: order.customer.email, subject, text: orderText(intro, order, restaurant, false), html: orderHtml(subject, intro, order, restaurant, false) };
}

/** The restaurant's new-order e-mail, to contacts.email: the same content, laid out for the kitchen. */
export function newOrderMail(order: OrderMailData, restaurant: RestaurantContacts): MailMessage {
  // A test-mode payment is said first: the kitchen must not cook for money that never moved (docs/decisions/014).
  const subject = `${order.testMode ? t.testModeTag : ''}${t.newOrderSubject(order.orderId, order.isPickup, formatPrice(order.totalCents))}`;
  const intro = t.newOrderIntro(order.customer.first_name, order.customer.last_name);
  return { to: restaurant.email, subject, text: orderText(intro, order, restaurant, true), html: orderHtml(subject, intro, order, restaurant, true) };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a customer's status e-mail says (docs/decisions/019): the event, its time or reason, the refund, the status page. */
export interface OrderStatusMailData {
  kind: 'accepted' | 'delayed' | 'ready' | 'rejected' | 'auto_rejected' | 'cancelled';
  orderId: number;
  to: string;
  firstName: string;
  isPickup: boolean;
  /** The ready time (accepted, delayed), shown 'HH:MM' in Europe/Paris. */
  readyAt: Date | null;
  /** Why (rejected, cancelled): the reason's label or staff's own words. */
  reasonText: string | null;
  /** A paid card order's refund, in cents; null when nothing was paid online (cash). */
  refundCents: number | null;
  /** `<SITE_URL>/suivi?commande=<secret>`. */
  trackingUrl: string;
}

/**
 * The customer's e-mail when the restaurant accepts (with the time), delays (with the new time),
 * marks ready, refuses or cancels the order (with the reason and the refund), or when nobody
 * accepted it in time (call the restaurant). French texts: packages/copy/src/staff/order-life.ts.
 */
export function orderStatusMail(data: OrderStatusMailData, restaurant: RestaurantContacts): MailMessage {
  const s = orderStatusMailCopy;
  const time = data.readyAt ? toRestaurantTime(data.readyAt).time : '';
  const ended = data.kind === 'rejected' || data.kind === 'auto_rejected' || data.kind === 'cancelled';
  const subject = {
    accepted: s.acceptedSubject(data.orderId),
    delayed: s.delayedSubject(data.orderId),
    ready: s.readySubject(data.orderId),
    rejected: s.rejectedSubject(data.orderId),
    auto_rejected: s.rejectedSubject(data.orderId),
    cancelled: s.cancelledSubject(data.orderId),
  }[data.kind];
  const intro = {
    accepted: s.acceptedIntro(data.orderId, time, data.isPickup),
    delayed: s.delayedIntro(data.orderId, time),
    ready: s.readyIntro(data.orderId, data.isPickup),
    rejected: s.rejectedIntro(data.orderId),
    auto_rejected: s.autoRejectedIntro(data.orderId),
    cancelled: s.cancelledIntro(data.orderId),
  }[data.kind];
  const paragraphs = [intro];
  if (ended && data.reasonText && data.kind !== 'auto_rejected') paragraphs.push(s.reason(data.reasonText));
  if (ended) paragraphs.push(data.refundCents !== null ? s.refund(formatPrice(data.refundCents)) : s.nothingToPay);
  if (data.kind === 'auto_rejected') paragraphs.push(s.callUs(restaurant.phone));
  const text = [s.hello(data.firstName), '', ...paragraphs.flatMap((p) => [p, '']), s.follow, data.trackingUrl, '', restaurant.name, restaurant.phone]
    .filter((line, index, all) => !(line === '' && all[index - 1] === ''))
    .join('\n')
    .trim();
  const html = layout(
    subject,
    `<p>${escapeHtml(s.hello(data.firstName))}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(data.trackingUrl)}" style="display:inline-block;background:#b4431b;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${s.followLink}</a></p>
<p style="color:#6b625c;font-size:14px">${escapeHtml(restaurant.name)}${restaurant.phone ? ` · ${escapeHtml(restaurant.phone)}` : ''}</p>`,
    restaurant.name,
  );
  return { to: data.to, subject, text, html };
}

/** What the customer's partial refund e-mail says (docs/decisions/035). Cents. */
export interface PartialRefundMailData {
  orderId: number;
  to: string;
  firstName: string;
  /** What this refund gave back. */
  amountCents: number;
  /** The reason in the customer's words (partialRefundReasonText): a label, or staff's own text for « autre ». */
  reasonText: string;
  /** The units refunded when by line; empty for an amount. */
  lines: { label: string; quantity: number; amountCents: number }[];
  /** What was paid by card. */
  paidCents: number;
  /** What the provider has refunded of it so far, this refund included. */
  refundedCents: number;
  /** `<SITE_URL>/suivi?commande=<secret>`. */
  trackingUrl: string;
}

/**
 * The customer's e-mail once the provider has confirmed a partial refund by staff (never while it
 * is pending, never when refused): the amount, the reason, the lines refunded, what was paid and
 * what has been refunded in all, when it shows on the card, the status page. French texts:
 * packages/copy/src/staff/partial-refunds.ts (partialRefundMailCopy).
 */
export function partialRefundMail(data: PartialRefundMailData, restaurant: RestaurantContacts): MailMessage {
  const s = partialRefundMailCopy;
  const amount = formatPrice(data.amountCents);
  const subject = s.subject(data.orderId, amount);
  const intro = s.intro(data.orderId, amount);
  const reason = s.reason(data.reasonText);
  const lines = data.lines.map((line) => s.line(line.quantity, line.label, formatPrice(line.amountCents)));
  const totals = [s.paid(formatPrice(data.paidCents)), s.refundedTotal(formatPrice(data.refundedCents))];
  const text = [
    s.hello(data.firstName),
    '',
    intro,
    reason,
    ...(lines.length ? ['', s.linesTitle, ...lines.map((line) => `- ${line}`)] : []),
    '',
    ...totals,
    '',
    s.onCard,
    '',
    s.follow,
    data.trackingUrl,
    '',
    restaurant.name,
    restaurant.phone,
  ]
    .join('\n')
    .trim();
  const html = layout(
    subject,
    `<p>${escapeHtml(s.hello(data.firstName))}</p>
<p style="font-size:18px;font-weight:bold">${escapeHtml(intro)}</p>
<p>${escapeHtml(reason)}</p>${
      lines.length
        ? `\n<p style="margin-bottom:4px">${escapeHtml(s.linesTitle)}</p><ul style="margin-top:0">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
        : ''
    }
<p>${totals.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(s.onCard)}</p>
<p><a href="${escapeHtml(data.trackingUrl)}" style="display:inline-block;background:#b4431b;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(s.followLink)}</a></p>
<p style="color:#6b625c;font-size:14px">${escapeHtml(restaurant.name)}${restaurant.phone ? ` · ${escapeHtml(restaurant.phone)}` : ''}</p>`,
    restaurant.name,
  );
  return { to: data.to, subject, text, html };
}

/** What the customer's e-mail after a change says (docs/decisions/039-changing-an-order.md); amounts in cents. */
export interface OrderChangeMailData {
  orderId: number;
  to: string;
  firstName: string;
  /** What changed (domain order-change.ts). */
  summary: OrderChangeDiff;
  /** The order's paid lines now: label as the receipt prints it, units, amount. */
  lines: readonly { label: string; quantity: number; amountCents: number }[];
  totalCents: number;
  /** How the money settled: a refund on the card, an amount due, or nothing. */
  settlement: { kind: string; amountCents: number };
  trackingUrl: string;
}

/** The customer's e-mail after staff changed their order: what changed, the order now, its total, the refund or what is due, the tracking link. */
export function orderChangeMail(data: OrderChangeMailData, restaurant: RestaurantContacts): MailMessage {
  const c = orderChangeMailCopy;
  const subject = c.subject(data.orderId);
  const changes = describeDiff(data.summary).split(orderChangeSummary.separator);
  const lines = data.lines.map((line) => `${line.quantity} × ${line.label} — ${formatPrice(line.amountCents)}`);
  const money = [c.total(formatPrice(data.totalCents))];
  if (data.settlement.kind === 'refund') money.push(c.refund(formatPrice(data.settlement.amountCents)));
  if (data.settlement.kind === 'due') money.push(c.due(formatPrice(data.settlement.amountCents)));
  const text = [
    c.intro(data.firstName),
    '',
    `${c.changes} :`,
    ...changes.map((change) => `- ${change}`),
    '',
    `${c.lines} :`,
    ...lines.map((line) => `- ${line}`),
    '',
    ...money,
    '',
    c.track,
    data.trackingUrl,
    '',
    restaurant.name,
    restaurant.phone,
  ]
    .join('\n')
    .trim();
  const list = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const html = layout(
    subject,
    `<p>${escapeHtml(c.intro(data.firstName))}</p>
<p><strong>${escapeHtml(c.changes)}</strong></p>
${list(changes)}
<p><strong>${escapeHtml(c.lines)}</strong></p>
${list(lines)}
${money.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(data.trackingUrl)}" style="display:inline-block;background:#b4431b;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(c.track)}</a></p>
<p style="color:#6b625c;font-size:14px">${escapeHtml(restaurant.name)}${restaurant.phone ? ` · ${escapeHtml(restaurant.phone)}` : ''}</p>`,
    restaurant.name,
  );
  return { to: data.to, subject, text, html };
}

/** What the payment link's e-mail says (docs/decisions/038): to whom, the order, the amount due (cents), the link. */
export interface PaymentLinkMailData {
  to: string;
  firstName: string;
  orderId: number;
  amountCents: number;
  url: string;
}

/** The e-mail carrying a card payment link: the same sentence staff copy into an SMS, a button, its 24 hours. */
export function paymentLinkMailOf(data: PaymentLinkMailData, restaurant: RestaurantContacts): MailMessage {
  const subject = paymentLinkMail.subject(data.orderId, restaurant.name);
  const sentence = paymentLinkSms(data.firstName, data.orderId, formatPrice(data.amountCents), data.url);
  const text = [sentence, '', paymentLinkMail.validity, '', restaurant.name, restaurant.phone]
    .filter((line, index, all) => !(line === '' && all[index - 1] === ''))
    .join('\n')
    .trim();
  const html = layout(
    subject,
    `<p>${escapeHtml(sentence)}</p>
<p><a href="${escapeHtml(data.url)}" style="display:inline-block;background:#b4431b;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${paymentLinkMail.button}</a></p>
<p>${paymentLinkMail.validity}</p>
<p style="color:#6b625c;font-size:14px">${escapeHtml(restaurant.name)}${restaurant.phone ? ` · ${escapeHtml(restaurant.phone)}` : ''}</p>`,
    restaurant.name,
  );
  return { to: data.to, subject, text, html };
}
