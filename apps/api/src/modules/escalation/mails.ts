import { formatDateTime, formatPrice } from '@resto/domain/format';
import { mailCommon } from '@resto/copy/mail/mail';
import { noScreenAlert, unseenOrderAlert } from '@resto/copy/staff/escalation';
import { printerAlarm } from '@resto/copy/staff/printers';
import { describeSchedule } from '@resto/domain/scheduling';
import { escapeHtml } from '../mail/index.ts';
import type { RestaurantContacts } from '../mail/index.ts';
import type { MailMessage } from '../mail/index.ts';
import type { WaitingOrder } from './repository.ts';

/**
 * The e-mails of "nothing unseen" (docs/decisions/022-nothing-unseen.md): the
 * restaurant's alert of an order nobody opened and the owners' alert when no staff screen is
 * connected (the customer's e-mail of an automatic refusal is the board's:
 * modules/board/service.ts). Texts from the catalogue (packages/copy/src/staff/escalation.ts)
 * go into the HTML as they are; anything a person typed (names, phone) is escaped.
 */

const layout = (title: string, body: string, restaurant: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1a17">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b4431b">${escapeHtml(restaurant)}</p>
${body}
</div></body></html>`;

const paragraphs = (texts: readonly string[]) => texts.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');

/** The customer's name as the kitchen reads it: 'Marie D.'. */
export function customerShortName(customer: WaitingOrder['customer']): string {
  const initial = customer.last_name.trim().charAt(0);
  return `${customer.first_name.trim()}${initial ? ` ${initial}.` : ''}`.trim();
}

/**
 * To the restaurant's contact address: order n° N awaits an answer and no screen opened it.
 * `boardUrl`: the board's absolute address when the site's address is known, else null.
 */
export function unseenAlertMail(input: {
  to: string;
  order: WaitingOrder;
  minutes: number;
  /** When the automatic refusal will come, in words (unseenAlertTexts.refusedAt). */
  refusedAt: string;
  restaurant: RestaurantContacts;
  boardUrl: string | null;
}): MailMessage {
  const { order } = input;
  const subject = unseenOrderAlert.title(order.orderId, input.minutes);
  const facts: [string, string][] = [
    [unseenOrderAlert.customer, `${order.customer.first_name} ${order.customer.last_name} · ${order.customer.phone}`],
    [unseenOrderAlert.total, formatPrice(order.totalCents)],
    [unseenOrderAlert.when, describeSchedule(order.deliveryDate, order.deliveryTimeRange)],
  ];
  const intro = unseenOrderAlert.emailIntro(order.orderId, input.minutes);
  const action = unseenOrderAlert.emailAction(input.refusedAt);
  const text = [
    mailCommon.hello,
    '',
    intro,
    '',
    ...facts.map(([k, v]) => `${k} : ${v}`),
    '',
    action,
    ...(input.boardUrl ? ['', `${unseenOrderAlert.openBoard} : ${input.boardUrl}`] : []),
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">${facts.map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#6b625c">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeHtml(action)}</p>${input.boardUrl ? `\n<p><a href="${escapeHtml(input.boardUrl)}">${escapeHtml(unseenOrderAlert.openBoard)}</a></p>` : ''}`,
    input.restaurant.name,
  );
  return { to: input.to, subject, text, html };
}

/** To an owner: no staff screen is connected while the restaurant is open (`since`: the last heartbeat, or null: never). */
export function noScreenAlertMail(input: { to: string; since: Date | null; restaurant: RestaurantContacts; boardUrl: string | null }): MailMessage {
  const subject = noScreenAlert.subject;
  const lines = [
    input.since ? noScreenAlert.intro(formatDateTime(input.since)) : noScreenAlert.neverConnected,
    noScreenAlert.consequence,
    noScreenAlert.action,
    noScreenAlert.emailOnly,
  ];
  const text = [mailCommon.hello, '', ...lines, ...(input.boardUrl ? ['', input.boardUrl] : [])].join('\n');
  const html = layout(
    subject,
    `<p>${mailCommon.hello}</p>\n${paragraphs(lines)}${input.boardUrl ? `\n<p><a href="${escapeHtml(input.boardUrl)}">${escapeHtml(unseenOrderAlert.openBoard)}</a></p>` : ''}`,
    input.restaurant.name,
  );
  return { to: input.to, subject, text, html };
}

/**
 * To an owner: a printer stopped printing while the restaurant is open (docs/decisions/033).
 * `sentence`: the board's banner (« Imprimante Cuisine hors ligne depuis 12:31 — 3 tickets en
 * attente »), also the subject; `fallback`: what happens to its tickets, in words.
 */
export function printerAlarmMail(input: {
  to: string;
  sentence: string;
  fallback: string;
  restaurant: RestaurantContacts;
  printersUrl: string | null;
}): MailMessage {
  const subject = input.sentence;
  const lines = [input.sentence, printerAlarm.check, input.fallback, printerAlarm.comingBack];
  const text = [mailCommon.hello, '', ...lines, ...(input.printersUrl ? ['', `${printerAlarm.openPrinters} : ${input.printersUrl}`] : [])].join('\n');
  const html = layout(
    subject,
    `<p>${mailCommon.hello}</p>\n${paragraphs(lines)}${input.printersUrl ? `\n<p><a href="${escapeHtml(input.printersUrl)}">${escapeHtml(printerAlarm.openPrinters)}</a></p>` : ''}`,
    input.restaurant.name,
  );
  return { to: input.to, subject, text, html };
}
