import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { formatEuros, formatRate, plainSpaces } from '@resto/domain/format';
import { receiptPage, receiptPdf } from '@resto/copy/documents/receipts';
import type { Receipt } from '@resto/domain/receipt';
import { lazily } from '@resto/domain/clock';

/**
 * The receipt as a PDF (A4, one column, text only), with DejaVu Sans embedded from the npm
 * package `dejavu-fonts-ttf` (every French character and €; nothing fetched at run time).
 * docs/decisions/013-receipts.md.
 */

const require = createRequire(import.meta.url);

/**
 * pdfkit, loaded at the first PDF asked for (about 5 MB of a server's memory that most processes
 * never need: receipts are read as pages; docs/decisions/026).
 */
const loadPdfKit = lazily(async () => (await import('pdfkit')).default);

let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

const euros = (amount: number) => plainSpaces(formatEuros(amount));

/**
 * Renders a receipt (or invoice) as PDF bytes.
 * @returns the PDF file, a few tens of KB (subset fonts).
 */
export async function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const { regular, bold } = loadFonts();
  const title = receipt.invoice_number ? receiptPage.invoiceTitle(receipt.invoice_number) : receiptPage.receiptTitle(receipt.number);
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: title, Author: receipt.seller.name || receipt.seller.company_name } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const text = (value: string, options: { font?: 'regular' | 'bold'; size?: number; color?: string } = {}) =>
    doc
      .font(options.font ?? 'regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? '#111111')
      .text(value, left, undefined, { width });
  /** One row: label on the left, amount on the right, on the same line. */
  const row = (label: string, amount: string, font: 'regular' | 'bold' = 'regular') => {
    const y = doc.y;
    doc.font(font).fontSize(10).fillColor('#111111');
    doc.text(label, left, y, { width: width - 110 });
    const after = doc.y;
    doc.text(amount, left + width - 110, y, { width: 110, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  const rule = () => {
    doc.moveDown(0.3);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.4);
  };

  const seller = receipt.seller;
  text(seller.name || seller.company_name, { font: 'bold', size: 16 });
  if (seller.company_name && seller.company_name !== seller.name) text(seller.company_name);
  if (seller.legal_form) text(seller.legal_form, { size: 9 });
  if (seller.address) text(seller.address);
  text(receiptPdf.sellerIds(seller.siret || '—', seller.vat_number || '—'), { size: 9 });
  if (seller.registration) text(seller.registration, { size: 9 });
  if (seller.phone || seller.email) text([seller.phone, seller.email].filter(Boolean).join('   ·   '), { size: 9 });
  doc.moveDown(0.8);

  if (receipt.duplicate) text(receipt.duplicate.label, { font: 'bold', size: 16, color: '#b91c1c' });
  text(title, { font: 'bold', size: 14 });
  if (receipt.invoice_number) text(receiptPage.receiptTitle(receipt.number), { size: 9 });
  text(receiptPage.orderOn(receipt.order_id, receipt.issued_at_label));
  text(`${receipt.order_type}, ${receipt.schedule}`);
  if (receipt.customer_name) text(receiptPage.customer(receipt.customer_name));
  if (receipt.business) {
    doc.moveDown(0.4);
    text(receiptPage.billedTo, { font: 'bold' });
    text(receipt.business.company_name);
    text(receipt.business.address);
    if (receipt.business.siren) text(receiptPage.siren(receipt.business.siren));
    if (receipt.business.vat_number) text(receiptPage.vatNumberLine(receipt.business.vat_number));
  }
  rule();

  const invoice = receipt.kind === 'invoice';
  for (const line of receipt.lines) {
    const unit = invoice ? receiptPage.ht(euros(line.unit_price_ht)) : euros(line.unit_price);
    row(`${line.quantity} × ${line.name}${line.free ? receiptPage.freeMark : ''}`, euros(line.amount), 'bold');
    text(receiptPdf.lineDetails(line.details, unit, formatRate(line.tax_rate)), { size: 9, color: '#444444' });
    doc.moveDown(0.2);
  }
  rule();
  row(receiptPage.subtotal, euros(receipt.subtotal));
  for (const reduction of receipt.reductions) row(receiptPdf.reduction(reduction.coupon, reduction.name), `−${euros(reduction.amount)}`);
  if (!receipt.is_pickup) row(receiptPage.delivery, receipt.delivery > 0 ? euros(receipt.delivery) : receiptPage.freeOfCharge);
  rule();
  row(receiptPage.totalExclTax, euros(receipt.total_ht));
  for (const t of receipt.tax_by_rate) row(receiptPage.vatOnBase(formatRate(t.rate), euros(t.base_ht)), euros(t.tax));
  row(receiptPage.totalInclTax, euros(receipt.total_ttc), 'bold');
  rule();
  text(receiptPdf.payment(receipt.payment.method_label, receipt.payment.state_label));
  doc.moveDown(0.6);
  for (const mention of receipt.mentions) text(mention, { size: 8, color: '#444444' });
  doc.end();
  return done;
}
