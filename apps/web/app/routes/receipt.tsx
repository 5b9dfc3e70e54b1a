import { Link } from 'react-router';
import { Download, Printer } from 'lucide-react';
import { receiptAnswers, receiptPage } from '@resto/copy/documents/receipts';
import type { Receipt } from '@resto/contract/receipts';
import { getReceipt } from '@resto/contract/receipts.routes';
import type { Route } from './+types/receipt';
import { ApiCallError, routeUrl } from '../lib/api.ts';
import { serverApi } from '../lib/api.server.ts';
import { formatEuros, formatRate } from '@resto/domain/format';
import { useLocalePrefix } from '../lib/paths.ts';
import { pageMeta } from '../lib/seo.ts';
import { buttonClass } from '../components/ui/button.tsx';

export const meta: Route.MetaFunction = ({ location, matches, data }) => [
  ...pageMeta(
    data && 'receipt' in data
      ? `${data.receipt.kind === 'invoice' ? receiptPage.invoiceWord : receiptPage.receiptWord} ${data.receipt.invoice_number ?? data.receipt.number}`
      : receiptPage.receiptWord,
    { location, matches },
  ),
  { name: 'robots', content: 'noindex' },
  // The secret is in the address: never sent on to another site.
  { name: 'referrer', content: 'no-referrer' },
];

/** The receipt's secret is its only key: the page is never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

/** Reads GET /v2/public/receipts/{file} (the secret); a French message for an unknown or not yet placed order. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<{ receipt: Receipt; secret: string } | { error: string }> {
  const secret = new URL(request.url).searchParams.get('commande') ?? '';
  if (!/^[0-9a-f]{32,128}$/.test(secret)) return { error: receiptAnswers.unknownReceipt };
  try {
    return { receipt: await serverApi(context).call(getReceipt, { params: { file: secret } }), secret };
  } catch (error) {
    if (error instanceof ApiCallError) return { error: error.message };
    throw error;
  }
}

function Row({ label, amount, strong = false, testId }: { label: string; amount: string; strong?: boolean; testId?: string }) {
  return (
    <p className={`flex justify-between gap-3 ${strong ? 'font-bold' : ''}`}>
      <span>{label}</span>
      <span data-testid={testId} className="whitespace-nowrap tabular-nums">
        {amount}
      </span>
    </p>
  );
}

/**
 * /recu?commande=<secret>: the order's receipt (or invoice), to read on screen, download as PDF,
 * or print on request (no paper by default: Code de l'environnement, art. L541-15-10).
 * docs/decisions/013-receipts.md.
 */
