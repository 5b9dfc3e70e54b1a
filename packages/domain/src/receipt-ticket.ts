import { receiptPage } from '@resto/copy/documents/receipts';
import { formatEuros, formatRate } from './format.ts';
import { ticketText, type TicketBlock } from './kitchen-ticket.ts';
import type { Receipt } from './receipt.ts';

/**
 * The customer's receipt on the counter's thermal printer (docs/decisions/033): the receipt of
 * `/recu` and its PDF (receipt.ts's `Receipt`, docs/decisions/013 and 031), the same facts in the
 * same words, as the printer-neutral blocks of kitchen-ticket.ts: the seller and its numbers, the
 * receipt's number (« DUPLICATA n° 2 » when it is a later edition), the lines with their amounts,
 * reductions and delivery, the totals per VAT rate, the payment and the legal mentions.
 */
export function buildReceiptTicket(receipt: Receipt): TicketBlock[] {
  const text = ticketText;
  const amount = (label: string, value: string, bold = false): TicketBlock => ({ type: 'amount', label, amount: value, bold });
  const { seller } = receipt;
  const invoice = receipt.kind === 'invoice';
  const blocks: TicketBlock[] = [text(seller.name || seller.company_name, { bold: true, size: 'large', align: 'center' })];
  if (seller.company_name && seller.company_name !== seller.name) blocks.push(text(seller.company_name, { align: 'center' }));
  if (seller.legal_form) blocks.push(text(seller.legal_form, { align: 'center' }));
  if (seller.address) blocks.push(text(seller.address, { align: 'center' }));
  blocks.push(text(`${receiptPage.siretPrefix}${seller.siret || '—'}`, { align: 'center' }));
  if (seller.vat_number) blocks.push(text(`${receiptPage.vatPrefix.replace(/^ · /, '')}${seller.vat_number}`, { align: 'center' }));
  if (seller.registration) blocks.push(text(seller.registration, { align: 'center' }));
  blocks.push({ type: 'rule' });
  if (receipt.duplicate) blocks.push(text(receipt.duplicate.label, { bold: true, size: 'large', align: 'center' }));
  blocks.push(text(invoice ? receiptPage.invoiceTitle(receipt.invoice_number) : receiptPage.receiptTitle(receipt.number), { bold: true, align: 'center' }));
  if (invoice) blocks.push(text(receiptPage.receiptTitle(receipt.number), { align: 'center' }));
  blocks.push(text(receiptPage.orderOn(receipt.order_id, receipt.issued_at_label)), text(`${receipt.order_type}, ${receipt.schedule}`));
  if (receipt.customer_name) blocks.push(text(receiptPage.customer(receipt.customer_name)));
  if (receipt.business) {
    blocks.push(text(receiptPage.billedTo, { bold: true }), text(receipt.business.company_name), text(receipt.business.address));
    if (receipt.business.siren) blocks.push(text(receiptPage.siren(receipt.business.siren)));
    if (receipt.business.vat_number) blocks.push(text(receiptPage.vatNumberLine(receipt.business.vat_number)));
  }
  blocks.push({ type: 'rule' });
  for (const line of receipt.lines) {
    blocks.push(amount(`${line.quantity} × ${line.name}${line.free ? receiptPage.freeMark : ''}`, formatEuros(line.amount)));
    const unit = invoice ? receiptPage.ht(formatEuros(line.unit_price_ht)) : formatEuros(line.unit_price);
    blocks.push(text(`${line.details ? `${line.details} — ` : ''}${unit}${receiptPage.unitVat}${formatRate(line.tax_rate)}`, { indent: 2 }));
  }
  blocks.push({ type: 'rule' }, amount(receiptPage.subtotal, formatEuros(receipt.subtotal)));
  for (const reduction of receipt.reductions) {
    blocks.push(amount(`${reduction.coupon ? receiptPage.coupon : receiptPage.discount} : ${reduction.name}`, `-${formatEuros(reduction.amount)}`));
  }
  if (!receipt.is_pickup) blocks.push(amount(receiptPage.delivery, receipt.delivery > 0 ? formatEuros(receipt.delivery) : receiptPage.freeOfCharge));
  blocks.push(amount(receiptPage.totalExclTax, formatEuros(receipt.total_ht)));
  for (const rate of receipt.tax_by_rate) blocks.push(amount(receiptPage.vatOnBase(formatRate(rate.rate), formatEuros(rate.base_ht)), formatEuros(rate.tax)));
  blocks.push(amount(receiptPage.totalInclTax, formatEuros(receipt.total_ttc), true), { type: 'rule' });
  blocks.push(text(`${receiptPage.paymentPrefix}${receipt.payment.method_label} — ${receipt.payment.state_label}`, { bold: true }));
  for (const mention of receipt.mentions) blocks.push(text(mention));
  return blocks;
}
