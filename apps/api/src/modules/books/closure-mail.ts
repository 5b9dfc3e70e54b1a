import { meansOfPayment, type Closure } from '@resto/domain/books';
import { formatDay, formatPrice, formatRateBasisPoints } from '@resto/domain/format';
import { closureMail as t } from '@resto/copy/staff/books';
import { escapeHtml, type MailMessage } from '../mail/index.ts';

/**
 * The owners' evening e-mail with a day's closure (docs/decisions/031, setting books.closure_email):
 * sales TTC (HT and VAT), per VAT rate, per means of payment, the number of receipts, credit
 * notes and refunds, discounts, delivery fees and the perpetual grand total, from the closure as
 * signed. Written to the outbox in the closure's transaction (closing-job.ts).
 */
export function closureMailMessage(input: { to: string; number: string; closure: Closure; restaurant: string; month?: string; year?: string }): MailMessage {
  const { closure } = input;
  const day = `${formatDay(closure.period.start)} ${closure.period.start.slice(0, 4)}`;
  const subject = t.subject(day, formatPrice(closure.total_ttc));
  const facts: [string, string][] = [
    [t.totalTtc, formatPrice(closure.total_ttc)],
    [t.totalHt, formatPrice(closure.total_ht)],
    [t.totalVat, formatPrice(closure.total_vat)],
  ];
  const rates = closure.vat.map((rate) =>
    t.rateLine(formatRateBasisPoints(rate.vat_rate), formatPrice(rate.total_ht), formatPrice(rate.total_vat), formatPrice(rate.total_ttc)),
  );
  const means = meansOfPayment.filter((m) => closure.payments[m] !== 0).map((m) => `${t.means[m] ?? m} : ${formatPrice(closure.payments[m])}`);
  const refunded = meansOfPayment.reduce((sum, m) => sum + closure.refunds[m], 0);
  const counts: [string, string][] = [
    [t.receipts, String(closure.counts.receipts)],
    [t.creditNotes, String(closure.counts.credit_notes)],
    [t.refunds, `${closure.counts.refunds} (${formatPrice(refunded)})`],
    [t.discounts, formatPrice(closure.discounts)],
    [t.deliveryFees, formatPrice(closure.delivery_fees)],
    [t.perpetual, formatPrice(closure.perpetual_total_ttc)],
  ];
  const periods = [...(input.month ? [t.monthClosed(input.month)] : []), ...(input.year ? [t.yearClosed(input.year)] : [])];
  const intro = t.intro(day, input.number);
  const text = [
    intro,
    '',
    ...facts.map(([k, v]) => `${k} : ${v}`),
    '',
    `${t.byRate} :`,
    ...(rates.length ? rates.map((line) => `- ${line}`) : [`- ${t.noSale}`]),
    '',
    `${t.byMeans} :`,
    ...(means.length ? means.map((line) => `- ${line}`) : [`- ${t.noSale}`]),
    '',
    ...counts.map(([k, v]) => `${k} : ${v}`),
    ...(periods.length ? ['', ...periods] : []),
    '',
    t.why,
  ].join('\n');
  const row = ([k, v]: [string, string]) =>
    `<tr><td style="padding:2px 12px 2px 0;color:#6b625c">${escapeHtml(k)}</td><td style="text-align:right">${escapeHtml(v)}</td></tr>`;
  const list = (lines: string[]) => `<ul>${(lines.length ? lines : [t.noSale]).map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1a17">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b4431b">${escapeHtml(input.restaurant)}</p>
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">${facts.map(row).join('')}</table>
<p style="margin-bottom:0"><strong>${escapeHtml(t.byRate)}</strong></p>${list(rates)}
<p style="margin-bottom:0"><strong>${escapeHtml(t.byMeans)}</strong></p>${list(means)}
<table style="border-collapse:collapse">${counts.map(row).join('')}</table>
${periods.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="color:#6b625c;font-size:13px">${escapeHtml(t.why)}</p>
</div></body></html>`;
  return { to: input.to, subject, text, html };
}