export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const prefix = useLocalePrefix();
  if ('error' in loaderData) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <div className="rounded-3xl bg-white p-6 text-center shadow-sm">
          <h1 className="text-2xl font-extrabold">{receiptPage.notFound}</h1>
          <p className="mt-2 text-ink/70" role="alert">
            {loaderData.error}
          </p>
          <Link to={`${prefix}/menu`} className={buttonClass('primary', 'mt-6 inline-block px-5 py-2.5')}>
            {receiptPage.backToMenu}
          </Link>
        </div>
      </div>
    );
  }
  const { receipt, secret } = loaderData;
  const invoice = receipt.kind === 'invoice';
  const { seller } = receipt;
  return (
    <div className="receipt-page mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <div className="receipt-actions mb-4 flex flex-wrap gap-2">
        <a
          href={routeUrl(getReceipt, { params: { file: `${secret}.pdf` } })}
          download
          data-testid="receipt-pdf"
          className={buttonClass('primary', 'inline-flex items-center gap-2 px-4 py-2.5')}
        >
          <Download size={18} aria-hidden />
          {receiptPage.downloadPdf}
        </a>
        <button type="button" onClick={() => window.print()} className={buttonClass('secondary', 'inline-flex items-center gap-2 px-4 py-2.5')}>
          <Printer size={18} aria-hidden />
          {receiptPage.print}
        </button>
      </div>
      <article className="receipt rounded-3xl bg-white p-5 shadow-sm sm:p-8" aria-labelledby="receipt-title">
        <header className="border-b border-black/10 pb-4">
          <p className="text-lg font-extrabold">{seller.name || seller.company_name}</p>
          {seller.company_name && seller.company_name !== seller.name ? <p className="text-sm">{seller.company_name}</p> : null}
          {seller.legal_form ? <p className="text-xs text-ink/70">{seller.legal_form}</p> : null}
          <p className="text-sm">{seller.address}</p>
          <p className="text-xs text-ink/70">
            {receiptPage.siretPrefix}
            {seller.siret || '—'}
            {receiptPage.vatPrefix}
            {seller.vat_number || '—'}
          </p>
          {seller.registration ? <p className="text-xs text-ink/70">{seller.registration}</p> : null}
        </header>

        <section className="border-b border-black/10 py-4">
          {receipt.duplicate ? (
            <p
              className="mb-2 inline-block rounded border-2 border-red-700 px-3 py-1 text-lg font-extrabold tracking-widest text-red-700"
              data-testid="receipt-duplicate"
            >
              {receipt.duplicate.label}
            </p>
          ) : null}
          <h1 id="receipt-title" className="text-2xl font-extrabold" data-testid="receipt-number">
            {invoice ? receiptPage.invoiceTitle(receipt.invoice_number) : receiptPage.receiptTitle(receipt.number)}
          </h1>
          {invoice ? <p className="text-xs text-ink/70">{receiptPage.receiptTitle(receipt.number)}</p> : null}
          <p className="text-sm">{receiptPage.orderOn(receipt.order_id, receipt.issued_at_label)}</p>
          <p className="text-sm text-ink/70">
            {receipt.order_type}, {receipt.schedule}
          </p>
          {receipt.customer_name ? <p className="text-sm">{receiptPage.customer(receipt.customer_name)}</p> : null}
          {receipt.business ? (
            <div className="mt-3 text-sm">
              <p className="font-semibold">{receiptPage.billedTo}</p>
              <p>{receipt.business.company_name}</p>
              <p>{receipt.business.address}</p>
              {receipt.business.siren ? <p>{receiptPage.siren(receipt.business.siren)}</p> : null}
              {receipt.business.vat_number ? <p>{receiptPage.vatNumberLine(receipt.business.vat_number)}</p> : null}
            </div>
          ) : null}
        </section>

        <ul className="divide-y divide-black/5 border-b border-black/10 text-sm" aria-label={receiptPage.lines}>
          {receipt.lines.map((line, index) => (
            <li key={index} className="py-2" data-testid="receipt-line">
              <p className="flex justify-between gap-3 font-semibold">
                <span>
                  {line.quantity} × {line.name}
                  {line.free ? receiptPage.freeMark : ''}
                </span>
                <span className="whitespace-nowrap tabular-nums">{formatEuros(line.amount)}</span>
              </p>
              <p className="text-xs text-ink/70">
                {line.details ? `${line.details} — ` : ''}
                {invoice ? receiptPage.ht(formatEuros(line.unit_price_ht)) : formatEuros(line.unit_price)}
                {receiptPage.unitVat}
                {formatRate(line.tax_rate)}
              </p>
            </li>
          ))}
        </ul>

        <section className="space-y-1 border-b border-black/10 py-3 text-sm">
          <Row label={receiptPage.subtotal} amount={formatEuros(receipt.subtotal)} />
          {receipt.reductions.map((reduction, index) => (
            <Row
              key={index}
              label={`${reduction.coupon ? receiptPage.coupon : receiptPage.discount} : ${reduction.name}`}
              amount={`−${formatEuros(reduction.amount)}`}
            />
          ))}
          {!receipt.is_pickup ? (
            <Row label={receiptPage.delivery} amount={receipt.delivery > 0 ? formatEuros(receipt.delivery) : receiptPage.freeOfCharge} />
          ) : null}
        </section>

        <section className="space-y-1 py-3 text-sm" aria-label={receiptPage.vat}>
          <Row label={receiptPage.totalExclTax} amount={formatEuros(receipt.total_ht)} testId="receipt-total-ht" />
          {receipt.tax_by_rate.map((t) => (
            <Row
              key={t.rate}
              label={receiptPage.vatOnBase(formatRate(t.rate), formatEuros(t.base_ht))}
              amount={formatEuros(t.tax)}
              testId={`receipt-tax-${t.rate}`}
            />
          ))}
          <Row label={receiptPage.totalInclTax} amount={formatEuros(receipt.total_ttc)} strong testId="receipt-total" />
        </section>

        <p className="border-t border-black/10 pt-3 text-sm">
          {receiptPage.paymentPrefix}
          {receipt.payment.method_label} — <strong>{receipt.payment.state_label}</strong>
        </p>
        <footer className="mt-3 space-y-1 text-xs text-ink/70">
          {receipt.mentions.map((mention) => (
            <p key={mention}>{mention}</p>
          ))}
        </footer>
      </article>
    </div>
  );
}
