import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import type { BoardOrder } from '@resto/contract/board';
import type { PaymentLinkAnswer } from '@resto/contract/payment-links';
import { paymentLinkPanel as t } from '@resto/copy/staff/payment-links';
import { formatDateTime } from '@resto/domain/format';
import { eurosToCents } from '@resto/domain/money';
import { paymentLinkDue } from '@resto/domain/payment-links';
import { orderActions } from '@resto/copy/staff/board';
import { buttonClass } from '../../components/ui/button.tsx';
import { isApiError } from '../../lib/api.ts';
import { createPaymentLink } from './board-api.ts';

/**
 * Whether « Envoyer un lien de paiement » applies to a board order (docs/decisions/038): the
 * server's own rule (paymentLinkDue) over what the board shows — not refused or cancelled,
 * something left to pay, not a card order still waiting for its checkout payment.
 */
export function paymentLinkApplies(order: Pick<BoardOrder, 'status' | 'payment_method' | 'payments'>): boolean {
  return paymentLinkDue(
    { status: order.status, paymentMethod: order.payment_method, totalCents: eurosToCents(order.payments.total) },
    eurosToCents(order.payments.paid),
  ).ok;
}

/**
 * A payment link made (POST …/payment-link): the text to paste into an SMS, with « Copier », and
 * where it was e-mailed. Shown in the board's order dialog and on the phone order screen.
 */
export function PaymentLinkShare({ link }: { link: PaymentLinkAnswer }) {
  const text = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.sms_text);
      setCopied('yes');
    } catch {
      // No clipboard for this page (permissions, an old browser): the selected text, copied the old way.
      text.current?.select();
      setCopied(document.execCommand('copy') ? 'yes' : 'failed');
    }
  };
  return (
    <div className="space-y-2" data-testid="payment-link">
      <label className="block text-sm font-semibold" htmlFor={`sms-${link.token}`}>
        {t.smsLabel}
      </label>
      <textarea
        id={`sms-${link.token}`}
        ref={text}
        readOnly
        rows={4}
        value={link.sms_text}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-xl border border-black/20 bg-white p-3 text-base"
        data-testid="payment-link-text"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('primary', 'inline-flex items-center gap-2 px-4 py-2.5')}
          onClick={() => void copy()}
          data-testid="payment-link-copy"
        >
          {copied === 'yes' ? <Check size={18} aria-hidden /> : <Copy size={18} aria-hidden />}
          <span aria-live="polite">{copied === 'yes' ? t.copied : t.copy}</span>
        </button>
        <span className="text-sm text-ink/70">{t.validUntil(formatDateTime(new Date(link.expires_at)))}</span>
      </div>
      {copied === 'failed' ? <p className="text-sm font-semibold text-red-800">{t.copyFailed}</p> : null}
      <p
        role="status"
        className={`rounded-xl p-3 font-semibold ${link.emailed_to ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
        data-testid="payment-link-emailed"
      >
        {link.emailed_to ? t.emailedTo(link.emailed_to) : t.notEmailed}
      </p>
    </div>
  );
}

/**
 * « Envoyer un lien de paiement » in the board's order dialog, for an order with something left to
 * pay (paymentLinkApplies): makes the link (or gets the same one again) and shows it to share.
 */
export function PaymentLinkAction({ order }: { order: BoardOrder }) {
  const [link, setLink] = useState<PaymentLinkAnswer | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!paymentLinkApplies(order)) return null;
  const make = async () => {
    if (working) return;
    setWorking(true);
    setError(null);
    try {
      setLink(await createPaymentLink(order.order_id));
    } catch (failure) {
      setError(isApiError(failure) && failure.code !== 'network' ? failure.message : orderActions.actionFailed);
    } finally {
      setWorking(false);
    }
  };
  if (link)
    return (
      <section className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-black/10" aria-labelledby="payment-link-title" data-testid="payment-link-panel">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="payment-link-title" className="text-lg font-black">
            {t.title(order.order_id)}
          </h3>
          <button type="button" className={buttonClass('secondary', 'px-3 py-1.5 text-sm')} onClick={() => setLink(null)}>
            {t.close}
          </button>
        </div>
        <PaymentLinkShare link={link} />
      </section>
    );
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={buttonClass('secondary', 'px-4 py-3 text-base font-bold')}
        disabled={working}
        aria-busy={working}
        onClick={() => void make()}
        data-testid="send-payment-link"
      >
        {working ? t.working : t.send}
      </button>
      {error ? (
        <p role="alert" className="rounded-xl bg-red-100 p-3 font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
