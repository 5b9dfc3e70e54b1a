import { codeTtlMinutes, type CodePurpose } from '@resto/domain/account';
import { formatDateTime, formatPrice, formatRateBasisPoints } from '@resto/domain/format';
import { messages, paymentTexts } from '@resto/domain/messages';
import { describeSchedule } from '@resto/domain/scheduling';
import { escapeHtml } from './escape.ts';
import type { MailMessage } from './transport.ts';

/**
 * The e-mails of the product, in French, as text and HTML (issue 5). Pure functions: data in,
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

const layout = (title: string, body: string, restaurant: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1a17">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b4431b">${escapeHtml(restaurant)}</p>
${body}
</div></body></html>`;

/** The e-mail carrying a 6-digit code, to confirm a sign-up or to reset a password. */
export function codeMail(input: { to: string; code: string; purpose: CodePurpose; restaurant: string }): MailMessage {
  const action = input.purpose === 'signup' ? 'confirmer votre adresse e-mail et activer votre compte' : 'choisir un nouveau mot de passe';
  const subject = input.purpose === 'signup' ? `Votre code de confirmation : ${input.code}` : `Votre code pour changer de mot de passe : ${input.code}`;
  const text = [
    'Bonjour,',
    '',
    `Voici votre code pour ${action} :`,
    '',
    `    ${input.code}`,
    '',
    `Il est valable ${codeTtlMinutes} minutes et ne sert qu'une fois.`,
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne sera modifié.",
    '',
    input.restaurant,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Bonjour,</p><p>Voici votre code pour ${escapeHtml(action)} :</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(input.code)}</p>
<p>Il est valable ${codeTtlMinutes} minutes et ne sert qu'une fois.</p>
<p style="color:#6b625c;font-size:14px">Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne sera modifié.</p>`,
    input.restaurant,
  );
  return { to: input.to, subject, text, html, code: input.code };
}

/** Sent instead of a code when someone signs up with the address of an existing account (no enumeration). */
export function existingAccountMail(input: { to: string; restaurant: string }): MailMessage {
  const subject = 'Vous avez déjà un compte';
  const text = [
    'Bonjour,',
    '',
    'Quelqu’un (vous, peut-être) a demandé à créer un compte avec cette adresse e-mail, qui a déjà un compte.',
    'Connectez-vous avec votre mot de passe, ou choisissez « Mot de passe oublié » pour en définir un nouveau.',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    '',
    input.restaurant,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Bonjour,</p><p>Quelqu’un (vous, peut-être) a demandé à créer un compte avec cette adresse e-mail, qui a déjà un compte.</p>
<p>Connectez-vous avec votre mot de passe, ou choisissez « Mot de passe oublié » pour en définir un nouveau.</p>
<p style="color:#6b625c;font-size:14px">Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.</p>`,
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
  /** Paid with the built-in test processor: said in both e-mails (issue 17). */
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
  /** What meal vouchers may pay on site (cents; 0 or absent: none chosen). Issue 16, docs/decisions/012. */
  mealVoucherCents?: number;
  /** The receipt page (`<site.url>/recu?commande=<secret>`, docs/decisions/013-receipts.md), for the customer's e-mail; null when not placed yet. */
  receiptUrl: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The order's facts as label/value pairs, shared by the customer's and the kitchen's e-mails. */
function orderFacts(order: OrderMailData, restaurant: RestaurantContacts): [string, string][] {
  const where = order.isPickup
    ? `À retirer au restaurant : ${restaurant.address}`
    : `Livraison : ${[
        text(order.location?.address),
        text(order.location?.address2),
        `${text(order.location?.postal_code)} ${text(order.location?.city)}`.trim(),
      ]
        .filter(Boolean)
        .join(', ')}`;
  const slot = capitalize(describeSchedule(order.deliveryDate, order.deliveryTimeRange).replace(/^le /, ''));
  return [
    ['Commande', `n° ${order.orderId}`],
    ['Passée le', formatDateTime(order.createdAt)],
    ['Type', order.isPickup ? 'À emporter' : 'Livraison'],
    ['Adresse', where],
    ['Créneau', slot],
    ['Paiement', paymentFact(order)],
    ['Client', `${order.customer.first_name} ${order.customer.last_name}, ${order.customer.phone}, ${order.customer.email}`],
  ];
}

/** How the order is paid; with meal vouchers, the part they may pay (issue 16). */
function paymentFact(order: OrderMailData): string {
  if (order.paymentMethod !== 'cash') return `Carte bancaire en ligne${order.testMode ? ` — ${messages.paymentTestMode.toUpperCase()}` : ''}`;
  if (!order.mealVoucherCents) return 'Sur place (espèces ou carte au comptoir)';
  return `Sur place, ${paymentTexts.mealVoucherPayable(formatPrice(order.mealVoucherCents))} (papier ou carte), le reste en espèces ou par carte`;
}

function totalsRows(order: OrderMailData): [string, string][] {
  const rows: [string, string][] = [['Sous-total', formatPrice(order.subtotalCents)]];
  if (order.discountCents > 0) rows.push([order.couponCode ? `Remises (code ${order.couponCode})` : 'Remises', `−${formatPrice(order.discountCents)}`]);
  if (!order.isPickup) rows.push(['Livraison', formatPrice(order.deliveryCents)]);
  for (const t of order.taxByRate)
    rows.push([`TVA ${formatRateBasisPoints(t.rateBp)} ${order.taxInclusive ? 'incluse ' : ''}sur ${formatPrice(t.baseCents)}`, formatPrice(t.taxCents)]);
  rows.push(['Total', formatPrice(order.totalCents)]);
  return rows;
}

const lineText = (line: OrderMailData['lines'][number]) =>
  [
    `${line.quantity} × ${line.name}${line.isFree ? ' (offert)' : ''} — ${line.isFree ? 'offert' : formatPrice(line.amountCents)}`,
    ...line.options.map((o) => `    + ${o}`),
    ...(line.note ? [`    Note : ${line.note}`] : []),
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
        }${line.note ? `<br><em>Note : ${escapeHtml(line.note)}</em>` : ''}</td><td style="padding:6px 0;border-top:1px solid #eee;text-align:right;white-space:nowrap">${
          line.isFree ? 'offert' : escapeHtml(formatPrice(line.amountCents))
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
      !kitchen && order.receiptUrl ? `<p style="margin-top:16px"><a href="${escapeHtml(order.receiptUrl)}">Voir et télécharger votre reçu</a></p>` : ''
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
    ...(!kitchen && order.receiptUrl ? ['', `Votre reçu : ${order.receiptUrl}`] : []),
    ...(kitchen ? [] : ['', restaurant.name, restaurant.address, `${restaurant.phone} · ${restaurant.email}`]),
  ].join('\n');
}

/** The customer's confirmation of an order (issue 5, durable medium). */
export function orderConfirmationMail(order: OrderMailData, restaurant: RestaurantContacts): MailMessage {
  const subject = `Votre commande n° ${order.orderId} est confirmée`;
  const intro = `Bonjour ${order.customer.first_name}, merci pour votre commande ! Voici son récapitulatif.`;
  return { to: order.customer.email, subject, text: orderText(intro, order, restaurant, false), html: orderHtml(subject, intro, order, restaurant, false) };
}

/** The restaurant's new-order e-mail, to contacts.email: the same content, laid out for the kitchen. */
export function newOrderMail(order: OrderMailData, restaurant: RestaurantContacts): MailMessage {
  // A test-mode payment is said first: the kitchen must not cook for money that never moved (issue 17).
  const subject = `${order.testMode ? '[MODE TEST] ' : ''}Nouvelle commande n° ${order.orderId} — ${order.isPickup ? 'à emporter' : 'livraison'} — ${formatPrice(order.totalCents)}`;
  const intro = `Nouvelle commande de ${order.customer.first_name} ${order.customer.last_name}.`;
  return { to: restaurant.email, subject, text: orderText(intro, order, restaurant, true), html: orderHtml(subject, intro, order, restaurant, true) };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
